import { z } from "zod";
import { moneyOut, nullableTimestamp, requiredText, timestamp } from "./primitives";
import { recordVersion } from "./versions";

/** Statuses the order list colours (docs/REQUIREMENTS.md section 2: complete green; canceled or returned red). */
export const ORDER_STATUS_COMPLETE = 6;
export const ORDER_STATUS_CANCELED = 7;
export const ORDER_STATUS_RETURNED = 9;

/**
 * PUT orders/{id}. The screen sends {orders_id, tracking_number, order_status,
 * completed_at, refund_at, updated_at}; only the status and the tracking number
 * are taken, the stamps are the server's to set.
 */
export const orderUpdate = z.object({
  order_status: z.coerce
    .number({ error: "Order status is required." })
    .int("Order status is required.")
    .positive("Order status is required."),
  tracking_number: requiredText("Tracking number", 100),
});
export type OrderUpdate = z.input<typeof orderUpdate>;
export type OrderUpdateValues = z.output<typeof orderUpdate>;

export const order = z.object({
  orders_id: z.number(),
  order_number: z.string(),
  user_id: z.number().nullable(),
  username: z.string(),
  contact: z.string(),
  currency_symbol: z.string(),
  total_price: moneyOut,
  points_earned: moneyOut,
  coupon_code: z.string(),
  recipient_name: z.string(),
  recipient_contact: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  postcode: z.string(),
  state: z.string(),
  country: z.string(),
  tracking_number: z.string(),
  order_status: z.number(),
  created_at: timestamp,
  paid_on: nullableTimestamp,
  ship_out_by: nullableTimestamp,
  completed_at: nullableTimestamp,
  refund_at: nullableTimestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Order = z.infer<typeof order>;

/** GET ordersCount: one entry per order, only what the dashboard sums. */
export const orderTotal = z.object({ total_price: moneyOut });
export type OrderTotal = z.infer<typeof orderTotal>;

/** Shipping Location column: the address parts joined with ", ", empty parts skipped. */
export function shippingLocation(
  o: Pick<Order, "address_1" | "address_2" | "postcode" | "state" | "country">,
): string {
  return [o.address_1, o.address_2, o.postcode, o.state, o.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}
