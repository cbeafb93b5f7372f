/**
 * An order keyed in by an administrator (POST orders; issue 25,
 * docs/decisions/orders-keyed-in.md): what the screen sends, and the figures
 * the server computes from the catalogue's prices, the coupon, the shipping
 * method and the member's tier. The browser runs the same `orderFigures` as a
 * preview; the server's answer wins.
 */
import { z } from "zod";
import { say } from "./errors";
import { fromSen, toSen } from "./money";
import { atMost, isRequired, MAX_ID, optionalText, requiredText, text } from "./primitives";
import { normaliseVoucherCode } from "./vouchers";

/** The new order's status: pending. */
export const ORDER_STATUS_PENDING = 1;
export const ORDER_LINES_MAX = 50;
export const ORDER_QUANTITY_MAX = 9999;
export const ORDER_COUNTRY = "Malaysia";

/** Malaysia's thirteen states and three federal territories, as the store spells them. */
export const MALAYSIAN_STATES = [
  "Johor",
  "Kedah",
  "Kelantan",
  "Melaka",
  "Negeri Sembilan",
  "Pahang",
  "Perak",
  "Perlis",
  "Pulau Pinang",
  "Sabah",
  "Sarawak",
  "Selangor",
  "Terengganu",
  "Wilayah Persekutuan Kuala Lumpur",
  "Wilayah Persekutuan Labuan",
  "Wilayah Persekutuan Putrajaya",
] as const;
export type MalaysianState = (typeof MALAYSIAN_STATES)[number];

export const POSTCODE_PATTERN = /^\d{5}$/;
const POSTCODE_MESSAGE = say("postcode_format", {}, "Postcode must be 5 digits.");
const STATE_MESSAGE = say("malaysian_state", {}, "State must be one of Malaysia's states.");

/** A positive id; `label` names what is missing. */
const idOf = (label: string) =>
  z.coerce
    .number({ error: isRequired(label) })
    .int(isRequired(label))
    .positive(isRequired(label))
    .max(MAX_ID, isRequired(label));

/** An id that may be left out: "" and null are none. */
const optionalIdOf = (label: string) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), idOf(label).nullable());

export const orderLineInput = z.object({
  product_id: idOf("Product"),
  /** Required when the product has variants; refused when it has none. */
  variant_id: optionalIdOf("Variant").optional(),
  quantity: z.coerce
    .number({ error: isRequired("Quantity") })
    .int(say("not_whole_number", { field: "Quantity" }, "Quantity must be a whole number."))
    .min(1, say("too_small", { field: "Quantity", min: 1 }, "Quantity must be at least 1."))
    .max(ORDER_QUANTITY_MAX, atMost("Quantity", ORDER_QUANTITY_MAX)),
});
export type OrderLineInput = z.input<typeof orderLineInput>;

/** POST orders. Every figure is the server's; none is sent. */
export const orderCreate = z.object({
  user_id: idOf("Member"),
  items: z
    .array(orderLineInput, { error: isRequired("Items") })
    .min(1, isRequired("Items"))
    .max(ORDER_LINES_MAX),
  /** Normalised as coupon codes are (uppercase, no whitespace); empty: none. */
  voucher_code: optionalText(50).transform((v) => normaliseVoucherCode(v)),
  shipping_id: optionalIdOf("Shipping method").optional(),
  recipient_name: requiredText("Recipient name", 100),
  recipient_contact: requiredText("Recipient contact", 30),
  address_1: requiredText("Address 1", 255),
  address_2: optionalText(255),
  postcode: text({ error: POSTCODE_MESSAGE }).trim().regex(POSTCODE_PATTERN, POSTCODE_MESSAGE),
  state: text({ error: STATE_MESSAGE })
    .trim()
    .pipe(z.enum(MALAYSIAN_STATES, { error: STATE_MESSAGE }))
    .meta({ enum: [...MALAYSIAN_STATES] }),
  country: requiredText("Country", 100).default(ORDER_COUNTRY),
});
export type OrderCreate = z.input<typeof orderCreate>;
export type OrderCreateValues = z.output<typeof orderCreate>;

