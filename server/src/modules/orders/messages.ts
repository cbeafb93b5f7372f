/**
 * What an order's member hears (issue 41, docs/decisions/messages.md). Each message written to the outbox in the transaction of the order's change, so
 * a change rolled back sends nothing. The `about` keys name the order and its
 * step (a status step with the order's version, so a step taken again later
 * is a message of its own, and the same step retried is the one already there).
 */
import {
  fromSen,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_COMPLETED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
  type OwedAccount,
} from "@store/contract";
import { asc, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderStatuses, type orders, shippingMethods } from "../../db/schema";
import { queueMessage, queueMessages, recipientOf, recipientsOf } from "../messages/outbox";

type Order = typeof orders.$inferSelect;

/** What a status change credited or took back (`sen` > 0 either way) in one member's account (orders/commission.ts). */
export interface Moved {
  userId: number;
  account: OwedAccount;
  sen: bigint;
  /** Into (or out of) the held balance of a plan's open period. */
  held: boolean;
}

const ORDER_STATUS_PAID = 2;
const ORDER_STATUS_SHIPPED = 4;
const REFUNDED: readonly number[] = [
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
];

/** Queues one message to the order's buyer; an order without a member account sends nothing. */
async function tellBuyer(
  tx: Tx,
  order: Order,
  event: "order_confirmed" | "order_shipped" | "order_completed" | "order_refunded",
  about: string,
  variables: Record<string, string>,
): Promise<void> {
  if (order.user_id === null) return;
  const to = await recipientOf(tx, order.user_id);
  if (!to) return;
  await queueMessage(tx, {
    event,
    about,
    to,
    variables: { order_number: order.order_number, ...variables },
    ...(event === "order_confirmed" && {
      attachments: [{ kind: "invoice" as const, orders_id: order.orders_id }],
    }),
  });
}

/**
 * The order confirmed: keyed in, or paid. One per order (the same key for
 * both), with its totals and its invoice attached.
 */
export async function tellOrderConfirmed(tx: Tx, order: Order): Promise<void> {
  await tellBuyer(tx, order, "order_confirmed", `order:${order.orders_id}:confirmed`, {
    order_date: order.created_at.slice(0, 10),
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping_fee,
    total: order.total_price,
  });
}

/**
 * The courier: the shipping method of the order's fee. Orders do not record
 * their method (docs/decisions/orders-keyed-in.md), so a method whose fee is
 * the order's names it, the active one first; none, or free shipping: "".
 */
async function courierOf(tx: Tx, order: Order): Promise<string> {
  const [method] = await tx
    .select({ name: shippingMethods.shipping_name })
    .from(shippingMethods)
    .where(eq(shippingMethods.shipping_fee, order.shipping_fee))
    .orderBy(desc(shippingMethods.shipping_status), asc(shippingMethods.ship_id))
    .limit(1);
  return method?.name ?? "";
}

/** The status's name as the order statuses list it ("returned"), put in the reader's language when drawn. */
async function statusLabel(tx: Tx, status: number): Promise<string> {
  const [row] = await tx
    .select({ name: orderStatuses.order_status_name })
    .from(orderStatuses)
    .where(eq(orderStatuses.order_status_id, status));
  return row?.name ?? String(status);
}

/** The sum, in sen, of what a change moved in one member's account. */
function movedOf(moved: Moved[], userId: number | null, account: Moved["account"]): bigint {
  return moved
    .filter((m) => m.userId === userId && m.account === account)
    .reduce((sum, m) => sum + m.sen, 0n);
}

/**
 * The messages of a status change (orders/service.ts, in its transaction):
 * paid → confirmed; shipped → its tracking number and courier; complete →
 * the PV it earns, and each member it credited a commission (live, not held
 * under a plan: that is told at the period's release); canceled, refund or
 * returned → the amount and the PV taken back. `moved`: what settleOrder
 * credited (+) or took back (+) per member and account.
 */
export async function tellOrderChange(
  tx: Tx,
  before: Order,
  after: Order,
  moved: Moved[],
): Promise<void> {
  const status = after.order_status;
  if (status === before.order_status) return;
  const step = `order:${after.orders_id}`;
  if (status === ORDER_STATUS_PAID) await tellOrderConfirmed(tx, after);
  if (status === ORDER_STATUS_SHIPPED) {
    await tellBuyer(tx, after, "order_shipped", `${step}:shipped:v${after.version}`, {
      tracking_number: after.tracking_number,
      courier: await courierOf(tx, after),
    });
  }
  if (status === ORDER_STATUS_COMPLETED) {
    await tellBuyer(tx, after, "order_completed", `${step}:completed:v${after.version}`, {
      pv: after.points_earned,
    });
    const paid = moved.filter((m) => m.account === "cash_wallet" && !m.held && m.sen > 0n);
    const to = await recipientsOf(tx, [...new Set(paid.map((m) => m.userId))]);
    // Every level credited told in one statement (up to ten a completion).
    await queueMessages(
      tx,
      "commission_credited",
      [...to.values()].map((recipient) => ({
        about: `${step}:commission:v${after.version}`,
        to: recipient,
        variables: {
          amount: fromSen(movedOf(paid, recipient.user_id, "cash_wallet")),
          reason: "credited",
          order_number: after.order_number,
        },
      })),
    );
  }
  if (REFUNDED.includes(status) && !REFUNDED.includes(before.order_status)) {
    await tellBuyer(tx, after, "order_refunded", `${step}:refunded:v${after.version}`, {
      status: await statusLabel(tx, status),
      amount: after.total_price,
      pv: fromSen(movedOf(moved, after.user_id, "pv")),
    });
  }
}
