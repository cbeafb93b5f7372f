/**
 * Closing a commission period (docs/decisions/commission-plans.md):
 * calculate (a job: the period's figures from its orders' ledger entries),
 * approve (four-eyes above the second-approval amount, as payouts) and
 * release (a job: each member's held amounts to their cash wallet and PV, one
 * transaction per member). A period's figures never change after approval;
 * a later reversal of one of its orders is taken from the live balances.
 */
import { randomUUID } from "node:crypto";
import type { CommissionPeriod, CommissionPeriodRun } from "@store/contract";
import { toSen } from "@store/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { commissionPeriodMembers, commissionPeriods, jobs } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { enqueueJob } from "../jobs/queue";
import type { JobContext } from "../jobs/runner";
import { jobRecord } from "../jobs/service";
import { secondApprovalAbove } from "../ledger/fourEyes";
import { earlierOpen, lockPeriod, type PeriodRow, periodRecord } from "./periods";
import { readPlan } from "./plan";
import { qualifyRanks } from "./ranks";

export const PERIOD_CALCULATE_JOB = "commissions.calculate";
export const PERIOD_RELEASE_JOB = "commissions.release";

/** What a period job is given: the period, and who asked (the actor of its entries). */
interface PeriodJobPayload {
  period_id: number;
  actor: Actor;
}

const versioned = (row: PeriodRow) => ({ entity: "CommissionPeriod", id: row.period_id, row });

/** 409 while the period's calculation or release is queued or running. */
async function requireIdle(tx: Tx, row: PeriodRow): Promise<void> {
  if (row.job_id === null) return;
  const [job] = await tx
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.job_id, row.job_id));
  if (job?.status === "queued" || job?.status === "running") {
    throw conflict(
      "commission_period_running",
      {},
      "This period's calculation or release is already running.",
    );
  }
}

/** What each step takes of a period: the states it starts from, and the refusal otherwise. */
const STEPS = {
  calculate: {
    from: ["open", "calculated"],
    code: "commission_period_not_open",
    only: "an open or calculated period can be calculated",
  },
  approve: {
    from: ["calculated"],
    code: "commission_period_not_calculated",
    only: "a calculated period can be approved",
  },
  release: {
    from: ["approved"],
    code: "commission_period_not_approved",
    only: "an approved period can be released",
  },
} as const;

/** The period locked for a step: at the version the caller was shown, in a state the step starts from, no job running. */
async function periodForStep(
  tx: Tx,
  step: keyof typeof STEPS,
  periodId: number,
  expected: number | undefined,
): Promise<PeriodRow> {
  const period = await lockPeriod(tx, periodId);
  await requireVersion(tx, versioned(period), expected);
  const rule = STEPS[step];
  if (!(rule.from as readonly string[]).includes(period.status)) {
    throw conflict(
      rule.code,
      { status: period.status },
      `This period is ${period.status}; only ${rule.only}.`,
    );
  }
  await requireIdle(tx, period);
  return period;
}

/** Enqueues the period's job and marks the period as running it, in the caller's transaction. */
async function startJob(
  tx: Tx,
  actor: Actor,
  before: PeriodRow,
  kind: string,
  change: { status?: "calculated"; calculated_at?: SQL },
): Promise<CommissionPeriodRun> {
  const payload: PeriodJobPayload = { period_id: before.period_id, actor };
  const { job_id } = await enqueueJob(tx, { kind, key: randomUUID(), payload, maxTries: 3 });
  const [after] = await tx
    .update(commissionPeriods)
    .set({ ...change, job_id, updated_at: sql`now()` })
    .where(eq(commissionPeriods.period_id, before.period_id))
    .returning();
  if (!after) throw new Error("The commission period was not updated.");
  await recordAudit(tx, actor, {
    entity: "CommissionPeriod",
    entityId: before.period_id,
    action: "update",
    before,
    after,
  });
  const [job] = await tx.select().from(jobs).where(eq(jobs.job_id, job_id));
  if (!job) throw new Error(`job ${job_id} not found after its insert`);
  return { period: periodRecord(after), job: jobRecord(job) };
}

/**
 * POST commissionPeriods/{id}/calculate: an open period (or a calculated one,
 * again) whose earlier periods are closed and whose orders' holds have ended.
 * The period stops taking orders at once; its figures follow from the job.
 */
export async function startCalculation(
  db: Db,
  actor: Actor,
  periodId: number,
  expected: number | undefined,
): Promise<CommissionPeriodRun> {
  return db.transaction(async (tx) => {
    const period = await periodForStep(tx, "calculate", periodId, expected);
    const earlier = await earlierOpen(tx, period);
    if (earlier) {
      throw conflict(
        "commission_period_earlier_open",
        { starts_on: earlier.starts_on },
        `The period starting ${earlier.starts_on} is still open; periods are closed in order.`,
      );
    }
    const { hold_days } = await readPlan(tx);
    // No hold, nothing to wait for (decided_at is rounded to the second, maybe up).
    const [hold] = (
      await tx.execute<{ ends: string | null }>(sql`
        select to_char(max(decided_at) + make_interval(days => ${hold_days}), 'YYYY-MM-DD HH24:MI:SS') as ends
        from order_commissions
        where period_id = ${periodId} and held and ${hold_days} > 0
        having max(decided_at) + make_interval(days => ${hold_days}) > now()`)
    ).rows;
    if (hold?.ends) {
      throw conflict(
        "commission_period_in_hold",
        { date: hold.ends },
        `Orders of this period are still within their hold; it can be calculated from ${hold.ends}.`,
      );
    }
    return startJob(tx, actor, period, PERIOD_CALCULATE_JOB, {
      status: "calculated",
      calculated_at: sql`coalesce(${commissionPeriods.calculated_at}, now())`,
    });
  });
}

