// Invoices and packing slips (docs/decisions/invoices.md): what the web's
// print view and the server's PDF both print, decided once. No zod here: the
// web imports this module by its own path (@store/contract/invoice).
import { fromSen, toSen } from "./money";

/** The two documents of an order. */
export const ORDER_DOCUMENTS = ["invoice", "packing-slip"] as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[number];

/** Each document's title, in English (the catalogues' `texts` translate it). */
export const ORDER_DOCUMENT_TITLES: Record<OrderDocument, string> = {
  invoice: "Invoice",
  "packing-slip": "Packing Slip",
};

/** At most this many orders are printed or put in one PDF at a time. */
export const ORDER_DOCUMENTS_MAX = 50;

/** The invoice number: the order number with this prefix (one invoice per order). */
export const INVOICE_PREFIX = "INV-";

export function invoiceNumber(orderNumber: string): string {
  return `${INVOICE_PREFIX}${orderNumber}`;
}

const PENDING = 1;
const CANCELED = 7;
const REFUND = 8;

/** What an invoice says of its payment, from the order's status and stamps. */
export interface PaymentStatus {
  /** In English, a `texts` key, or a `messages` key with {{date}} when `date` is set. */
  label: string;
  /** A wire timestamp, filled into the label. */
  date: string | null;
  paid: boolean;
}

/**
 * Pending (1) is unpaid and canceled (7) was never settled; refund (8) says
 * when; every other status has been paid, on `paid_on` when it is stamped.
 */
export function paymentStatus(order: {
  order_status: number;
  paid_on: string | null;
  refund_at: string | null;
}): PaymentStatus {
  if (order.order_status === PENDING) return { label: "Unpaid", date: null, paid: false };
  if (order.order_status === CANCELED) {
    return { label: "Canceled, not charged", date: null, paid: false };
  }
  if (order.order_status === REFUND) {
    return order.refund_at
      ? { label: "Refunded on {{date}}", date: order.refund_at, paid: false }
      : { label: "Refunded", date: null, paid: false };
  }
  return order.paid_on
    ? { label: "Paid on {{date}}", date: order.paid_on, paid: true }
    : { label: "Paid", date: null, paid: true };
}

/** The ship-to address as printed: one line per part, the postcode and state on one line. */
export function addressLines(order: {
  address_1: string;
  address_2: string;
  postcode: string;
  state: string;
  country: string;
}): string[] {
  return [
    order.address_1,
    order.address_2,
    [order.postcode, order.state]
      .map((p) => p.trim())
      .filter(Boolean)
      .join(" "),
    order.country,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The labels both documents print, in English: the catalogues' `texts` (and
 * `messages` for those with {{…}}) hold each in every language; a test checks.
 */
export const ORDER_DOCUMENT_LABELS = [
  "Invoice",
  "Packing Slip",
  "Invoice No.",
  "Invoice Date",
  "Order No.",
  "Order Date",
  "Payment",
  "Registration No.",
  "Tel.",
  "Bill To",
  "Ship To",
  "Item",
  "SKU",
  "Qty",
  "Unit Price",
  "Line Total",
  "Subtotal",
  "Discount",
  "Discount ({{code}})",
  "Shipping",
  "Total",
  "Packed",
  "Total Quantity",
  "Unpaid",
  "Paid",
  "Paid on {{date}}",
  "Refunded",
  "Refunded on {{date}}",
  "Canceled, not charged",
  "Line discount {{amount}}",
  "SST",
  "SST {{rate}}%",
  "Total SST",
  "Prices include SST",
] as const;

/** A rate as printed: "8.00" as 8, "6.50" as 6.5. */
export function sstRateText(rate: string): string {
  return fromSen(toSen(rate)).replace(/\.?0+$/, "");
}

/** A line as its SST is printed. */
export interface TaxedLine {
  tax_type: string;
  tax_rate: string;
  tax_amount: string;
}

/**
 * The SST an invoice prints (docs/decisions/sst-on-lines.md): the tax its
 * taxable lines contain per rate, lowest rate first, and the order's total.
 * An order with no taxable line prints none.
 */
export function sstByRate(
  items: readonly TaxedLine[],
  taxTotal: string,
): { rates: { rate: string; amount: string }[]; total: string } | null {
  const byRate = new Map<string, bigint>();
  for (const item of items) {
    if (item.tax_type !== "taxable") continue;
    const rate = sstRateText(item.tax_rate);
    byRate.set(rate, (byRate.get(rate) ?? 0n) + toSen(item.tax_amount));
  }
  if (byRate.size === 0) return null;
  const rates = [...byRate]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([rate, sen]) => ({ rate, amount: fromSen(sen) }));
  return { rates, total: taxTotal };
}

/** The ids of a bulk print (?ids=1,2,3): whole numbers, each once, in the order given. */
export function parseOrderIds(text: string): number[] {
  const ids = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .filter((id) => id <= 2_147_483_647);
  return [...new Set(ids)];
}
