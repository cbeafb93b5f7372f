/**
 * The bank's answer to a released payout batch (docs/decisions/payout-batches.md):
 * each line marked paid or failed with the bank's reason; a failed line's money
 * back in the member's cash wallet once, however often the file is imported.
 */
import { fromSen, type PayoutLineResult, type PayoutResult, toSen } from "@store/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { payoutBatches, payoutBatchLines, withdrawRequests } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { recoverOwed } from "../ledger/owed";
import { postEntry } from "../ledger/service";
import { holdMember } from "../membership/hold";
import { giveBackWithholding } from "../tax/withholding";
import { tellWithdrawal } from "../withdrawals/messages";
import { batchReference, lineReference } from "./bankFile";
import { answerOf, type ResultRow } from "./resultFile";
import { type BatchRow, type LineRow, linesOf, lockBatch, notReleased } from "./service";

/** The bank's amount read as ringgit ("1,234.50", "RM 12.00") or, without a point, whole sen too. */
function sameAmount(given: string, amount: string): boolean {
  const plain = given.replace(/rm/gi, "").replace(/[,\s]/g, "");
  if (!plain) return true;
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return false;
  const line = toSen(amount);
  if (toSen(plain) === line) return true;
  return !plain.includes(".") && BigInt(plain) === line;
}

/**
 * POST payoutBatches/{id}/result: the bank's answer to a released batch.
 * Each row names a line by its reference; an answer is final: the same again
 * changes nothing, another is reported (a later return is the request's
 * Reverse). A failed line's amount goes back to the cash wallet once; the
 * batch is reconciled when every line has an answer. One transaction.
 */
export async function importResult(
  db: Db,
  actor: Actor,
  batchId: number,
  rows: ResultRow[],
  expected: number | undefined,
): Promise<PayoutResult> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId, expected);
    if (batch.status === "draft") throw notReleased(batch.status);
    const lines = await linesOf(tx, batchId);
    const byReference = new Map(lines.map((l) => [lineReference(l.withdraw_id), l]));
    const answers = new Map<number, PayoutLineResult>(
      lines.flatMap((l) => (l.result ? [[l.line_id, l.result] as const] : [])),
    );
    const result: PayoutResult = {
      paid: 0,
      failed: 0,
      refunded: "0.00",
      unknown_lines: [],
      status: batch.status,
    };
    let refunded = 0n;
    let answered = 0;
    for (const row of rows) {
      const line = byReference.get(row.reference.trim().toUpperCase());
      const unknown = (why: PayoutResult["unknown_lines"][number]["why"]) =>
        result.unknown_lines.push({ row: row.row, reference: row.reference, why });
      if (!line) {
        unknown("no_such_line");
        continue;
      }
      const answer = answerOf(row.status);
      if (answer === null) {
        unknown("unknown_status");
        continue;
      }
      if (!sameAmount(row.amount, line.amount)) {
        unknown("amount_differs");
        continue;
      }
      const earlier = answers.get(line.line_id);
      if (earlier !== undefined && earlier !== answer) {
        unknown("answered_otherwise");
        continue;
      }
      result[answer]++;
      if (earlier !== undefined) continue;
      answers.set(line.line_id, answer);
      const reason = row.reason.slice(0, 500);
      const [written] = await tx
        .update(payoutBatchLines)
        .set({ result: answer, result_reason: reason || null, result_at: sql`now()` })
        .where(and(eq(payoutBatchLines.line_id, line.line_id), isNull(payoutBatchLines.result)))
        .returning({ line_id: payoutBatchLines.line_id });
      if (!written) continue;
      answered++;
      if (answer === "failed") refunded += await refund(tx, actor, batch, line, reason);
      else await tellWithdrawal(tx, "withdrawal_paid", { ...line, withdraw_amt: line.amount });
    }
    result.refunded = fromSen(refunded);
    if (answered > 0) {
      const [after] = await tx
        .update(payoutBatches)
        .set({
          status: sql`case when exists (select 1 from ${payoutBatchLines}
            where ${payoutBatchLines.batch_id} = ${batchId} and ${payoutBatchLines.result} is null)
            then ${payoutBatches.status} else 'reconciled' end`,
          reconciled_at: sql`case when exists (select 1 from ${payoutBatchLines}
            where ${payoutBatchLines.batch_id} = ${batchId} and ${payoutBatchLines.result} is null)
            then null else now() end`,
          updated_at: sql`now()`,
        })
        .where(eq(payoutBatches.batch_id, batchId))
        .returning();
      if (!after) throw new Error("The payout batch was not updated.");
      result.status = after.status;
      await recordAudit(tx, actor, {
        entity: "PayoutBatch",
        entityId: batchId,
        action: "update",
        before: { status: batch.status },
        after: {
          status: after.status,
          reconciled_at: after.reconciled_at,
          answered,
          paid: result.paid,
          failed: result.failed,
          refunded: result.refunded,
        },
      });
    }
    return result;
  });
}

/**
 * A failed line's money back in the member's cash wallet: the member held,
 * the request locked (the order of a decision and a reversal), marked
 * reversed by one conditional update, and a `payout_failed` entry posted;
 * the database refuses a second such entry for the request. Nothing when the
 * request was reversed already (its money went back then) or its member is
 * deleted (no wallet): the line keeps the bank's answer all the same.
 */
async function refund(
  tx: Tx,
  actor: Actor,
  batch: BatchRow,
  line: LineRow,
  reason: string,
): Promise<bigint> {
  await holdMember(tx, line.user_id);
  const [request] = await tx
    .select()
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, line.withdraw_id))
    .for("update");
  if (!request || request.user_id === null) return 0n;
  const [reversed] = await tx
    .update(withdrawRequests)
    .set({ reversed_at: sql`now()` })
    .where(
      and(
        eq(withdrawRequests.withdraw_id, line.withdraw_id),
        eq(withdrawRequests.withdraw_status, "completed"),
        isNull(withdrawRequests.reversed_at),
      ),
    )
    .returning();
  if (!reversed) return 0n;
  const note = `Payout batch ${batchReference(batch.batch_id)} failed at the bank${reason ? `: ${reason}` : ""}`;
  // The whole request back: the bank's line was its net, the rest was withheld (given back below).
  const entry = await postEntry(tx, actor, {
    userId: request.user_id,
    account: "cash_wallet",
    amount: request.withdraw_amt,
    reason: "payout_failed",
    ref: { type: "withdrawal", id: line.withdraw_id },
    note: note.slice(0, 500),
  });
  if (!entry) return 0n;
  await tellWithdrawal(tx, "withdrawal_reversed", request, { reason: reason || note });
  await recoverOwed(tx, actor, request.user_id, "cash_wallet", entry.amount);
  await giveBackWithholding(tx, actor, { ...request, user_id: request.user_id }, note);
  await tx
    .update(payoutBatchLines)
    .set({ refund_entry_id: entry.entry_id })
    .where(eq(payoutBatchLines.line_id, line.line_id));
  await recordAudit(tx, actor, {
    entity: "WithdrawRequest",
    entityId: line.withdraw_id,
    action: "update",
    before: { reversed_at: null },
    after: { ...reversed, payout_batch_id: batch.batch_id, payout_failed: reason },
  });
  return toSen(entry.amount);
}
