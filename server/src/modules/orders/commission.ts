/**
 * An order's money follows its status (docs/REQUIREMENTS.md section 4;
 * docs/decisions/order-money-follows-status.md):
 * - complete (6): the buyer's PV (points_earned) and the recorded commission
 *   stand for the order;
 * - canceled (7), refund (8), returned (9): nothing stands; whatever did is
 *   taken back by new entries, and what a balance cannot cover is owed;
 * - 1-5: a correction; what stands stays, and coming back to 6 credits
 *   nothing new.
 * Whether a commission is due, to whom and how much is decided once, at the
 * first completion, and kept in order_commissions.
 */
import {
  type CommissionBase,
  type CommissionOutcome,
  fromSen,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_COMPLETED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
  type OwedAccount,
  toSen,
} from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { memberships, orderCommissions, type orders, settings, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { owedForOrder, recoverOwed, reverseStanding } from "../ledger/owed";
import { checkPvPromotion, orderCredits, postEntry } from "../ledger/service";

type Order = typeof orders.$inferSelect;
export type OrderCommissionRow = typeof orderCommissions.$inferSelect;

/** Statuses in which nothing stands for an order. */
export const REVERSED_STATUSES: readonly number[] = [
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
];

/** Status changes that move money: into complete, or into canceled, refund or returned. */
export function movesMoney(status: number): boolean {
  return status === ORDER_STATUS_COMPLETED || REVERSED_STATUSES.includes(status);
}

export async function findCommission(
  tx: Tx,
  ordersId: number,
): Promise<OrderCommissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderCommissions)
    .where(eq(orderCommissions.orders_id, ordersId));
  return row;
}

interface Decision {
  outcome: CommissionOutcome;
  referrer_id: number | null;
  referrer_username: string | null;
  percent: string | null;
  base_kind: CommissionBase | null;
  base_amount: string | null;
  amount: string;
}

/**
 * The commission as the store's rules say today, for the order's first
 * completion: off, no referrer, an inactive referrer, or the referrer's own
 * tier's Member Earning % of the base (the total, or the total less shipping),
 * rounded half-up to the sen (PostgreSQL's round on numeric).
 */
async function decide(tx: Tx, order: Order): Promise<Decision> {
  const none = {
    referrer_id: null,
    referrer_username: null,
    percent: null,
    base_kind: null,
    base_amount: null,
    amount: "0.00",
  };
  const [store] = await tx
    .select({ on: settings.commission_status, base: settings.commission_base })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  if (store?.on !== 1) return { ...none, outcome: "commission_off" };
  const result = await tx.execute<{
    referrer_id: number;
    referrer_username: string;
    active: number;
    percent: string;
    base_amount: string;
    amount: string;
  }>(sql`
    select r.user_id as referrer_id, r.username as referrer_username, r.user_status as active,
      m.member_earning::text as percent, b.base::numeric(12,2)::text as base_amount,
      round(b.base * m.member_earning / 100, 2)::numeric(12,2)::text as amount
    from ${users} buyer
    join ${users} r on r.user_id = buyer.referral_of
    join ${memberships} m on m.member_id = r.membership
    cross join lateral (select case when ${store.base} = 'goods'
      then greatest(${order.total_price}::numeric - ${order.shipping_fee}::numeric, 0)
      else ${order.total_price}::numeric end as base) b
    where buyer.user_id = ${order.user_id}`);
  const row = result.rows[0];
  if (order.user_id === null || !row) return { ...none, outcome: "no_referrer" };
  const referrer = { referrer_id: row.referrer_id, referrer_username: row.referrer_username };
  if (Number(row.active) !== 1) return { ...none, ...referrer, outcome: "referrer_inactive" };
  const decided = {
    ...referrer,
    percent: row.percent,
    base_kind: store.base,
    base_amount: row.base_amount,
    amount: row.amount,
  };
  return { ...decided, outcome: toSen(row.amount) > 0n ? "paid" : "zero" };
}

/** The order's commission record, written at its first completion and read ever after. */
async function decideOnce(tx: Tx, actor: Actor | null, order: Order): Promise<OrderCommissionRow> {
  const stored = await findCommission(tx, order.orders_id);
  if (stored) return stored;
  const decision = await decide(tx, order);
  const [row] = await tx
    .insert(orderCommissions)
    .values({ orders_id: order.orders_id, ...decision })
    .returning();
  if (!row) throw new Error("The order's commission was not recorded.");
  await recordAudit(tx, actor, {
    entity: "OrderCommission",
    entityId: order.orders_id,
    action: "create",
    after: row,
  });
  return row;
}

/** What stands for an order in one member's account: its entries, PV in the opening, less what is owed. */
async function standing(
  tx: Tx,
  ordersId: number,
  userId: number,
  account: OwedAccount,
  opening: string,
): Promise<bigint> {
  const credits = await orderCredits(tx, ordersId);
  const net = credits
    .filter((c) => c.user_id === userId && c.account === account)
    .reduce((sum, c) => sum + toSen(c.net), 0n);
  return net + toSen(opening) - (await owedForOrder(tx, ordersId, userId, account));
}

/** The member and the full credit an order gives in each account (none when there is nobody). */
function parties(order: Order, record: OrderCommissionRow | undefined) {
  const list: { userId: number; account: OwedAccount; full: string; opening: string }[] = [];
  if (order.user_id !== null) {
    list.push({
      userId: order.user_id,
      account: "pv",
      full: order.points_earned,
      opening: record?.pv_opening ?? "0.00",
    });
  }
  if (record?.referrer_id != null && record.outcome === "paid") {
    list.push({
      userId: record.referrer_id,
      account: "cash_wallet",
      full: record.amount,
      opening: "0.00",
    });
  }
  return list;
}

/**
 * The ledger side of a status change. Saving the same status again does
 * nothing. Called under the locks of orders/service.ts (tree, users, order).
 */
export async function settleOrder(
  tx: Tx,
  actor: Actor | null,
  before: Order,
  after: Order,
): Promise<void> {
  if (before.order_status === after.order_status || !movesMoney(after.order_status)) return;
  const ref = { type: "order" as const, id: after.orders_id };
  if (REVERSED_STATUSES.includes(after.order_status)) {
    const record = await findCommission(tx, after.orders_id);
    for (const party of parties(after, record)) {
      const stands = await standing(
        tx,
        after.orders_id,
        party.userId,
        party.account,
        party.opening,
      );
      if (stands <= 0n) continue;
      await reverseStanding(tx, actor, {
        userId: party.userId,
        account: party.account,
        ordersId: after.orders_id,
        amount: fromSen(stands),
      });
    }
    return;
  }
  const record = await decideOnce(tx, actor, after);
  for (const party of parties(after, record)) {
    const stands = await standing(tx, after.orders_id, party.userId, party.account, party.opening);
    const due = toSen(party.full) - stands;
    if (due <= 0n) continue;
    const amount = fromSen(due);
    const entry = await postEntry(tx, actor, {
      userId: party.userId,
      account: party.account,
      amount,
      reason: party.account === "pv" ? "pv_order" : "commission",
      ref,
      note:
        party.account === "pv"
          ? ""
          : `${record.percent}% of RM ${record.base_amount}${record.base_kind === "goods" ? " (goods)" : ""}`,
      // A member deleted since the decision has no balance to credit.
      short: "clamp",
    });
    if (!entry) continue;
    await recoverOwed(tx, actor, party.userId, party.account, amount);
    if (party.account === "pv") await checkPvPromotion(tx, actor, party.userId);
  }
}
