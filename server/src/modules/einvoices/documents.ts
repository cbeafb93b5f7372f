/**
 * Building and keeping documents (docs/decisions/einvoices.md): each one
 * built from what it stands for, validated against the guideline's rules and
 * hashed here, kept byte for byte, and queued to be sent (submission.ts).
 */
import {
  EINVOICE_INDIVIDUAL_FROM,
  type EinvoiceError,
  type EinvoiceType,
  fromSen,
  toSen,
} from "@store/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { einvoiceOrders, einvoices } from "../../db/schema";
import { STORE_TODAY } from "../../db/storeZone";
import { type Actor, recordAudit } from "../../lib/audit";
import { notFound } from "../../lib/errors";
import { enqueueJob } from "../jobs/queue";
import {
  buyerOf,
  linesOf,
  type OrderForDocument,
  orderDocumentId,
  ordersForDocuments,
  type StoreTaxIdentity,
} from "./build";
import { buildEinvoiceDocument, documentBytes, documentHash } from "./document";
import { validateEinvoiceDocument } from "./documentSchema";
import { signEinvoiceDocument } from "./documentSignature";
import {
  CLASSIFICATION_SELF_BILLED_AGENTS,
  type EinvoiceInput,
  type EinvoiceLine,
} from "./documentTypes";
import {
  isNoteOf,
  type ReturnForNote,
  returnNoteLines,
  returnOfNote,
  returnsOfOrder,
} from "./returnNotes";

export const EINVOICE_SUBMIT_JOB = "einvoice.submit";

export type EinvoiceRow = typeof einvoices.$inferSelect;

/** Paid and standing: statuses 2-6 (not pending, canceled, refunded or returned). */
export const SOLD = [2, 3, 4, 5, 6];
/** An invoiced order in one of these gets a note: 7 a credit note, 8 and 9 a refund note. */
export const NOTE_TYPE: Record<number, "02" | "04"> = { 7: "02", 8: "04", 9: "04" };

/** What a document is made of beside its input: the record it stands for. */
export interface DocumentSpec {
  type: EinvoiceType;
  internalId: string;
  orders_id?: number;
  month?: string;
  /** A self-billed invoice's period and agent. */
  period?: { period_id: number; user_id: number };
  original?: EinvoiceRow;
  /** The orders it covers, and as what. */
  covers: { ids: number[]; kind: "invoice" | "note" };
  /** The supplier is the store's, but a self-billed invoice's: the agent (the store its buyer). */
  input: Omit<EinvoiceInput, "type" | "id" | "issued_at" | "supplier" | "original"> &
    Partial<Pick<EinvoiceInput, "supplier">>;
}

/** A spec's input under its number, issued now, naming its original. */
function inputOf(identity: StoreTaxIdentity, spec: DocumentSpec, id: string): EinvoiceInput {
  const original = spec.original;
  return {
    supplier: identity.supplier,
    ...spec.input,
    type: spec.type,
    id,
    issued_at: new Date(),
    ...(original?.uuid
      ? { original: { uuid: original.uuid, internal_id: original.internal_id } }
      : {}),
  };
}

/** The document's JSON, signed when the store has its certificate, and what the guideline finds wrong in it. */
function documentOf(identity: StoreTaxIdentity, input: EinvoiceInput) {
  const built = buildEinvoiceDocument(input);
  const keys = identity.access.keys;
  const document = keys ? signEinvoiceDocument(built, keys, input.issued_at) : built;
  const bytes = documentBytes(document);
  const problems: EinvoiceError[] = validateEinvoiceDocument(document).map((p) => ({
    code: "guideline",
    message: p.message,
    target: p.path,
  }));
  return { text: bytes.toString("utf8"), hash: documentHash(bytes).hash, problems };
}

const sumOf = (lines: readonly EinvoiceLine[], field: "line_total" | "tax_amount") =>
  lines.reduce((sum, line) => sum + toSen(line[field]), 0n);

/** `base`, or `base-2`, `-3`… when earlier documents were cancelled: LHDN's ids are not reused. */
async function freeInternalId(tx: Tx, base: string): Promise<string> {
  const taken = await tx
    .select({ id: einvoices.internal_id })
    .from(einvoices)
    .where(sql`${einvoices.internal_id} = ${base} or ${einvoices.internal_id} like ${`${base}-%`}`);
  return taken.length === 0 ? base : `${base}-${taken.length + 1}`;
}

