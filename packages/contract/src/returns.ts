import { z } from "zod";
import { say } from "./errors";
import { fromSen, toSen } from "./money";
import { percentOfSen, shareInProportion } from "./orderCreate";
import { id, money, moneyOut, requiredText, timestamp, wholeNumber } from "./primitives";

/**
 * Returns and partial refunds by line (docs/decisions/returns.md): goods
 * given back from an order, and money given back with or without goods. Each
 * is a record with its lines, a credit note of its own number, and the share
 * of the order's PV and commissions it takes back.
 */

/** A return gives goods back (lines, or shipping alone); a refund gives money back without goods. */
export const RETURN_KINDS = ["return", "refund"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  return: "Return",
  refund: "Refund",
};

export const REASON_MAX = 500;
export const RETURN_LINES_MAX = 200;

/** One line given back: the order's line and how many of it (0: none, so a screen may send every line). */
export const returnLineInput = z.object({
  item_id: id,
  quantity: wholeNumber("Quantity", 0, 1_000_000),
});

/**
 * POST orders/{id}/returns. `refund_amount` left out: the lines' share
 * (with the buy-back percentage inside its period) plus shipping if chosen;
 * given: that amount instead, never above the lines' full share and shipping.
 */
export const returnInput = z.object({
  lines: returnLineInput.array().max(RETURN_LINES_MAX).default([]),
  restock: z.boolean().default(true),
  refund_shipping: z.boolean().default(false),
  refund_amount: z
    .preprocess((v) => (v === "" ? null : v), money("Refund amount").nullable())
    .optional(),
  reason: requiredText("Reason", REASON_MAX),
});
export type ReturnInput = z.input<typeof returnInput>;
export type ReturnValues = z.output<typeof returnInput>;

/** POST orders/{id}/refunds: money given back without goods (goodwill, or shipping). */
export const refundInput = z.object({
  amount: money("Amount").refine(
    (v) => toSen(v) > 0n,
    say("above_zero", { field: "Amount" }, "Amount must be above 0."),
  ),
  reason: requiredText("Reason", REASON_MAX),
});
export type RefundInput = z.input<typeof refundInput>;

export const orderReturnLine = z.object({
  item_id: z.number(),
  product_name: z.string(),
  variant_name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  /** The quantity's share of the line's total after its share of the discount. */
  amount: moneyOut,
});
export type OrderReturnLine = z.infer<typeof orderReturnLine>;

/** A return or refund as GET returns lists it. */
export const orderReturnRow = z.object({
  return_id: z.number(),
  orders_id: z.number(),
  order_number: z.string(),
  /** The buyer, as the order names them. */
  username: z.string(),
  kind: z.enum(RETURN_KINDS),
  /** CN<yyyymmdd><nnnnnn>, its own sequence. */
  credit_note_number: z.string(),
  reason: z.string(),
  /** The goods went back into stock. */
  restock: z.boolean(),
  /** Items given back, all lines together. */
  items: z.number(),
  /** The lines' share of the paid amount (goods). */
  goods_amount: moneyOut,
  /** Shipping given back. */
  shipping_amount: moneyOut,
  /** What the buyer gets back. */
  refund_amount: moneyOut,
  /** Inside the store's buy-back period, the percentage of the goods the default refund was ("90.00"); null: not a buy-back. */
  buy_back_percent: z.string().nullable(),
  /** The buyer's PV and the commissions (all levels) this took back. */
  pv_reversed: moneyOut,
  commission_reversed: moneyOut,
  created_by: z.string(),
  created_at: timestamp,
});
export type OrderReturnRow = z.infer<typeof orderReturnRow>;

/** GET returns/{id}, and the answer of POST orders/{id}/returns and refunds. */
export const orderReturn = orderReturnRow.extend({ lines: orderReturnLine.array() });
export type OrderReturn = z.infer<typeof orderReturn>;

