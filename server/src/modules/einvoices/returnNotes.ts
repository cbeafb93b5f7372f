/**
 * The note of each return or refund (issue 42, docs/decisions/einvoices.md,
 * "Returns and partial refunds"): its lines are what came back, each at the
 * amount the record gave back for it with the SST that amount contains; a
 * refund without goods is the amount spread over the order's lines as their
 * share of the coupon left them, one line per SST rate.
 */
import { fromSen, lineNets, shareInProportion, taxContainedSen, toSen } from "@store/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderReturnLines, orderReturns } from "../../db/schema";
import type { OrderForDocument } from "./build";
import { CLASSIFICATION_OTHERS, type EinvoiceLine } from "./documentTypes";

export type ReturnRecord = typeof orderReturns.$inferSelect;

/** A return or refund with its lines, as its note is built from it. */
export interface ReturnForNote {
  record: ReturnRecord;
  lines: (typeof orderReturnLines.$inferSelect)[];
}

async function withLines(tx: Tx, records: ReturnRecord[]): Promise<ReturnForNote[]> {
  if (records.length === 0) return [];
  const lines = await tx
    .select()
    .from(orderReturnLines)
    .where(
      inArray(
        orderReturnLines.return_id,
        records.map((r) => r.return_id),
      ),
    )
    .orderBy(asc(orderReturnLines.item_id));
  return records.map((record) => ({
    record,
    lines: lines.filter((l) => l.return_id === record.return_id),
  }));
}

/**
 * The order's returns and refunds, oldest first, locked: two looks at the
 * order at once (the return's own and the daily one) make each note once.
 */
export async function returnsOfOrder(tx: Tx, ordersId: number): Promise<ReturnForNote[]> {
  const records = await tx
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orders_id, ordersId))
    .orderBy(asc(orderReturns.return_id))
    .for("update");
  return withLines(tx, records);
}

/** The record a note stands for, by the note's number: the record's own, or it with -2, -3… after a cancel. */
export async function returnOfNote(tx: Tx, internalId: string): Promise<ReturnForNote | undefined> {
  const number = internalId.replace(/-\d+$/, "");
  const records = await tx
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.credit_note_number, number));
  const [found] = await withLines(tx, records);
  return found;
}

/** Whether a document number is the note of this record (cancelled notes' successors end in -2, -3…). */
export const isNoteOf = (internalId: string, record: ReturnRecord) =>
  internalId === record.credit_note_number ||
  internalId.startsWith(`${record.credit_note_number}-`);

type Item = OrderForDocument["lines"][number];

const describe = (item: Item) =>
  item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name;

/** A note line of `amount` sen (tax included) at the order line's SST. */
function lineAt(item: Item, description: string, quantity: number, amount: bigint): EinvoiceLine {
  const gross = toSen(item.unit_price) * BigInt(quantity);
  return {
    description,
    quantity,
    unit_price: item.unit_price,
    line_total: fromSen(amount),
    discount: fromSen(gross > amount ? gross - amount : 0n),
    tax_type: item.tax_type,
    tax_rate: item.tax_rate,
    tax_amount: fromSen(item.tax_type === "taxable" ? taxContainedSen(amount, item.tax_rate) : 0n),
    classification: CLASSIFICATION_OTHERS,
  };
}

/** One line of `amount` sen for what has no line of its own: shipping, which the invoice charged without tax. */
function untaxedLine(description: string, amount: bigint): EinvoiceLine {
  return {
    description,
    quantity: 1,
    unit_price: fromSen(amount),
    line_total: fromSen(amount),
    tax_type: "not_applicable",
    tax_rate: "0",
    tax_amount: "0.00",
    classification: CLASSIFICATION_OTHERS,
  };
}

/**
 * A refund without goods: its goods part over the order's lines by what each
 * was sold for after the coupon, one "Refund: <reason>" line per SST rate
 * with the SST it contains.
 */
function refundLines(item: OrderForDocument, record: ReturnRecord, goods: bigint): EinvoiceLine[] {
  const nets = lineNets({
    discount: item.order.discount,
    items: item.lines.map((l) => ({ ...l, returned: 0 })),
  });
  const parts = shareInProportion(goods, nets);
  const byRate = new Map<string, { line: Item; sen: bigint }>();
  item.lines.forEach((line, i) => {
    const key = line.tax_type === "taxable" ? `taxable:${toSen(line.tax_rate)}` : line.tax_type;
    const entry = byRate.get(key) ?? { line, sen: 0n };
    entry.sen += parts[i] ?? 0n;
    byRate.set(key, entry);
  });
  return [...byRate.values()]
    .filter(({ sen }) => sen > 0n)
    .map(({ line, sen }) =>
      lineAt({ ...line, unit_price: fromSen(sen) }, `Refund: ${record.reason}`, 1, sen),
    );
}

/**
 * A record's note lines and shipping charge, adding up to its refund: the
 * returned lines at their amounts and shipping when it was given back, all
 * shared down in proportion when the refund was less (a buy-back, an amount
 * typed, a goodwill refund before).
 */
export function returnNoteLines(
  item: OrderForDocument,
  { record, lines }: ReturnForNote,
): { lines: EinvoiceLine[]; shipping?: string } {
  const refund = toSen(record.refund_amount);
  if (record.kind === "refund") {
    const goods = toSen(record.goods_share);
    const shipping = refund - goods;
    const spread = goods > 0n ? refundLines(item, record, goods) : [];
    // Nothing to spread over (shipping alone, or lines sold for nothing): one line without tax.
    if (spread.length === 0) return { lines: [untaxedLine(`Refund: ${record.reason}`, refund)] };
    return { lines: spread, ...(shipping > 0n ? { shipping: fromSen(shipping) } : {}) };
  }
  const amounts = [...lines.map((l) => toSen(l.amount)), toSen(record.shipping_amount)];
  const whole = amounts.reduce((a, b) => a + b, 0n);
  const parts = refund < whole ? shareInProportion(refund, amounts) : amounts;
  const shipping = parts.at(-1) ?? 0n;
  const goodsLines = lines.flatMap((returned, i) => {
    const sold = item.lines.find((l) => l.item_id === returned.item_id);
    return sold ? [lineAt(sold, describe(sold), returned.quantity, parts[i] ?? 0n)] : [];
  });
  if (goodsLines.length === 0) return { lines: [untaxedLine("Shipping refund", shipping)] };
  return { lines: goodsLines, ...(shipping > 0n ? { shipping: fromSen(shipping) } : {}) };
}
