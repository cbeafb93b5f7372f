import {
  type ListQuery,
  ORDER_STATUS_COMPLETED,
  ORDER_STATUS_REFUND,
  type OrderUpdateValues,
} from "@store/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { memberships, orderStatuses, orders, settings, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest, notFound } from "../../lib/errors";
import { keysetJsonArray, tableBatches } from "../../lib/stream";
import { requireVersion } from "../../lib/versions";
import { checkPvPromotion, orderCredits, postEntry, toCents } from "../ledger/service";
import { lockReferralTree, lockUsers } from "../people/referrals";

export type Order = typeof orders.$inferSelect;

const crud = crudService({
  table: orders,
  id: orders.orders_id,
  entity: "Order",
  list: {
    search: [orders.order_number, orders.username, orders.recipient_name, orders.tracking_number],
    sort: {
      orders_id: orders.orders_id,
      order_number: orders.order_number,
      username: orders.username,
      total_price: orders.total_price,
      points_earned: orders.points_earned,
      recipient_name: orders.recipient_name,
      tracking_number: orders.tracking_number,
      order_status: orders.order_status,
      created_at: orders.created_at,
      paid_on: orders.paid_on,
      ship_out_by: orders.ship_out_by,
      completed_at: orders.completed_at,
      updated_at: orders.updated_at,
    },
    defaultOrder: { by: orders.created_at, order: "desc" },
    // Orders per UTC day (running totals orders.day:<days since 1970>, newest
    // first): any page of the list starts at its day instead of skipping every
    // newer order (docs/DECISIONS.md, "Lists at any size").
    directory: {
      prefix: "orders.day:",
      before: (day) => sql`${orders.created_at} < to_timestamp((${day} + 1) * 86400)`,
    },
  },
});

/**
 * The server owns the stamps (docs/REQUIREMENTS.md section 4): becoming complete (6) stamps
 * completed_at, becoming refund (8) stamps refund_at, any other status clears
 * both. Re-saving an order that already has its stamp keeps the original time,
 * so fixing a tracking number does not move the completion date.
 */
function stamps(before: Order, status: number) {
  if (status === ORDER_STATUS_COMPLETED) {
    const keep = before.order_status === status && before.completed_at !== null;
    return keep ? {} : { completed_at: sql`now()` };
  }
  if (status === ORDER_STATUS_REFUND) {
    const keep = before.order_status === status && before.refund_at !== null;
    return keep ? {} : { refund_at: sql`now()` };
  }
  return { completed_at: null, refund_at: null };
}

async function requireKnownStatus(tx: Tx, status: number): Promise<void> {
  const [known] = await tx
    .select({ id: orderStatuses.order_status_id })
    .from(orderStatuses)
    .where(eq(orderStatuses.order_status_id, status))
    .limit(1);
  if (!known) {
    throw badRequest("order_status", `Order status ${status} is not one of the order statuses.`);
  }
}

/** The referral tree lock, then the buyer's and their referrer's rows (people/referrals.ts). */
async function lockOrderPeople(tx: Tx, ordersId: number): Promise<void> {
  await lockReferralTree(tx);
  const [buyer] = await tx
    .select({ user_id: users.user_id, referral_of: users.referral_of })
    .from(orders)
    .innerJoin(users, eq(users.user_id, orders.user_id))
    .where(eq(orders.orders_id, ordersId));
  if (buyer) await lockUsers(tx, [buyer.user_id, buyer.referral_of]);
}

const sumCents = (rows: { net: string }[]) => rows.reduce((sum, row) => sum + toCents(row.net), 0n);

/**
 * The ledger side of a status change (docs/DECISIONS.md, "PV and commission
 * from orders"), decided from the order's own entries so that it happens at
 * most once net: becoming complete (6) credits the buyer's PV and, when the
 * commission is on, the referrer's commission, each only while the order has
 * no such credit standing; becoming refund (8) takes back whatever stands.
 * Saving the same status again does nothing.
 */
