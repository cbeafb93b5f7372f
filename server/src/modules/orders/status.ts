/**
 * The parts of an order's status change that Edit Order (service.ts) and a
 * return or refund (returns.ts) share: the locks, the stamps, the lines, and
 * what a new status tells (the audit row, MyInvois, the buyer).
 */
import { ORDER_STATUS_COMPLETED, ORDER_STATUS_REFUND } from "@store/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  orderItems,
  orderStatuses,
  orders,
  products,
  productVariants,
  users,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest } from "../../lib/errors";
import { queueOrderEinvoices } from "../einvoices/submission";
import { lockReferralTree, lockUsers } from "../people/referrals";
import { findCommission } from "./commission";
import { type Moved, tellOrderChange } from "./messages";

export type Order = typeof orders.$inferSelect;

/**
 * The server owns the stamps (docs/REQUIREMENTS.md section 4): becoming complete (6) stamps
 * completed_at, becoming refund (8) stamps refund_at, any other status clears
 * both. Re-saving an order that already has its stamp keeps the original time,
 * so fixing a tracking number does not move the completion date.
 */
export function stamps(before: Order, status: number) {
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

export async function requireKnownStatus(tx: Tx, status: number): Promise<void> {
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
export async function lockOrderPeople(tx: Tx, ordersId: number): Promise<void> {
  await lockReferralTree(tx);
  const [buyer] = await tx
    .select({ user_id: users.user_id, referral_of: users.referral_of })
    .from(orders)
    .innerJoin(users, eq(users.user_id, orders.user_id))
    .where(eq(orders.orders_id, ordersId));
  const recorded = await findCommission(tx, ordersId);
  await lockUsers(tx, [buyer?.user_id, buyer?.referral_of, recorded?.referrer_id]);
}

/**
 * An order's lines in the order they were written, each with the image to
 * show it by: its variant's, else its product's first (docs/decisions/order-lines.md),
 * and how many of it came back by returns (docs/decisions/returns.md).
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
      returned: sql<number>`(select coalesce(sum(r.quantity), 0)::int from order_return_lines r
        where r.item_id = ${orderItems.item_id})`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.product_id, orderItems.product_id))
    .leftJoin(productVariants, eq(productVariants.variant_id, orderItems.variant_id))
    .where(eq(orderItems.orders_id, ordersId))
    .orderBy(asc(orderItems.item_id));
}

/**
 * What a written change of an order tells: its audit row, and when its status
 * moved, MyInvois's document for it and the buyer's message.
 */
export async function tellOrderWritten(
  tx: Tx,
  actor: Actor | null,
  before: Order,
  row: Order,
  moved: Moved[],
): Promise<void> {
  await recordAudit(tx, actor, {
    entity: "Order",
    entityId: row.orders_id,
    action: "update",
    before,
    after: row,
  });
  if (row.order_status !== before.order_status) {
    await queueOrderEinvoices(tx, row.orders_id, row.order_status, row.version);
    await tellOrderChange(tx, before, row, moved);
  }
}
