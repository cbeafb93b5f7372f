import type { ListQuery, OrderUpdateValues } from "@store/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderItems, orderStatuses, orders, users, walletLedger } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { conflictAt, notFound } from "../../lib/errors";
import { phoneDigitsOf } from "../../lib/phones";
import { keysetJsonArray, tableBatches } from "../../lib/stream";
import { requireVersion } from "../../lib/versions";
import { findCommission, movesMoney, settleOrder } from "./commission";
import { lockedCoupon, requireCouponUses } from "./coupons";
import { followReturns, hasReturns, refundsOf } from "./returns";
import {
  itemsOf,
  lockOrderPeople,
  type Order,
  requireKnownStatus,
  stamps,
  tellOrderWritten,
} from "./status";
import { auditMovements, moveStock, type ShortRefusal, STOCK_BACK_STATUSES } from "./stock";

export type { Order } from "./status";

const crud = crudService({
  table: orders,
  id: orders.orders_id,
  entity: "Order",
  list: {
    scale: "large",
    because: "every sale is a row, for as long as the store trades",
    // The buyer's and the recipient's phones by their digits (lib/phones.ts).
    search: [
      orders.order_number,
      orders.username,
      orders.recipient_name,
      orders.tracking_number,
      phoneDigitsOf(orders, "contact"),
      phoneDigitsOf(orders, "recipient_contact"),
    ],
    defaultOrder: { by: orders.created_at, order: "desc" },
    // The dashboard's revenue and GET notifications' orders per status.
    totals: {
      more: [
        { name: "orders.total_price", sum: "c.total_price" },
        { prefix: "orders.status:", bucket: "c.order_status" },
      ],
    },
    // Orders per UTC day (running totals orders.day:<days since 1970>, newest
    // first): any page of the list starts at its day instead of skipping every
    // newer order (docs/decisions/list-pages-by-key.md).
    directory: {
      prefix: "orders.day:",
      bucket: "floor(extract(epoch from c.created_at) / 86400)::bigint",
      before: (day) => sql`${orders.created_at} < to_timestamp((${day} + 1) * 86400)`,
    },
  },
});

/** A reopened order's refusal: the product (and variant) short, beside the status it cannot take. */
const reopenShort: ShortRefusal = (line, name, left) =>
  conflictAt(
    "order_status",
    "order_stock_short",
    { name, left, quantity: line.quantity },
    `Only ${left} of ${name} left in stock; this order needs ${line.quantity}.`,
  );

/**
 * Moves the order's lines back into stock (`sign` 1: canceled or returned) or
 * out of it again (-1: moved back to a status that holds stock; 409 naming
 * the first product short), each movement in its product's or variant's
 * History. Once each way: the same update flips `stock_taken` and
 * `stock_given_back` on the locked order row (docs/decisions/orders-keyed-in.md).
 */
async function moveOrderStock(
  tx: Tx,
  actor: Actor | null,
  ordersId: number,
  sign: 1 | -1,
): Promise<void> {
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orders_id, ordersId))
    .orderBy(asc(orderItems.item_id));
  const movements = await moveStock(
    tx,
    lines.flatMap((line, index) =>
      line.product_id === null
        ? []
        : [
            {
              index,
              product_id: line.product_id,
              variant_id: line.variant_id,
              product_name: line.product_name,
              variant_name: line.variant_name ?? "",
              sku: line.sku,
              quantity: line.quantity,
            },
          ],
    ),
    sign,
    reopenShort,
  );
  await auditMovements(tx, actor, movements);
}

/**
 * A canceled or returned order moved back counts as a use of its coupon again:
 * refused (409) when the coupon's uses, in all or by the buyer, are used up
 * meanwhile. A coupon deleted since, or made after the order, limits nothing.
 */
async function requireCouponStill(tx: Tx, order: Order): Promise<void> {
  if (!order.coupon_code) return;
  const coupon = await lockedCoupon(tx, order.coupon_code);
  // Wire timestamps of one zone compare as text.
  if (!coupon || order.created_at < coupon.created_at) return;
  await requireCouponUses(tx, coupon, order.coupon_code, order.user_id, order.orders_id);
}

/** The ledger entries an order posted, oldest first, with each member's username. */
function postedBy(db: Tx, ordersId: number) {
  return db
    .select({
      entry_id: walletLedger.entry_id,
      user_id: walletLedger.user_id,
      username: users.username,
      account: walletLedger.account,
      amount: walletLedger.amount,
      reason: walletLedger.reason,
      created_at: walletLedger.created_at,
    })
    .from(walletLedger)
    .leftJoin(users, eq(users.user_id, walletLedger.user_id))
    .where(and(eq(walletLedger.ref_type, "order"), eq(walletLedger.ref_id, ordersId)))
    .orderBy(asc(walletLedger.entry_id));
}

/** The order record of GET orders/{id}: the row with its lines, what was refunded, and its ledger entries. */
async function recordOf(db: Tx, row: Order) {
  const [items, refunds, posted] = await Promise.all([
    itemsOf(db, row.orders_id),
    refundsOf(db, row.orders_id),
    postedBy(db, row.orders_id),
  ]);
  return { ...row, items, ...refunds, posted };
}

export const orderService = {
  list: (db: Tx, query: ListQuery) => crud.list(db, query),
  get: async (db: Tx, id: number) => recordOf(db, await crud.get(db, id)),

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
  ) {
    const change = { order_status: input.order_status, tracking_number: input.tracking_number };
    const settles = movesMoney(change.order_status);
    return db.transaction(async (tx) => {
      // The same lock order as a user's deletion (tree, users, their orders),
      // so the two never deadlock; it also holds the buyer's referrer still.
      if (settles) await lockOrderPeople(tx, id);
      const before = await crud.find(tx, id, true);
      if (!before) throw notFound("Order");
      await requireVersion(tx, { entity: "Order", id, row: before }, expected);
      await requireKnownStatus(tx, change.order_status);
      // An order with returns follows them (docs/decisions/returns.md).
      const returned = change.order_status !== before.order_status && (await hasReturns(tx, id));
      const rest = returned ? await followReturns(tx, actor, before, change.order_status) : null;
      const undone = STOCK_BACK_STATUSES.includes(change.order_status);
      const givesBack = !returned && before.stock_taken && undone;
      const takesAgain = !returned && before.stock_given_back && !undone;
      if (!undone && STOCK_BACK_STATUSES.includes(before.order_status)) {
        await requireCouponStill(tx, before);
      }
      const [row] = await tx
        .update(orders)
        .set({
          ...change,
          ...stamps(before, change.order_status),
          ...(givesBack ? { stock_taken: false, stock_given_back: true } : {}),
          ...(takesAgain ? { stock_taken: true, stock_given_back: false } : {}),
          ...(rest?.allBack ? { stock_taken: false } : {}),
          updated_at: sql`now()`,
        })
        .where(eq(orders.orders_id, id))
        .returning();
      if (!row) throw notFound("Order");
      const moved = settles ? await settleOrder(tx, actor, before, row) : [];
      await rest?.done(moved);
      if (givesBack) await moveOrderStock(tx, actor, id, 1);
      if (takesAgain) await moveOrderStock(tx, actor, id, -1);
      await tellOrderWritten(tx, actor, before, row, moved);
      return recordOf(tx, row);
    });
  },

  /** GET orders/{id}/commission: the record of its first completion; 404 before one. */
  async commission(db: Tx, id: number) {
    const record = await findCommission(db, id);
    if (!record) throw notFound("Order commission");
    return record;
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