/**
 * Builds and keeps one document: a draft queued to be sent, or, when the
 * guideline's rules refuse it here, invalid with their errors and not sent.
 */
export async function createDocument(
  tx: Tx,
  actor: Actor | null,
  identity: StoreTaxIdentity,
  spec: DocumentSpec,
): Promise<EinvoiceRow> {
  const internalId = await freeInternalId(tx, spec.internalId);
  const original = spec.original;
  const { text, hash, problems } = documentOf(identity, inputOf(identity, spec, internalId));
  const charges = toSen(spec.input.shipping ?? "0");
  const [row] = await tx
    .insert(einvoices)
    .values({
      type: spec.type,
      internal_id: internalId,
      orders_id: spec.orders_id ?? null,
      month: spec.month ?? null,
      period_id: spec.period?.period_id ?? null,
      user_id: spec.period?.user_id ?? null,
      original_id: original?.einvoice_id ?? null,
      amount: fromSen(sumOf(spec.input.lines, "line_total") + charges),
      tax: fromSen(sumOf(spec.input.lines, "tax_amount")),
      status: problems.length > 0 ? "invalid" : "draft",
      errors: problems,
      document: text,
      document_hash: hash,
    })
    .returning();
  if (!row) throw new Error("einvoice insert returned nothing");
  if (spec.covers.ids.length > 0) {
    await tx.insert(einvoiceOrders).values(
      spec.covers.ids.map((orders_id) => ({
        orders_id,
        kind: spec.covers.kind,
        einvoice_id: row.einvoice_id,
      })),
    );
  }
  await recordAudit(tx, actor, {
    entity: "Einvoice",
    entityId: row.einvoice_id,
    action: "create",
    after: { ...row, document: undefined },
  });
  if (row.status === "draft") await queueSubmit(tx, row);
  return row;
}

export async function queueSubmit(tx: Tx, row: Pick<EinvoiceRow, "einvoice_id" | "version">) {
  await enqueueJob(tx, {
    kind: EINVOICE_SUBMIT_JOB,
    key: `einvoice:${row.einvoice_id}:${row.version}`,
    payload: { einvoice_id: row.einvoice_id },
  });
}

/** An order's own invoice, or a note on it: its lines and buyer as sold. */
export function orderSpec(
  item: OrderForDocument,
  type: "01" | "02" | "04",
  original?: EinvoiceRow,
): DocumentSpec {
  const { order } = item;
  return {
    type,
    internalId: orderDocumentId(type, order.order_number),
    orders_id: order.orders_id,
    ...(original ? { original } : {}),
    covers: { ids: [order.orders_id], kind: type === "01" ? "invoice" : "note" },
    input: {
      buyer: buyerOf(item),
      lines: linesOf(item),
      ...(toSen(order.shipping_fee) > 0n ? { shipping: order.shipping_fee } : {}),
    },
  };
}

/** Whether a sale needs its own invoice: the buyer asked, or it is RM 10,000.00 or more. */
export function needsOwnInvoice(item: OrderForDocument): boolean {
  return item.buyer !== null || toSen(item.order.total_price) >= toSen(EINVOICE_INDIVIDUAL_FROM);
}

/**
 * A return's or refund's own refund note (04: money went back, as for a
 * refunded order), numbered as the record's credit note, for what it gave
 * back, naming the invoice that covered the order (docs/decisions/einvoices.md).
 */
export function returnSpec(
  item: OrderForDocument,
  given: ReturnForNote,
  invoice: EinvoiceRow,
): DocumentSpec {
  const { lines, shipping } = returnNoteLines(item, given);
  return {
    type: "04",
    internalId: given.record.credit_note_number,
    orders_id: item.order.orders_id,
    original: invoice,
    // Not in einvoice_orders (one note an order): the record's number finds its note.
    covers: { ids: [], kind: "note" },
    input: {
      // A note on a month's invoice: the order's part of it, with the buyer it was given to.
      buyer: buyerOf(invoice.month ? { ...item, buyer: null } : item),
      lines,
      ...(shipping ? { shipping } : {}),
    },
  };
}

/** The notes of the order's returns and refunds that gave money back and have none standing yet. */
async function returnNotes(
  tx: Tx,
  actor: Actor | null,
  identity: StoreTaxIdentity,
  item: OrderForDocument,
  invoice: EinvoiceRow,
  returns: ReturnForNote[],
): Promise<EinvoiceRow[]> {
  const standing = await tx
    .select({ id: einvoices.internal_id })
    .from(einvoices)
    .where(and(eq(einvoices.orders_id, item.order.orders_id), ne(einvoices.status, "cancelled")));
  const made: EinvoiceRow[] = [];
  for (const given of returns) {
    if (toSen(given.record.refund_amount) === 0n) continue;
    if (standing.some((s) => isNoteOf(s.id, given.record))) continue;
    made.push(await createDocument(tx, actor, identity, returnSpec(item, given, invoice)));
  }
  return made;
}

