/**
 * Four-eyes payouts (docs/decisions/four-eyes-payouts.md): approving a request
 * above the store's second-approval amount (settings record 1,
 * payout_second_approval_above; null is off) takes two different holders of
 * payouts:manage, each with a fresh step-up. The first approval is recorded on
 * the request (first_approved_by / first_approved_at) and moves no money; the
 * second completes it as a single approval would. It cannot be dodged: a
 * request approved once needs a second person whatever the amount says later,
 * and one person's approvals of one member within a day count together.
 */

import { fromSen, type PayoutApproval, type PayoutApprovals, toSen } from "@store/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Tx } from "../../db/client";
import { settings, withdrawRequests } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { conflict } from "../../lib/errors";

/** Who decides a request: the person, and when their session last gave a fresh proof. */
export type Approver = Actor & Pick<SessionCaller, "step_up_at">;

/** What an approval of this request is: the only one, the first of two, or the second. */
export type ApprovalStage = "single" | "first" | "second";

/** The request as a stage is worked out from it. */
export interface Approvable {
  withdraw_id: number;
  user_id: number | null;
  withdraw_amt: string;
  first_approved_by: number | null;
}

/** The window in which one person's approvals of one member count together. */
const DAY = sql`interval '1 day'`;

/** The amount above which an approval takes two people, or null when that rule is off. */
export async function secondApprovalAbove(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ above: settings.payout_second_approval_above })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return row?.above ?? null;
}

/**
 * What `approverId` paid to the member alone (no first approval by another)
 * in the last 24 hours, in sen: the approver of a completed request is the
 * actor of its `withdrawal` ledger entry.
 */
async function approvedAloneToday(tx: Tx, approverId: number, userId: number): Promise<bigint> {
  const result = await tx.execute<{ total: string }>(sql`
    select coalesce(sum(r.withdraw_amt), 0)::numeric(14,2)::text as total
    from ${withdrawRequests} r
    where r.user_id = ${userId} and r.withdraw_status = 'completed'
      and r.first_approved_by is null and r."cashOut_at" > now() - ${DAY}
      and exists (select 1 from wallet_ledger l where l.ref_type = 'withdrawal'
        and l.ref_id = r.withdraw_id and l.reason = 'withdrawal' and l.actor_id = ${approverId})`);
  return toSen(result.rows[0]?.total ?? "0");
}

/**
 * What an approval by `approverId` would be, and why: a request approved
 * once is always completed by a second person; above the amount, or bringing
 * what the approver paid the member alone within a day above it (`earlier`:
 * sen approved alone before this one in the same call), it is a first.
 */
export async function stageFor(
  tx: Tx,
  approverId: number,
  request: Approvable,
  earlier = 0n,
): Promise<
  Pick<PayoutApproval, "reason" | "day_total"> & {
    stage: Exclude<PayoutApproval["stage"], "decided">;
  }
> {
  if (request.first_approved_by !== null) {
    return {
      stage: request.first_approved_by === approverId ? "same_person" : "second",
      reason: "first_approved",
      day_total: null,
    };
  }
  const above = await secondApprovalAbove(tx);
  if (above === null) return { stage: "single", reason: null, day_total: null };
  const amount = toSen(request.withdraw_amt);
  if (amount > toSen(above)) return { stage: "first", reason: "amount", day_total: null };
  if (request.user_id === null) return { stage: "single", reason: null, day_total: null };
  const total = (await approvedAloneToday(tx, approverId, request.user_id)) + earlier + amount;
  return total > toSen(above)
    ? { stage: "first", reason: "day_total", day_total: fromSen(total) }
    : { stage: "single", reason: null, day_total: null };
}

/**
 * The stage of an approval of a processing request, read on the row locked
 * FOR UPDATE by the caller's transaction, with the member's cash wallet
 * locked too (so of two racing approvers the second sees the first one's
 * approval, and one person's approvals of one member are summed one at a
 * time). A first or second approval needs a fresh step-up, and the second
 * may not be the one who approved first.
 */
export async function approvalStage(
  tx: Tx,
  approver: Approver,
  request: Approvable,
): Promise<ApprovalStage> {
  const { stage } = await stageFor(tx, approver.user_id, request);
  if (stage === "single") return "single";
  // Said before the step-up: no proof would let this person approve it.
  if (stage === "same_person") {
    throw conflict(
      "second_approval_same_person",
      {},
      "You approved this payout already. A second, different person must approve it.",
    );
  }
  requireStepUp(approver);
  return stage;
}

/**
 * What approving these requests, in this order, would be for the approver
 * (GET withdrawRequest/approvals, and a bulk approve before it starts): each
 * request approved alone counts towards the next one of the same member.
 * A read, not locked: the approvals themselves decide under their locks.
 */
export async function previewApprovals(
  tx: Tx,
  approverId: number,
  ids: number[],
): Promise<PayoutApprovals> {
  const above = await secondApprovalAbove(tx);
  const rows = await tx
    .select({
      withdraw_id: withdrawRequests.withdraw_id,
      user_id: withdrawRequests.user_id,
      withdraw_amt: withdrawRequests.withdraw_amt,
      first_approved_by: withdrawRequests.first_approved_by,
      withdraw_status: withdrawRequests.withdraw_status,
    })
    .from(withdrawRequests)
    .where(inArray(withdrawRequests.withdraw_id, ids));
  const byId = new Map(rows.map((row) => [row.withdraw_id, row]));
  const earlier = new Map<number, bigint>();
  const approvals: PayoutApproval[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    if (row.withdraw_status !== "processing") {
      approvals.push({ withdraw_id: id, stage: "decided", reason: null, day_total: null });
      continue;
    }
    const member = row.user_id ?? 0;
    const stage = await stageFor(tx, approverId, row, earlier.get(member) ?? 0n);
    if (stage.stage === "single") {
      earlier.set(member, (earlier.get(member) ?? 0n) + toSen(row.withdraw_amt));
    }
    approvals.push({ withdraw_id: id, ...stage });
  }
  return {
    above,
    step_up: approvals.some((a) => a.stage === "first" || a.stage === "second"),
    approvals,
  };
}