async function settleOrder(tx: Tx, actor: Actor | null, before: Order, after: Order) {
  if (before.order_status === after.order_status) return;
  const credits = await orderCredits(tx, after.orders_id);
  const ref = { type: "order" as const, id: after.orders_id };
  if (after.order_status === ORDER_STATUS_REFUND) {
    for (const credit of credits) {
      if (toCents(credit.net) <= 0n) continue;
      const what = credit.account === "pv" ? `${credit.net} PV` : `RM ${credit.net}`;
      await postEntry(tx, actor, {
        userId: credit.user_id,
        account: credit.account,
        amount: `-${credit.net}`,
        reason: credit.account === "pv" ? "pv_refund" : "commission_reversal",
        ref,
        short: "clamp",
        clampNote: (taken) =>
          `Only ${credit.account === "pv" ? `${taken} PV` : `RM ${taken}`} of ${what} could be taken back: the balance held no more.`,
      });
    }
    return;
  }
  if (after.order_status !== ORDER_STATUS_COMPLETED || after.user_id === null) return;
  const buyerId = after.user_id;
  if (sumCents(credits.filter((c) => c.account === "pv")) === 0n) {
    const entry = await postEntry(tx, actor, {
      userId: buyerId,
      account: "pv",
      amount: after.points_earned,
      reason: "pv_order",
      ref,
    });
    if (entry) await checkPvPromotion(tx, actor, buyerId);
  }
  if (sumCents(credits.filter((c) => c.account === "cash_wallet")) !== 0n) return;
  const commission = await commissionOf(tx, buyerId, after.total_price);
  if (commission) {
    await postEntry(tx, actor, {
      userId: commission.referrer,
      account: "cash_wallet",
      amount: commission.amount,
      reason: "commission",
      ref,
      note: `${commission.percent}% of RM ${after.total_price}`,
    });
  }
}

/**
 * The referrer's commission on an order, when the store pays commissions:
 * their own tier's Member Earning % of the order's total, rounded half-up to
 * the sen (PostgreSQL's round on numeric rounds halves away from zero).
 */
async function commissionOf(tx: Tx, buyerId: number, totalPrice: string) {
  const result = await tx.execute<{ referrer: number; percent: string; amount: string }>(sql`
    select r.user_id as referrer, m.member_earning::text as percent,
      round(${totalPrice}::numeric * m.member_earning / 100, 2)::numeric(12,2)::text as amount
    from ${settings} s
    join ${users} b on b.user_id = ${buyerId}
    join ${users} r on r.user_id = b.referral_of
    join ${memberships} m on m.member_id = r.membership
    where s.setting_id = 1 and s.commission_status = 1`);
  const row = result.rows[0];
  return row && toCents(row.amount) > 0n ? row : undefined;
}

export const orderService = {
  list: (db: Tx, query: ListQuery) => crud.list(db, query),
  get: (db: Tx, id: number) => crud.get(db, id),

  /**
   * Only the status and the tracking number are taken from the body.
   * `expected`: the version the admin was shown (If-Match, lib/versions.ts).
   */
  async update(
    db: Db,
    actor: Actor | null,
    id: number,
    input: OrderUpdateValues,
    expected?: number,
  ): Promise<Order> {
    const change = { order_status: input.order_status, tracking_number: input.tracking_number };
    const settles =
      change.order_status === ORDER_STATUS_COMPLETED || change.order_status === ORDER_STATUS_REFUND;
    return db.transaction(async (tx) => {
      // The same lock order as a user's deletion (tree, users, their orders),
      // so the two never deadlock; it also holds the buyer's referrer still.
      if (settles) await lockOrderPeople(tx, id);
      const before = await crud.find(tx, id, true);
      if (!before) throw notFound("Order");
      await requireVersion(tx, { entity: "Order", id, row: before }, expected);
      await requireKnownStatus(tx, change.order_status);
      const [row] = await tx
        .update(orders)
        .set({ ...change, ...stamps(before, change.order_status), updated_at: sql`now()` })
        .where(eq(orders.orders_id, id))
        .returning();
      if (row && settles) await settleOrder(tx, actor, before, row);
      await recordAudit(tx, actor, {
        entity: "Order",
        entityId: id,
        action: "update",
        before,
        after: row,
      });
      return row as Order;
    });
  },

  statuses: (db: Tx) => db.select().from(orderStatuses).orderBy(asc(orderStatuses.order_status_id)),

  /** Only the one column the dashboard sums, streamed in batches of the key (lib/stream.ts). */
  totals: (db: Tx) =>
    keysetJsonArray(
      tableBatches(db, {
        table: orders,
        key: orders.orders_id,
        row: sql`'{"total_price":"' || ${orders.total_price}::text || '"}'`,
      }),
    ),
};
