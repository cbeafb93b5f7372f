/**
 * What the store paid its members in commissions over a span of days: the one
 * definition shared by the s.107D withholding (issue 39 item 3) and the CP58
 * statements (item 4, docs/decisions/cp58.md).
 *
 * Counted from the wallet ledger, on the wallet and cash wallet only: the
 * default plan's `commission` credits, the `commission_release` credits of held
 * commission released at a period's end (never `commission_held`: not paid
 * yet), net of `commission_reversal` debits and of the `clawback_recovery`
 * debits that complete an order's reversal (ref_type 'order').
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { STORE_ZONE } from "../../db/storeZone";

/** The store's zone (report_time_zone, one row): its days bound the span. */

/**
 * Per member, what the store paid them in [from, to] (dates YYYY-MM-DD,
 * inclusive, store's zone): user_id → net amount "1234.56". A member with no
 * counted entry in the span is absent; one whose entries net to zero or less
 * (a reversal of an earlier span's commission) is present with that amount.
 */
export async function commissionsPaid(
  tx: Tx,
  span: { from: string; to: string },
  userIds?: number[],
): Promise<Map<number, string>> {
  // created_at is the session's wall time; compared as timestamptz against the
  // zone's midnights, so an entry at 23:30 on 31 December there is in that year.
  const members =
    userIds === undefined
      ? sql``
      : sql`and user_id = any(${`{${userIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])`;
  const result = await tx.execute<{ user_id: number; paid: string }>(sql`
    select user_id, sum(amount)::numeric(14, 2)::text as paid
    from wallet_ledger
    where account in ('wallet', 'cash_wallet')
      and (reason in ('commission', 'commission_release', 'commission_reversal')
        or (reason = 'clawback_recovery' and ref_type = 'order'))
      and created_at >= (${span.from}::date)::timestamp at time zone ${STORE_ZONE}
      and created_at < (${span.to}::date + 1)::timestamp at time zone ${STORE_ZONE}
      ${members}
    group by user_id`);
  const paid = new Map<number, string>();
  for (const row of result.rows) paid.set(Number(row.user_id), row.paid);
  return paid;
}
