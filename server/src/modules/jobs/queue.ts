import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { jobs } from "../../db/schema";

/**
 * The durable job queue (docs/decisions/jobs.md): a table in the store's own
 * database, on both engines. A job is enqueued in the transaction of the
 * change that causes it, taken by one server at a time (FOR UPDATE SKIP
 * LOCKED), held for a timeout that its progress extends, and retried with
 * backoff until its tries run out.
 */

export type Job = typeof jobs.$inferSelect;

/**
 * Now, to the second below: the columns keep whole seconds and round to the
 * nearest, so a job due "now" could otherwise be due half a second later.
 */
const NOW = sql`date_trunc('second', now())`;

/** The first retry waits this long; each next one twice as long, up to RETRY_MOST_SECONDS. */
export const RETRY_FIRST_SECONDS = 5;
export const RETRY_MOST_SECONDS = 3600;

/**
 * Enqueues a job in `tx` (rolled back, it leaves none). Its kind and key name
 * its one effect: the same again is the job already there.
 */
export async function enqueueJob(
  tx: Tx,
  job: {
    kind: string;
    key: string;
    payload?: unknown;
    maxTries?: number;
    /** Not before this many seconds from now. */
    afterSeconds?: number;
  },
): Promise<{ job_id: number; created: boolean }> {
  const [created] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      ...(job.maxTries ? { max_tries: job.maxTries } : {}),
      ...(job.afterSeconds
        ? { run_at: sql`${NOW} + make_interval(secs => ${job.afterSeconds})` }
        : {}),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ job_id: jobs.job_id });
  if (created) return { job_id: created.job_id, created: true };
  const [kept] = await tx
    .select({ job_id: jobs.job_id })
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), eq(jobs.key, job.key)));
  if (!kept) throw new Error(`job ${job.kind}/${job.key} neither inserted nor found`);
  return { job_id: kept.job_id, created: false };
}

/**
 * Enqueues several jobs in `tx` in one statement (a batch's messages); each
 * already there (its kind and key) is kept as it is.
 */
export async function enqueueJobs(
  tx: Tx,
  list: { kind: string; key: string; payload?: unknown; maxTries?: number }[],
): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        key: job.key,
        payload: job.payload ?? {},
        ...(job.maxTries ? { max_tries: job.maxTries } : {}),
      })),
    )
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}

/**
 * Jobs whose server stopped answering (their hold ran out while running)
 * go back to the queue, or fail when their tries are spent.
 */
export async function takeBackStuck(db: Tx): Promise<number> {
  const taken = await db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.tries} >= ${jobs.max_tries} then 'failed' else 'queued' end`,
      last_error: "Taken back: the server running it stopped answering.",
      finished_at: sql`case when ${jobs.tries} >= ${jobs.max_tries} then now() end`,
      run_at: NOW,
      lock_until: null,
      locked_by: null,
    })
    .where(and(eq(jobs.status, "running"), sql`${jobs.lock_until} < now()`))
    .returning({ job_id: jobs.job_id });
  return taken.length;
}

/**
 * Takes the next due job of `kinds` for `worker`, held for `holdSeconds`.
 * Its plan must not wait on statistics (PGlite runs no autovacuum): without
 * them PostgreSQL would sort every queued job of the kinds (docs/BENCHMARKS.md,
 * "Jobs"); no sort leaves the due index's own order, one row read.
 */
export async function claimJob(
  db: Db,
  worker: string,
  kinds: readonly string[],
  holdSeconds: number,
): Promise<Job | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return takeDue(tx, worker, kinds, holdSeconds);
  });
}

async function takeDue(
  db: Tx,
  worker: string,
  kinds: readonly string[],
  holdSeconds: number,
): Promise<Job | undefined> {
  const [job] = await db
    .update(jobs)
    .set({
      status: "running",
      tries: sql`${jobs.tries} + 1`,
      started_at: sql`now()`,
      lock_until: sql`now() + make_interval(secs => ${holdSeconds})`,
      locked_by: worker,
    })
    .where(
      eq(
        jobs.job_id,
        sql`(select job_id from jobs where status = 'queued' and run_at <= now()
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          order by run_at, job_id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return job;
}

const held = (jobId: number, worker: string) =>
  and(eq(jobs.job_id, jobId), eq(jobs.status, "running"), eq(jobs.locked_by, worker));

/** Records progress and extends the hold; false when the job is no longer this worker's. */
export async function reportProgress(
  db: Tx,
  jobId: number,
  worker: string,
  progress: { done: number; total: number },
  holdSeconds: number,
): Promise<boolean> {
  const kept = await db
    .update(jobs)
    .set({
      progress_done: progress.done,
      progress_total: progress.total,
      lock_until: sql`now() + make_interval(secs => ${holdSeconds})`,
    })
    .where(held(jobId, worker))
    .returning({ job_id: jobs.job_id });
  return kept.length > 0;
}

export async function completeJob(
  db: Tx,
  jobId: number,
  worker: string,
  result: unknown,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: "done",
      result: result ?? null,
      finished_at: sql`now()`,
      lock_until: null,
      locked_by: null,
      last_error: null,
    })
    .where(held(jobId, worker));
}

/** A failed try: queued again after its backoff, or failed when its tries are spent. */
export async function failJob(db: Tx, jobId: number, worker: string, error: string): Promise<void> {
  const spent = sql`${jobs.tries} >= ${jobs.max_tries}`;
  await db
    .update(jobs)
    .set({
      status: sql`case when ${spent} then 'failed' else 'queued' end`,
      run_at: sql`now() + make_interval(secs => least(${RETRY_FIRST_SECONDS} * power(2, ${jobs.tries} - 1), ${RETRY_MOST_SECONDS}))`,
      finished_at: sql`case when ${spent} then now() end`,
      last_error: error.slice(0, 2000),
      lock_until: null,
      locked_by: null,
    })
    .where(held(jobId, worker));
}

/** A job this worker gives back unfinished (the server is stopping): due again now, the try not counted. */
export async function releaseJob(db: Tx, jobId: number, worker: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: "queued",
      tries: sql`greatest(${jobs.tries} - 1, 0)`,
      run_at: NOW,
      lock_until: null,
      locked_by: null,
    })
    .where(held(jobId, worker));
}

/** Finished jobs are kept this long for /jobs, then pruned (JOB_PRUNE_JOB, every night). */
export const JOBS_KEPT_DAYS = 30;
export const JOB_PRUNE_JOB = "jobs.prune";

/** Deletes the jobs that finished (done, failed or canceled) more than JOBS_KEPT_DAYS ago. */
export async function pruneJobs(db: Tx): Promise<number> {
  const pruned = await db
    .delete(jobs)
    .where(
      and(
        sql`${jobs.status} in ('done', 'failed', 'canceled')`,
        sql`${jobs.finished_at} < now() - make_interval(days => ${JOBS_KEPT_DAYS})`,
      ),
    )
    .returning({ job_id: jobs.job_id });
  return pruned.length;
}