/** A coupon as the figures need it (a voucher row). */
export interface FigureCoupon {
  discount_type: "price" | "percentage";
  discount: string;
  discount_cap: string;
}

export interface FigureInput {
  lines: readonly { unit_price: string; quantity: number }[];
  coupon?: FigureCoupon | null;
  /** The chosen shipping method's fee; none chosen: 0. */
  shipping_fee?: string | null;
  /** The store's free-shipping amount (settings.free_shipping_above); null: off. */
  free_shipping_above?: string | null;
  /** The member's tier's Member Earning %. */
  earning_percent?: string | null;
}

export interface OrderFigures {
  line_totals: string[];
  subtotal: string;
  discount: string;
  shipping_fee: string;
  total: string;
  points_earned: string;
}

/** `percent` % of `sen`, rounded half-up to the sen (the demo store's percentOf). */
export function percentOfSen(sen: bigint, percent: string): bigint {
  return (sen * toSen(percent) + 5000n) / 10000n;
}

/**
 * The order's figures (docs/REQUIREMENTS.md section 4, "Orders keyed in"):
 * line total = unit price × quantity; subtotal = their sum; the coupon's
 * discount is a percentage of the subtotal capped by its discount cap, or its
 * price, never above the subtotal; shipping is the method's fee, 0 when the
 * subtotal reaches the free-shipping amount; total = subtotal − discount +
 * shipping; PV = the tier's earning % of the subtotal. Exact, in sen.
 */
export function orderFigures(input: FigureInput): OrderFigures {
  const lineSen = input.lines.map((l) => toSen(l.unit_price) * BigInt(l.quantity));
  const subtotal = lineSen.reduce((a, b) => a + b, 0n);
  let discount = 0n;
  const coupon = input.coupon;
  if (coupon) {
    discount =
      coupon.discount_type === "percentage"
        ? percentOfSen(subtotal, coupon.discount)
        : toSen(coupon.discount);
    if (coupon.discount_type === "percentage" && discount > toSen(coupon.discount_cap)) {
      discount = toSen(coupon.discount_cap);
    }
    if (discount > subtotal) discount = subtotal;
  }
  const above = input.free_shipping_above;
  const free = above !== null && above !== undefined && subtotal >= toSen(above);
  const shipping = free || !input.shipping_fee ? 0n : toSen(input.shipping_fee);
  const earning = input.earning_percent ? percentOfSen(subtotal, input.earning_percent) : 0n;
  return {
    line_totals: lineSen.map(fromSen),
    subtotal: fromSen(subtotal),
    discount: fromSen(discount),
    shipping_fee: fromSen(shipping),
    total: fromSen(subtotal - discount + shipping),
    points_earned: fromSen(earning),
  };
}

/** A product as a line's price is read from it. */
export interface PricedProduct {
  normal_price: string;
  discount_price: string | null;
  product_variation: number;
}

/** A variant as a line's price is read from it. */
export interface PricedVariant {
  variant_price: string;
  variant_dis_price: string | null;
}

/**
 * A line's unit price as the catalogue has it (the server's and the preview's):
 * the chosen variant's selling price; with none chosen, the product's when it
 * has no variants, else none yet.
 */
export function catalogUnitPrice(
  product: PricedProduct,
  variant?: PricedVariant | null,
): string | null {
  if (variant) return sellingPrice(variant.variant_price, variant.variant_dis_price);
  if (product.product_variation > 0) return null;
  return sellingPrice(product.normal_price, product.discount_price);
}

/** Whether a subtotal falls short of a coupon's minimum spend (none: never). */
export function belowMinimumSpend(subtotal: string, minSpend: string | null | undefined): boolean {
  return minSpend !== null && minSpend !== undefined && toSen(subtotal) < toSen(minSpend);
}

/** The selling price: the discount price when set and above zero, else the normal price. */
export function sellingPrice(normal: string, discounted: string | null | undefined): string {
  return discounted && toSen(discounted) > 0n ? discounted : normal;
}