/**
 * What an order's state calls for now: its own invoice once paid (when it
 * needs one), a note once an invoiced sale is canceled, refunded or
 * returned; with returns or refunds recorded, a note of each instead, and
 * no whole-order note on top. Anything already standing is left as it is.
 */
export async function documentsForOrder(
  tx: Tx,
  actor: Actor | null,
  identity: StoreTaxIdentity,
  ordersId: number,
): Promise<EinvoiceRow[]> {
  const [item] = await ordersForDocuments(tx, [ordersId]);
  if (!item) return [];
  const covered = await tx
    .select({ kind: einvoiceOrders.kind, row: einvoices })
    .from(einvoiceOrders)
    .innerJoin(einvoices, eq(einvoices.einvoice_id, einvoiceOrders.einvoice_id))
    .where(eq(einvoiceOrders.orders_id, ordersId));
  const invoice = covered.find((c) => c.kind === "invoice")?.row;
  const note = covered.find((c) => c.kind === "note")?.row;
  const status = item.order.order_status;
  const noteType = NOTE_TYPE[status];
  if (!invoice && SOLD.includes(status) && needsOwnInvoice(item))
    return [await createDocument(tx, actor, identity, orderSpec(item, "01"))];
  const issued = invoice && ["submitted", "valid"].includes(invoice.status) ? invoice : undefined;
  const returns = issued ? await returnsOfOrder(tx, ordersId) : [];
  if (issued && returns.length > 0) return returnNotes(tx, actor, identity, item, issued, returns);
  if (noteType && issued && !note) {
    const spec = orderSpec(item, noteType, issued);
    // A note on a month's invoice: the order's part of it, with the buyer it was given to.
    if (issued.month) spec.input.buyer = buyerOf({ ...item, buyer: null });
    return [await createDocument(tx, actor, identity, spec)];
  }
  return [];
}

/** The first and last day of `month` (YYYY-MM). */
export function daysOf(month: string) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The store's today, in its recorded zone (the reports' zone, migration 0024). */
export const TODAY = sql<string>`${STORE_TODAY}::text`;

/** A summary line per SST rate: the month's ordinary sales, each receipt counted once. */
export function summaryLines(month: string, items: OrderForDocument[]): EinvoiceLine[] {
  const byRate = new Map<string, { line: EinvoiceLine; net: bigint; tax: bigint; n: number }>();
  for (const item of items) {
    for (const line of linesOf(item)) {
      const key = `${line.tax_type}:${line.tax_rate}`;
      const entry = byRate.get(key) ?? {
        line: { ...line, quantity: 1, discount: "0.00" },
        net: 0n,
        tax: 0n,
        n: 0,
      };
      entry.net += toSen(line.line_total);
      entry.tax += toSen(line.tax_amount);
      entry.n += 1;
      byRate.set(key, entry);
    }
  }
  const first = items[0]?.order.order_number ?? "";
  const last = items.at(-1)?.order.order_number ?? "";
  return [...byRate.values()].map(({ line, net, tax }) => ({
    ...line,
    description: `Sales of ${month}: receipts ${first} to ${last} (${items.length})`,
    unit_price: fromSen(net),
    line_total: fromSen(net),
    tax_amount: fromSen(tax),
  }));
}

/** The document built again from what it stands for, as it is now (a corrected buyer or agent). */
export async function rebuiltDocument(tx: Tx, identity: StoreTaxIdentity, row: EinvoiceRow) {
  return documentOf(identity, inputOf(identity, await specOf(tx, identity, row), row.internal_id));
}