/** One event of an order's timeline (GET orders/{id}/timeline), oldest first. */
export const TIMELINE_KINDS = ["created", "status", "return", "refund", "comment"] as const;
export const orderTimelineEvent = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: timestamp,
  /** Who did it: a staff username, "" for the store itself (checkout, a job). */
  by: z.string(),
  /** The comment's text, the return's reason; the status's number as text. */
  text: z.string(),
  /** The new status of a status change. */
  status: z.number().nullable(),
  /** The return or refund's record and amount. */
  return_id: z.number().nullable(),
  amount: moneyOut.nullable(),
});
export type OrderTimelineEvent = z.infer<typeof orderTimelineEvent>;

export const COMMENT_MAX = 2000;
export const orderCommentInput = z.object({ text: requiredText("Comment", COMMENT_MAX) });
export type OrderCommentInput = z.input<typeof orderCommentInput>;

// The figures, the same on the screen and the server.

/** What of an order a return's figures need: its lines, what came back of each, what was refunded. */
export interface ReturnableOrder {
  total_price: string;
  discount: string;
  shipping_fee: string;
  items: readonly { item_id: number; quantity: number; line_total: string; returned: number }[];
  /** Money given back so far, all returns and refunds. */
  refunded: string;
  /** Shipping given back so far. */
  shipping_refunded: string;
  /** The buy-back percentage while the order is inside the store's period; null outside it or off. */
  buy_back_percent: string | null;
}

export interface ReturnFigures {
  /** Per chosen line, its share in sen. */
  lines: { item_id: number; quantity: number; amount: bigint }[];
  goods: bigint;
  shipping: bigint;
  /** The most the return may refund: goods and shipping, never above what is left to refund. */
  most: bigint;
  /** The refund unless the operator types another: the buy-back percentage of the goods inside its period. */
  refund: bigint;
  buy_back: boolean;
}

/** Each line's total less its share of the order's discount, in sen (the shares sum to the discount). */
export function lineNets(order: Pick<ReturnableOrder, "discount" | "items">): bigint[] {
  const totals = order.items.map((item) => toSen(item.line_total));
  const shares = shareInProportion(toSen(order.discount), totals);
  return totals.map((total, i) => total - (shares[i] as bigint));
}

/** net × quantity / sold, half up to the sen. */
function partOf(net: bigint, quantity: number, sold: number): bigint {
  return (net * BigInt(quantity) * 2n + BigInt(sold)) / (2n * BigInt(sold));
}

/**
 * A return's figures: each line's share is what its returned quantities so
 * far reach less what they reached before, so returns in parts add up to
 * the whole to the sen. Lines not of the order, or more than is left of one,
 * are the caller's to refuse first.
 */
export function returnFigures(
  order: ReturnableOrder,
  chosen: readonly { item_id: number; quantity: number }[],
  refundShipping: boolean,
): ReturnFigures {
  const nets = lineNets(order);
  const lines = chosen.flatMap((line) => {
    const index = order.items.findIndex((item) => item.item_id === line.item_id);
    const item = order.items[index];
    if (!item || line.quantity <= 0) return [];
    const net = nets[index] as bigint;
    const amount =
      partOf(net, item.returned + line.quantity, item.quantity) -
      partOf(net, item.returned, item.quantity);
    return [{ item_id: line.item_id, quantity: line.quantity, amount }];
  });
  const goods = lines.reduce((sum, line) => sum + line.amount, 0n);
  const shippingLeft = toSen(order.shipping_fee) - toSen(order.shipping_refunded);
  const shipping = refundShipping && shippingLeft > 0n ? shippingLeft : 0n;
  const left = toSen(order.total_price) - toSen(order.refunded);
  const cap = (sen: bigint) => (sen < left ? sen : left > 0n ? left : 0n);
  const buyBack = order.buy_back_percent !== null && goods > 0n;
  const refund = buyBack
    ? percentOfSen(goods, order.buy_back_percent as string) + shipping
    : goods + shipping;
  return {
    lines,
    goods,
    shipping,
    most: cap(goods + shipping),
    refund: cap(refund),
    buy_back: buyBack,
  };
}

/** What is left to refund of an order, two places. */
export function leftToRefund(order: Pick<ReturnableOrder, "total_price" | "refunded">): string {
  const left = toSen(order.total_price) - toSen(order.refunded);
  return fromSen(left > 0n ? left : 0n);
}
