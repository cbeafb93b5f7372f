import { z } from "zod";
import { moneyOut, nullableTimestamp, requiredText, timestamp } from "./primitives";

export const orderUpdate = z.object({
  order_status: z.coerce
    .number({ error: "Order status is required." })
    .int()
    .positive("Order status is required."),
  tracking_number: requiredText("Tracking number", 100),
});
export type OrderUpdate = z.input<typeof orderUpdate>;

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
});
export type Order = z.infer<typeof order>;
