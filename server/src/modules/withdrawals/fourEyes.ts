/**
 * Four-eyes payouts (docs/decisions/four-eyes-payouts.md): approving a request
 * above the store's second-approval amount (settings record 1,
 * payout_second_approval_above; null is off) takes two different holders of
 * payouts:manage, each with a fresh step-up. The first approval is recorded on
 * the request (first_approved_by / first_approved_at) and moves no money; the
 * second completes it as a single approval would.
 */

import { toSen } from "@store/contract";
import { eq } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Tx } from "../../db/client";
import { settings } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { conflict } from "../../lib/errors";

/** Who decides a request: the person, and when their session last gave a fresh proof. */
export type Approver = Actor & Pick<SessionCaller, "step_up_at">;

/** What an approval of this request is: the only one, the first of two, or the second. */
export type ApprovalStage = "single" | "first" | "second";

/** The amount above which an approval takes two people, or null when that rule is off. */
async function secondApprovalAbove(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ above: settings.payout_second_approval_above })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return row?.above ?? null;
}

/**
 * The stage of an approval of a processing request, read on the row locked
 * FOR UPDATE by the caller's transaction (so of two racing approvers the
 * second sees the first one's approval). Above the amount the approver must
 * have stepped up, and may not be the one who approved first.
 */
export async function approvalStage(
  tx: Tx,
  approver: Approver,
  request: { withdraw_amt: string; first_approved_by: number | null },
): Promise<ApprovalStage> {
  const above = await secondApprovalAbove(tx);
  if (above === null || toSen(request.withdraw_amt) <= toSen(above)) return "single";
  requireStepUp(approver);
  if (request.first_approved_by === null) return "first";
  if (request.first_approved_by === approver.user_id) {
    throw conflict(
      "second_approval_same_person",
      {},
      "You approved this payout already. A second, different person must approve it.",
    );
  }
  return "second";
}
