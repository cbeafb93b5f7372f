/**
 * What a member hears of their withdrawal (issue 41, docs/decisions/messages.md):
 * approved, paid (the bank's answer to its payout batch), rejected, reversed
 * (by Reverse or a failed bank line), each written to the outbox in the
 * transaction of that step. A request takes each step once, so the step names
 * the message: the same step again is the message already there.
 */
import type { Tx } from "../../db/client";
import { queueMessage, recipientOf } from "../messages/outbox";

export type WithdrawalEvent =
  | "withdrawal_approved"
  | "withdrawal_paid"
  | "withdrawal_rejected"
  | "withdrawal_reversed";

interface Request {
  withdraw_id: number;
  user_id: number | null;
  withdraw_amt: string;
  bank_name: string;
  bank_acc: string;
}

/** The account number with only its last four characters shown: an e-mail is no place for it whole. */
export function maskedAccount(account: string): string {
  const plain = account.replace(/\s/g, "");
  return plain.length <= 4 ? plain : `${"*".repeat(plain.length - 4)}${plain.slice(-4)}`;
}

/**
 * Queues the step's message to the request's member (none once deleted or
 * without an e-mail). `amount`: what the step moved when it is not the
 * request's amount (a paid line's net of the tax withheld); `reason`: why
 * it was rejected or reversed.
 */
export async function tellWithdrawal(
  tx: Tx,
  event: WithdrawalEvent,
  request: Request,
  extra: { amount?: string; reason?: string } = {},
): Promise<void> {
  if (request.user_id === null) return;
  const to = await recipientOf(tx, request.user_id);
  if (!to) return;
  const amount = extra.amount ?? request.withdraw_amt;
  const variables: Record<string, string> =
    event === "withdrawal_approved" || event === "withdrawal_paid"
      ? {
          amount,
          bank_name: request.bank_name,
          bank_account: maskedAccount(request.bank_acc),
        }
      : { amount, reason: extra.reason ?? "" };
  await queueMessage(tx, {
    event,
    about: `withdrawal:${request.withdraw_id}:${event.replace("withdrawal_", "")}`,
    to,
    variables: { request_id: String(request.withdraw_id), ...variables },
  });
}

/**
 * A decision's message (withdrawals/service.ts), queued right after the
 * request's status moves and before the approval's checks and payment: a
 * refused approval rolls its message back with everything else.
 */
export function tellDecision(
  tx: Tx,
  decision: "completed" | "rejected",
  request: Request,
): Promise<void> {
  const event = decision === "completed" ? "withdrawal_approved" : "withdrawal_rejected";
  return tellWithdrawal(tx, event, request);
}
