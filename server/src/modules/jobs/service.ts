import type { Job, JobSchedule as JobScheduleRow, JobStatus, ListQuery } from "@store/contract";
import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { toWireTimestamp } from "../../db/columns";
import { jobs } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, mapPage, type Page, readPage } from "../../lib/lists";
import { type JobSchedule, ticksOf } from "./schedules";

/** A job as /jobs shows it: its progress as one pair, never its payload or its holder. */
const jobColumns = {
  job_id: jobs.job_id,
  kind: jobs.kind,
  key: jobs.key,
  status: jobs.status,
  tries: jobs.tries,
  max_tries: jobs.max_tries,
  run_at: jobs.run_at,
  started_at: jobs.started_at,
  finished_at: jobs.finished_at,
  last_error: jobs.last_error,
  progress_done: jobs.progress_done,
  progress_total: jobs.progress_total,
  created_at: jobs.created_at,
};
type JobRow = Omit<Job, "progress"> & { progress_done: number; progress_total: number };

/**
 * The jobs, newest first. A simple list: finished jobs are pruned after
 * JOBS_KEPT_DAYS (queue.ts), so it holds a month of the store's work, and its
 * filters (status, kind) are few-valued.
 */
const listSpec = defineList({
  search: [jobs.kind, jobs.key],
  fields: fieldsOf(jobColumns),
  defaultOrder: { by: jobs.job_id, order: "desc" },
  key: jobs.job_id,
});

const asJob = ({ progress_done, progress_total, ...row }: JobRow): Job => ({
  ...row,
  progress: { done: progress_done, total: progress_total },
});

/** A job row as GET jobs answers it (the payload, result and holder left out). */
export function jobRecord(row: typeof jobs.$inferSelect): Job {
  const picked = Object.fromEntries(
    Object.keys(jobColumns).map((name) => [name, row[name as keyof typeof jobColumns]]),
  ) as JobRow;
  return asJob(picked);
}

export async function listJobs(db: Tx, query: ListQuery): Promise<Page<Job>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: jobs,
    rows: (where, orderBy) =>
      db
        .select(jobColumns)
        .from(jobs)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.job_id,
  });
  return page.export
    ? (page as unknown as Page<Job>)
    : mapPage(page, async (rows) => rows.map(asJob));
}

/** A job's state as its audit row records it. */
const auditedState = (row: { kind: string; key: string; status: string; tries: number }) => ({
  kind: row.kind,
  key: row.key,
  status: row.status,
  tries: row.tries,
});

/**
 * Changes one job from the one state `from` allows, with its audit row, in one
 * transaction; 409 `code` when the job is in another state (a second person's
 * click, or the runner's, came first).
 */
async function moveJob(
  db: Db,
  actor: Actor,
  jobId: number,
  move: {
    from: JobStatus;
    set: Partial<typeof jobs.$inferInsert> | Record<string, unknown>;
    refuse: (status: string) => ReturnType<typeof conflict>;
  },
): Promise<Job> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobs).where(eq(jobs.job_id, jobId)).for("update");
    if (!current) throw notFound("Job");
    if (current.status !== move.from) throw move.refuse(current.status);
    const [moved] = await tx
      .update(jobs)
      .set(move.set)
      .where(eq(jobs.job_id, jobId))
      .returning(jobColumns);
    if (!moved) throw notFound("Job");
    await recordAudit(tx, actor, {
      entity: "Job",
      entityId: jobId,
      action: "update",
      before: auditedState(current),
      after: auditedState(moved),
    });
    return asJob(moved);
  });
}

/** A failed job queued again, due now, with its tries counted anew. */
export const retryJob = (db: Db, actor: Actor, jobId: number) =>
  moveJob(db, actor, jobId, {
    from: "failed",
    set: {
      status: "queued",
      tries: 0,
      run_at: sql`date_trunc('second', now())`,
      finished_at: null,
    },
    refuse: (status) =>
      conflict(
        "job_not_failed",
        { status },
        `This job is ${status}; only a failed job can be retried.`,
      ),
  });

/** A queued job that will not run. */
export const cancelJob = (db: Db, actor: Actor, jobId: number) =>
  moveJob(db, actor, jobId, {
    from: "queued",
    set: { status: "canceled", finished_at: sql`now()` },
    refuse: (status) =>
      conflict(
        "job_not_queued",
        { status },
        `This job is ${status}; only a queued job can be canceled.`,
      ),
  });

/**
 * The schedules of this server, each with its next tick and its latest
 * tick's job (the newest job of its kind keyed by a tick).
 */
export async function listJobSchedules(
  db: Tx,
  schedules: readonly JobSchedule[],
  timeZone: string,
  now = new Date(),
): Promise<JobScheduleRow[]> {
  const kinds = schedules.map((schedule) => schedule.kind);
  const latest = kinds.length
    ? await db
        .selectDistinctOn([jobs.kind], {
          kind: jobs.kind,
          key: jobs.key,
          status: jobs.status,
        })
        .from(jobs)
        .where(and(inArray(jobs.kind, kinds), like(jobs.key, "tick:%")))
        .orderBy(jobs.kind, desc(jobs.job_id))
    : [];
  return schedules.map((schedule) => {
    const ticks = ticksOf(schedule, timeZone);
    const last = latest.find((row) => row.kind === schedule.kind);
    const next = ticks.next(now);
    return {
      name: schedule.kind,
      cron: ticks.text,
      time_zone: timeZone,
      next_run_at: next ? toWireTimestamp(next) : null,
      last_run_at: last ? toWireTimestamp(new Date(last.key.slice("tick:".length))) : null,
      last_status: last ? (last.status as JobStatus) : null,
    };
  });
}
