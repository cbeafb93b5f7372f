/**
 * Withholding under s.107D (issue 39 item 3, docs/decisions/withholding.md):
 * the approval that completes a withdrawal request keeps back 2% of it for the
 * tax authority when the member's commissions from the store in the previous
 * calendar year (commissionsPaid, the store's zone) exceeded RM 100,000.00.
 * The request's amount still leaves the cash wallet by its `withdrawal` entry;
 * the part kept back is a `tax_withholding` entry on the member's
 * `tax_withheld` balance, and the bank is sent the rest (net_amt). A Reverse
 * or a failed bank payment gives the part kept back again, once.
 */
import { fromSen, mustWithhold, toSen, withholdingOf } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { withdrawRequests } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { postEntry } from "../ledger/service";
import { commissionsPaid } from "./earnings";

/** The year of today in the store's zone (report_time_zone, as commissionsPaid counts days). */
async function storeYear(tx: Tx): Promise<number> {
  const [row] = (
    await tx.execute<{ year: number }>(sql`select extract(year from
      now() at time zone (select time_zone from report_time_zone where id = 1))::int as year`)
  ).rows;
  return Number(row?.year);
}

/** What a payout of `amount` to the member withholds now: "0.00" when they were paid RM 100,000.00 or less last year. */
export async function withholdingFor(tx: Tx, userId: number, amount: string): Promise<string> {
  const last = (await storeYear(tx)) - 1;
  const paid = await commissionsPaid(tx, { from: `${last}-01-01`, to: `${last}-12-31` }, [userId]);
  return mustWithhold(paid.get(userId) ?? "0.00") ? withholdingOf(amount) : "0.00";
}

/**
 * At the approval that completes a request (its `withdrawal` entry posted):
 * the part withheld recorded on the member's tax_withheld balance, and the
 * withheld amount and net stamped on the request, and answered.
 */
export async function withholdFromPayout(
  tx: Tx,
  actor: Actor,
  request: { withdraw_id: number; user_id: number; withdraw_amt: string },
): Promise<{ tax_withheld: string; net_amt: string }> {
  const withheld = await withholdingFor(tx, request.user_id, request.withdraw_amt);
  if (toSen(withheld) > 0n) {
    await postEntry(tx, actor, {
      userId: request.user_id,
      account: "tax_withheld",
      amount: withheld,
      reason: "tax_withholding",
      ref: { type: "withdrawal", id: request.withdraw_id },
      note: `2% of RM ${request.withdraw_amt} withheld under s.107D for the tax authority; the bank is sent the rest.`,
    });
  }
  const stamps = {
    tax_withheld: withheld,
    net_amt: fromSen(toSen(request.withdraw_amt) - toSen(withheld)),
  };
  await tx
    .update(withdrawRequests)
    .set(stamps)
    .where(eq(withdrawRequests.withdraw_id, request.withdraw_id));
  return stamps;
}

/**
 * A completed request undone (Reverse, or its bank payment failed): the part
 * withheld comes off the tax_withheld balance again, by one
 * `tax_withholding_reversal` entry (the database allows one per request). The
 * caller has marked the request reversed in this transaction, so this runs
 * once; the member's cash wallet gets the whole request back by the caller's entry.
 */
export async function giveBackWithholding(
  tx: Tx,
  actor: Actor,
  request: { withdraw_id: number; user_id: number; tax_withheld: string },
  note: string,
): Promise<void> {
  if (toSen(request.tax_withheld) === 0n) return;
  await postEntry(tx, actor, {
    userId: request.user_id,
    account: "tax_withheld",
    amount: `-${fromSen(toSen(request.tax_withheld))}`,
    reason: "tax_withholding_reversal",
    ref: { type: "withdrawal", id: request.withdraw_id },
    note: note.slice(0, 500),
  });
}

/** The amount a completed request's bank line carries: what was not withheld. */
export const netOf = (request: { withdraw_amt: string; net_amt: string | null }): string =>
  request.net_amt ?? request.withdraw_amt;