async function specOf(tx: Tx, identity: StoreTaxIdentity, row: EinvoiceRow): Promise<DocumentSpec> {
  if (row.period_id !== null && row.user_id !== null) {
    const [agent] = await periodAgents(tx, row.period_id, [row.user_id]);
    if (!agent) throw notFound("Commission period member");
    return selfBilledSpec(identity, agent);
  }
  const given = row.original_id !== null ? await returnOfNote(tx, row.internal_id) : undefined;
  const covered = given
    ? [{ id: given.record.orders_id }]
    : await tx
        .select({ id: einvoiceOrders.orders_id })
        .from(einvoiceOrders)
        .where(eq(einvoiceOrders.einvoice_id, row.einvoice_id))
        .orderBy(einvoiceOrders.orders_id);
  const items = await ordersForDocuments(
    tx,
    covered.map((c) => c.id),
  );
  if (row.month !== null) return consolidatedSpec(row.month, items, []);
  const [original] = row.original_id
    ? await tx.select().from(einvoices).where(eq(einvoices.einvoice_id, row.original_id))
    : [];
  const item = items[0] as OrderForDocument;
  if (given && original) return returnSpec(item, given, original);
  return orderSpec(item, row.type as "01" | "02" | "04", original);
}

/** The month's consolidated invoice of `items`, to the general public, one summary line per SST rate. */
export function consolidatedSpec(
  month: string,
  items: OrderForDocument[],
  covers: number[],
): DocumentSpec {
  const shipping = items.reduce((sum, item) => sum + toSen(item.order.shipping_fee), 0n);
  return {
    type: "01",
    internalId: `CON-${month}`,
    month,
    covers: { ids: covers, kind: "invoice" },
    input: {
      consolidated: true,
      buyer: buyerOf({ ...(items[0] as OrderForDocument), buyer: null }),
      lines: summaryLines(month, items),
      period: daysOf(month),
      ...(shipping > 0n ? { shipping: fromSen(shipping) } : {}),
    },
  };
}

// self-billed invoices: the store pays its agents their commissions

/** An agent paid in a commission period: who they are to LHDN and what they were paid. */
export type PeriodAgent = {
  period_id: number;
  starts_on: string;
  ends_on: string;
  user_id: number;
  name: string;
  phone: string;
  email: string;
  tin: string;
  nric: string | null;
  passport: string | null;
  amount: string;
};

/** The period's agents paid more than nothing, released (all, or `userIds`), with their KYC. */
export async function periodAgents(
  tx: Tx,
  periodId: number,
  userIds?: number[],
): Promise<PeriodAgent[]> {
  const result = await tx.execute<PeriodAgent>(sql`
    select m.period_id, p.starts_on::text as starts_on, p.ends_on::text as ends_on, m.user_id,
      coalesce(nullif(trim(concat_ws(' ', u.f_name, u.l_name)), ''), u.username) as name,
      u.contact as phone, u.email, coalesce(k.tin, '') as tin, k.nric, k.passport,
      m.amount::text as amount
    from commission_period_members m
    join commission_periods p on p.period_id = m.period_id
    join users u on u.user_id = m.user_id
    left join user_kyc k on k.user_id = m.user_id
    where m.period_id = ${periodId} and m.amount > 0 and m.released_at is not null
      ${userIds ? sql`and m.user_id = any(${`{${userIds.join(",")}}`}::int[])` : sql``}
    order by m.user_id`);
  return result.rows;
}

/**
 * The self-billed invoice (type 11) of one agent's commissions in a period:
 * the agent supplies (their TIN, else the guideline's general one with their
 * NRIC or passport), the store buys; outside SST, classification 037.
 */
export function selfBilledSpec(identity: StoreTaxIdentity, agent: PeriodAgent): DocumentSpec {
  const id = agent.nric
    ? { id_type: "NRIC" as const, id_value: agent.nric }
    : { id_type: "PASSPORT" as const, id_value: agent.passport ?? "NA" };
  return {
    type: "11",
    internalId: `SB-${agent.period_id}-${agent.user_id}`,
    period: { period_id: agent.period_id, user_id: agent.user_id },
    covers: { ids: [], kind: "invoice" },
    input: {
      supplier: {
        tin: agent.tin,
        ...id,
        sst_no: "NA",
        name: agent.name,
        email: agent.email || undefined,
        phone: agent.phone || "NA",
        address: { line1: "NA", city: "NA", postcode: "", state: "17", country: "MYS" },
      },
      buyer: identity.supplier,
      lines: [
        {
          description: `Commission ${agent.starts_on} to ${agent.ends_on}`,
          quantity: 1,
          unit_price: agent.amount,
          line_total: agent.amount,
          tax_type: "not_applicable",
          tax_rate: "0",
          tax_amount: "0.00",
          classification: CLASSIFICATION_SELF_BILLED_AGENTS,
        },
      ],
      period: { from: agent.starts_on, to: agent.ends_on },
    },
  };
}