/**
 * The calculation: per member, what the period's orders hold for them (held
 * money and PV, and what was paid at once under the default rule), and the
 * period's totals. One statement each, in one transaction: a re-run over the
 * same entries gives the same figures.
 */
export async function calculatePeriod(
  db: Db,
  { job, progress }: JobContext,
): Promise<CommissionPeriod> {
  const { period_id: periodId } = job.payload as PeriodJobPayload;
  await progress(0, 1);
  // Progress only outside the transaction: the embedded store has one connection.
  const period = await db.transaction(async (tx) => {
    await tx.delete(commissionPeriodMembers).where(eq(commissionPeriodMembers.period_id, periodId));
    // Per member: what the period's orders hold for them (held money, held PV, and
    // what the default rule paid at once), and the corrections counted in it.
    await tx.execute(sql`
      insert into commission_period_members (period_id, user_id, amount, held, held_pv)
      select ${periodId}, user_id, sum(amount), sum(held), sum(held_pv) from (
        select e.user_id,
          case when e.account = 'held' or (not c.held and e.account = 'cash_wallet'
            and e.reason in ('commission', 'commission_reversal')) then e.amount else 0 end as amount,
          case when e.account = 'held' then e.amount else 0 end as held,
          case when e.account = 'held_pv' then e.amount else 0 end as held_pv
        from order_commissions c
        join wallet_ledger e on e.ref_type = 'order' and e.ref_id = c.orders_id
        where c.period_id = ${periodId}
        union all
        select user_id, amount, 0, 0 from commission_adjustments where period_id = ${periodId}
      ) moved
      group by user_id
      having sum(amount) <> 0 or sum(held) <> 0 or sum(held_pv) <> 0`);
    const [after] = await tx
      .update(commissionPeriods)
      .set({
        total: sql`(select coalesce(sum(amount), 0) from commission_period_members where period_id = ${periodId})`,
        members: sql`(select count(*)::int from commission_period_members where period_id = ${periodId} and amount <> 0)`,
        orders: sql`(select count(*)::int from order_commissions c join orders o on o.orders_id = c.orders_id
          where c.period_id = ${periodId} and o.order_status = 6)`,
        sales: sql`(select coalesce(sum(o.total_price), 0) from order_commissions c join orders o on o.orders_id = c.orders_id
          where c.period_id = ${periodId} and o.order_status = 6)`,
        job_id: null,
        updated_at: sql`now()`,
      })
      .where(eq(commissionPeriods.period_id, periodId))
      .returning();
    if (!after) throw new Error(`commission period ${periodId} is gone`);
    await qualifyRanks(tx, periodId, await readPlan(tx));
    return periodRecord(after);
  });
  await progress(1, 1);
  return period;
}

/**
 * POST commissionPeriods/{id}/approve: a calculated period. Above the
 * second-approval amount it takes two different people, each with a fresh
 * step-up: the first is recorded (`first: true`, answered 202), the second
 * approves.
 */
export async function approvePeriod(
  db: Db,
  approver: Actor & Pick<SessionCaller, "step_up_at">,
  periodId: number,
  expected: number | undefined,
): Promise<{ period: CommissionPeriod; first: boolean }> {
  return db.transaction(async (tx) => {
    const before = await periodForStep(tx, "approve", periodId, expected);
    const above = await secondApprovalAbove(tx);
    const needsTwo =
      before.first_approved_by !== null || (above !== null && toSen(before.total) > toSen(above));
    if (before.first_approved_by === approver.user_id) {
      throw conflict(
        "second_approval_same_person",
        {},
        "You approved this payout already. A second, different person must approve it.",
      );
    }
    if (needsTwo) requireStepUp(approver);
    const first = needsTwo && before.first_approved_by === null;
    const change = first
      ? { first_approved_by: approver.user_id, first_approved_username: approver.username }
      : {
          status: "approved" as const,
          approved_by: approver.user_id,
          approved_username: approver.username,
          approved_at: sql`now()`,
        };
    const [after] = await tx
      .update(commissionPeriods)
      .set({ ...change, updated_at: sql`now()` })
      .where(eq(commissionPeriods.period_id, periodId))
      .returning();
    if (!after) throw new Error("The commission period was not updated.");
    await recordAudit(tx, approver, {
      entity: "CommissionPeriod",
      entityId: periodId,
      action: "update",
      before,
      after,
    });
    return { period: periodRecord(after), first };
  });
}

/** POST commissionPeriods/{id}/release: an approved period; the job credits its members. */
export async function startRelease(
  db: Db,
  actor: Actor,
  periodId: number,
  expected: number | undefined,
): Promise<CommissionPeriodRun> {
  return db.transaction(async (tx) => {
    const period = await periodForStep(tx, "release", periodId, expected);
    return startJob(tx, actor, period, PERIOD_RELEASE_JOB, {});
  });
}
