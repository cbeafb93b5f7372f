import {
  type ListQuery,
  ORDER_STATUS_COMPLETED,
  ORDER_STATUS_REFUND,
  type OrderUpdateValues,
} from "@store/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  orderItems,
  orderStatuses,
  orders,
  products,
  productVariants,
  users,
  walletLedger,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest, conflictAt, notFound } from "../../lib/errors";
import { phoneDigitsOf } from "../../lib/phones";
import { keysetJsonArray, tableBatches } from "../../lib/stream";
import { requireVersion } from "../../lib/versions";
import { queueOrderEinvoices } from "../einvoices/submission";
import { lockReferralTree, lockUsers } from "../people/referrals";
import { findCommission, movesMoney, settleOrder } from "./commission";
import { lockedCoupon, requireCouponUses } from "./coupons";
import { tellOrderChange } from "./messages";
import { auditMovements, moveStock, type ShortRefusal, STOCK_BACK_STATUSES } from "./stock";

export type Order = typeof orders.$inferSelect;

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
    throw badRequest(
      "order_status",
      "unknown_order_status",
      { status },
      `Order status ${status} is not one of the order statuses.`,
    );
  }
}

/**
 * The referral tree lock, then the buyer's, their referrer's and the order's
 * recorded referrer's rows (people/referrals.ts), in id order.
 */
async function lockOrderPeople(tx: Tx, ordersId: number): Promise<void> {
  await lockReferralTree(tx);
  const [buyer] = await tx
    .select({ user_id: users.user_id, referral_of: users.referral_of })
    .from(orders)
    .innerJoin(users, eq(users.user_id, orders.user_id))
    .where(eq(orders.orders_id, ordersId));
  const recorded = await findCommission(tx, ordersId);
  await lockUsers(tx, [buyer?.user_id, buyer?.referral_of, recorded?.referrer_id]);
}

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

/**
 * An order's lines in the order they were written, each with the image to
 * show it by: its variant's, else its product's first (docs/decisions/order-lines.md).
 */
export function itemsOf(db: Tx, ordersId: number) {
  return db
    .select({
      item_id: orderItems.item_id,
      product_id: orderItems.product_id,
      variant_id: orderItems.variant_id,
      product_name: orderItems.product_name,
      variant_name: orderItems.variant_name,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      unit_price: orderItems.unit_price,
      line_discount: orderItems.line_discount,
      line_total: orderItems.line_total,
      tax_type: orderItems.tax_type,
      tax_rate: orderItems.tax_rate,
      tax_amount: orderItems.tax_amount,
      image: sql<string>`coalesce(nullif(${productVariants.variant_image}, ''),
        nullif(trim(split_part(${products.product_images}, ',', 1)), ''), '')`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.product_id, orderItems.product_id))
    .leftJoin(productVariants, eq(productVariants.variant_id, orderItems.variant_id))
    .where(eq(orderItems.orders_id, ordersId))
    .orderBy(asc(orderItems.item_id));
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

/** The order record of GET orders/{id}: the row with its lines and its ledger entries. */
async function recordOf(db: Tx, row: Order) {
  const [items, posted] = await Promise.all([
    itemsOf(db, row.orders_id),
    postedBy(db, row.orders_id),
  ]);
  return { ...row, items, posted };
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
      const undone = STOCK_BACK_STATUSES.includes(change.order_status);
      const givesBack = before.stock_taken && undone;
      const takesAgain = before.stock_given_back && !undone;
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
          updated_at: sql`now()`,
        })
        .where(eq(orders.orders_id, id))
        .returning();
      const moved = row && settles ? await settleOrder(tx, actor, before, row) : [];
      if (givesBack) await moveOrderStock(tx, actor, id, 1);
      if (takesAgain) await moveOrderStock(tx, actor, id, -1);
      await recordAudit(tx, actor, {
        entity: "Order",
        entityId: id,
        action: "update",
        before,
        after: row,
      });
      if (row && row.order_status !== before.order_status) {
        await queueOrderEinvoices(tx, id, row.order_status, row.version);
        await tellOrderChange(tx, before, row, moved);
      }
      return recordOf(tx, row as Order);
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
