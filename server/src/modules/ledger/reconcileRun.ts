import { randomUUID } from "node:crypto";
import type { ReconcileReport, ReconcileRun } from "@store/contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { jobs } from "../../db/schema";
import { enqueueJob, type Job } from "../jobs/queue";
import type { JobContext } from "../jobs/runner";
import { accountTotals, balanceMismatches, type IdRange, orderMismatches } from "./reconcile";

/**
 * The reconcile of every balance and order as a job (docs/decisions/jobs.md,
 * "Reconcile"): at a million orders the check takes seconds, so it runs a
 * part at a time, each part in one read-only snapshot, with its progress; the
 * report is the job's result, and the dashboard shows the last one.
 */
export const RECONCILE_JOB = "reconcile";

/** Member or order ids a part checks. */
export const RECONCILE_PART = 100_000;

function partsOf(highest: number): IdRange[] {
  const parts: IdRange[] = [];
  for (let from = 1; from <= highest; from += RECONCILE_PART)
    parts.push({ from, to: from + RECONCILE_PART - 1 });
  return parts;
}

/** The job's work: members by id, orders by id, then the account totals. */
export async function runReconcile(
  db: Db,
  { progress }: Pick<JobContext, "progress">,
): Promise<ReconcileReport> {
  const [highest] = (
    await db.execute<{ users: number; orders: number }>(sql`select
      (select coalesce(max(user_id), 0)::int from users) as users,
      (select coalesce(max(orders_id), 0)::int from orders) as orders`)
  ).rows;
  const memberParts = partsOf(Number(highest?.users ?? 0));
  const orderParts = partsOf(Number(highest?.orders ?? 0));
  const total = memberParts.length + orderParts.length + 1;
  let done = 0;
  const report: ReconcileReport = {
    wallets_checked: 0,
    mismatches: [],
    orders_checked: 0,
    order_mismatches: [],
    account_totals: [],
  };
  const inSnapshot = <T>(check: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      return check(tx);
    });
  await progress(done, total);
  for (const part of memberParts) {
    const found = await inSnapshot((tx) => balanceMismatches(tx, part));
    report.wallets_checked += found.checked;
    report.mismatches.push(...found.mismatches);
    await progress(++done, total);
  }
  for (const part of orderParts) {
    const found = await inSnapshot((tx) => orderMismatches(tx, part));
    report.orders_checked += found.checked;
    report.order_mismatches.push(...found.mismatches);
    await progress(++done, total);
  }
  report.account_totals = await inSnapshot((tx) => accountTotals(tx));
  await progress(++done, total);
  return report;
}

function asRun(job: Job): ReconcileRun {
  return {
    job_id: job.job_id,
    status: job.status,
    progress: { done: job.progress_done, total: job.progress_total },
    started_at: job.started_at,
    finished_at: job.finished_at,
    last_error: job.last_error,
    report: job.status === "done" ? (job.result as ReconcileReport) : null,
  };
}

/** The last run asked for, whatever its state; undefined when none ever was. */
export async function latestReconcileRun(db: Db): Promise<ReconcileRun | undefined> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, RECONCILE_JOB))
    .orderBy(desc(jobs.job_id))
    .limit(1);
  return job && asRun(job);
}

/**
 * Asks for a run: the one queued or running already, if any (the check is
 * read-only: two asked at once at worst run twice).
 */
export async function startReconcileRun(db: Db): Promise<{ run: ReconcileRun; created: boolean }> {
  const [pending] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, RECONCILE_JOB), inArray(jobs.status, ["queued", "running"])))
    .orderBy(desc(jobs.job_id))
    .limit(1);
  if (pending) return { run: asRun(pending), created: false };
  const { job_id } = await enqueueJob(db, {
    kind: RECONCILE_JOB,
    key: randomUUID(),
    maxTries: 3,
  });
  const [job] = await db.select().from(jobs).where(eq(jobs.job_id, job_id));
  if (!job) throw new Error(`reconcile job ${job_id} not found after its insert`);
  return { run: asRun(job), created: true };
}
