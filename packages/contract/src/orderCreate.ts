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

/** A line's SST as its product's tax category has it at the time of sale (none: not applicable). */
export interface FigureTax {
  tax_type: "taxable" | "exempt" | "not_applicable";
  /** The rate in percent ("8.00"); 0 unless taxable. */
  tax_rate: string;
}

/** A product's tax category as a line's SST is read from it; none: not applicable, 0. */
export function lineTax(
  category: { tax_type: FigureTax["tax_type"] | null; tax_rate: string | null } | null | undefined,
): FigureTax {
  if (category?.tax_type !== "taxable" || !category.tax_rate) {
    return { tax_type: category?.tax_type ?? "not_applicable", tax_rate: "0.00" };
  }
  return { tax_type: "taxable", tax_rate: category.tax_rate };
}

export interface FigureInput {
  lines: readonly { unit_price: string; quantity: number; tax_rate?: string | null }[];
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
  /** Each line's share of the coupon's discount (in proportion to its total; they sum to discount). */
  line_discount_shares: string[];
  /** The SST each line contains after its share of the discount (prices include SST). */
  line_taxes: string[];
  /** The lines' SST summed: what the total contains (shipping carries none). */
  tax_total: string;
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
 * `total` shared over `weights` in proportion, in sen, by largest remainder
 * (ties to the earlier line): the shares sum to `total` exactly.
 */
export function shareInProportion(total: bigint, weights: readonly bigint[]): bigint[] {
  const whole = weights.reduce((a, b) => a + b, 0n);
  if (whole === 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / whole);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, i) => ({ i, rest: (total * w) % whole }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * The SST contained in a tax-inclusive amount: amount × rate / (100 + rate),
 * half-up to the sen (docs/decisions/sst-on-lines.md).
 */
export function taxContainedSen(amountSen: bigint, rate: string | null | undefined): bigint {
  const rateBp = rate ? toSen(rate) : 0n;
  if (rateBp <= 0n || amountSen <= 0n) return 0n;
  const divisor = 10000n + rateBp;
  return (2n * amountSen * rateBp + divisor) / (2n * divisor);
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
  // SST: prices include it; each line contains it after its share of the discount.
  const shares = shareInProportion(discount, lineSen);
  const taxes = lineSen.map((sen, i) =>
    taxContainedSen(sen - (shares[i] as bigint), input.lines[i]?.tax_rate),
  );
  return {
    line_totals: lineSen.map(fromSen),
    line_discount_shares: shares.map(fromSen),
    line_taxes: taxes.map(fromSen),
    tax_total: fromSen(taxes.reduce((a, b) => a + b, 0n)),
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
