import { z } from "zod";
import { ledgerEntry } from "./ledger";
import { isRequired, moneyOut, nullableTimestamp, requiredText, timestamp } from "./primitives";
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
    .number({ error: isRequired("Order status") })
    .int(isRequired("Order status"))
    .positive(isRequired("Order status")),
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
  /** The part of total_price that is shipping (the goods base of a commission). */
  shipping_fee: moneyOut,
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

/**
 * One line of an order: the product and variant (null once deleted) with the
 * name, variant name and SKU as they were when ordered;
 * line_total = unit_price × quantity − line_discount (docs/decisions/order-lines.md).
 */
export const orderItem = z.object({
  item_id: z.number(),
  product_id: z.number().nullable(),
  variant_id: z.number().nullable(),
  product_name: z.string(),
  variant_name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unit_price: moneyOut,
  line_discount: moneyOut,
  line_total: moneyOut,
  /** The product's SST as its tax category had it when sold (docs/decisions/sst-on-lines.md). */
  tax_type: z.enum(["taxable", "exempt", "not_applicable"]),
  /** In percent; "0.00" unless taxable. */
  tax_rate: z.string(),
  /** The SST line_total contains after its share of the coupon's discount (prices include SST). */
  tax_amount: moneyOut,
  /** An uploaded image's file name to show the line by: its variant's, else its product's first; "" for none. */
  image: z.string(),
  /** How many of it came back by returns (docs/decisions/returns.md). */
  returned: z.number(),
});
export type OrderItem = z.infer<typeof orderItem>;

/**
 * A ledger entry the order posted (ref_type "order"): the buyer's PV, the
 * referrer's commission and their reversals, with the member's username
 * (null once the member is deleted). Shown on Edit Order with links to the
 * member's statement.
 */
export const orderPosting = ledgerEntry
  .pick({
    entry_id: true,
    user_id: true,
    account: true,
    amount: true,
    reason: true,
    created_at: true,
  })
  .extend({ username: z.string().nullable() });
export type OrderPosting = z.infer<typeof orderPosting>;

/**
 * GET orders/{id} (and the answer of a write to one order): the list's fields
 * and the money split, subtotal − discount + shipping_fee = total_price, with
 * its lines (which sum to the subtotal). Lists answer `order` rows only.
 */
export const orderRecord = order.extend({
  /** The lines' total before the coupon. */
  subtotal: moneyOut,
  /** The coupon's discount (coupon_code), off the subtotal. */
  discount: moneyOut,
  /** The SST total_price contains: its lines' tax_amount summed (shipping carries none). */
  tax_total: moneyOut,
  /** The order holds its lines' quantities out of stock (keyed in, not yet canceled or returned). */
  stock_taken: z.boolean(),
  /** It took stock and gave it back; moved back to a status that holds stock, it takes it again. */
  stock_given_back: z.boolean(),
  items: orderItem.array(),
  /** Money given back so far by its returns and refunds. */
  refunded: moneyOut,
  /** Shipping given back so far. */
  shipping_refunded: moneyOut,
  /** The buy-back percentage of a return's goods while the order is inside the store's period; null outside it or off. */
  buy_back_percent: z.string().nullable(),
  /** Its ledger entries, oldest first. */
  posted: orderPosting.array(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

/**
 * Why an order's commission is what it is, decided once at its first
 * completion (docs/REQUIREMENTS.md section 4). "unrecorded": an order
 * completed before the decision was recorded (migration 0013), with what the
 * ledger held for it.
 */
export const COMMISSION_OUTCOMES = [
  "paid",
  "commission_off",
  "no_referrer",
  "referrer_inactive",
  "zero",
  "unrecorded",
] as const;
export type CommissionOutcome = (typeof COMMISSION_OUTCOMES)[number];

/** GET orders/{id}/commission: the order's commission record (404 before its first completion). */
export const orderCommission = z.object({
  orders_id: z.number(),
  outcome: z.enum(COMMISSION_OUTCOMES),
  referrer_id: z.number().nullable(),
  referrer_username: z.string().nullable(),
  /** The referrer's tier's Member Earning % at the decision. */
  percent: moneyOut.nullable(),
  base_kind: z.enum(["total", "goods"]).nullable(),
  base_amount: moneyOut.nullable(),
  /** The commission this order pays whenever it is complete ("0.00" when none). */
  amount: moneyOut,
  /** The order's PV held in the buyer's opening balance (completed before the ledger). */
  pv_opening: moneyOut,
  decided_at: timestamp,
});
export type OrderCommission = z.infer<typeof orderCommission>;

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
