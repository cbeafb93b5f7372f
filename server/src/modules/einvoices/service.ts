/**
 * E-invoices (issue 40, docs/decisions/einvoices.md): each document is built
 * from its orders, validated against the guideline's rules and hashed before
 * it leaves, kept byte for byte, and sent by a job (submission.ts). An order
 * is in one standing invoice and one standing note at most (einvoice_orders'
 * primary key); a month has one standing consolidated invoice.
 */
import {
  type Einvoice,
  fromSen,
  type ListQuery,
  type orderBuyerInput,
  toSen,
} from "@store/contract";
import { and, eq, getTableColumns, inArray, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import {
  commissionPeriods,
  einvoiceOrders,
  einvoices,
  orderBuyers,
  orders,
  settings,
} from "../../db/schema";
import { STORE_ZONE } from "../../db/storeZone";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, mapPage, type Page, readPage } from "../../lib/lists";
import { requireVersion } from "../../lib/versions";
import { ordersForDocuments, readStoreTaxIdentity } from "./build";
import {
  consolidatedSpec,
  createDocument,
  daysOf,
  documentsForOrder,
  type EinvoiceRow,
  needsOwnInvoice,
  orderSpec,
  periodAgents,
  queueSubmit,
  rebuiltDocument,
  SOLD,
  selfBilledSpec,
  TODAY,
} from "./documents";
import { MYINVOIS_ENVIRONMENTS, validationLink } from "./myinvois";

// reads

const listSpec = defineList({
  fields: fieldsOf(getTableColumns(einvoices)),
  search: [einvoices.internal_id, einvoices.uuid, einvoices.month],
  defaultOrder: { by: einvoices.einvoice_id, order: "desc" },
  key: einvoices.einvoice_id,
});

const columns = {
  ...getTableColumns(einvoices),
  order_number: sql<string | null>`(select o.order_number from orders o
    where o.orders_id = "einvoices"."orders_id")`,
};

/** The portal the validation links point at: the store's environment's. */
async function portalOf(db: Tx): Promise<string> {
  const [row] = await db
    .select({ environment: settings.myinvois_environment })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return MYINVOIS_ENVIRONMENTS[row?.environment ?? "sandbox"].portalUrl;
}

function einvoiceRecord(
  row: EinvoiceRow & { order_number: string | null },
  portal: string,
): Einvoice {
  return {
    einvoice_id: row.einvoice_id,
    type: row.type,
    internal_id: row.internal_id,
    orders_id: row.orders_id,
    order_number: row.order_number,
    month: row.month,
    period_id: row.period_id,
    original_id: row.original_id,
    amount: fromSen(toSen(row.amount)),
    tax: fromSen(toSen(row.tax)),
    status: row.status,
    uuid: row.uuid,
    long_id: row.long_id,
    submission_uid: row.submission_uid,
    errors: row.errors,
    document_hash: row.document_hash,
    validation_link:
      row.status === "valid" && row.uuid && row.long_id
        ? validationLink(portal, row.uuid, row.long_id)
        : null,
    submitted_at: row.submitted_at,
    validated_at: row.validated_at,
    cancelled_at: row.cancelled_at,
    cancel_reason: row.cancel_reason,
    created_at: row.created_at,
    version: row.version,
  };
}

export async function listEinvoices(db: Tx, query: ListQuery): Promise<Page<Einvoice>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: einvoices,
    rows: (where, orderBy) =>
      db
        .select(columns)
        .from(einvoices)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.einvoice_id,
  });
  if (page.export) return page as unknown as Page<Einvoice>;
  const portal = await portalOf(db);
  return mapPage(page, async (rows) => rows.map((row) => einvoiceRecord(row, portal)));
}

async function rowOf(tx: Tx, id: number, lock = false) {
  const query = tx.select(columns).from(einvoices).where(eq(einvoices.einvoice_id, id));
  const [row] = await (lock ? query.for("update", { of: einvoices }) : query);
  if (!row) throw notFound("E-invoice");
  return row;
}

/** The valid own invoices of `ids` by orders_id: their uuid and validation link (the PDF's QR code). */
export async function validatedInvoices(db: Tx, ids: number[]) {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ orders_id: einvoices.orders_id, uuid: einvoices.uuid, long_id: einvoices.long_id })
    .from(einvoices)
    .where(
      and(
        inArray(einvoices.orders_id, ids),
        eq(einvoices.type, "01"),
        eq(einvoices.status, "valid"),
      ),
    );
  const portal = await portalOf(db);
  return Object.fromEntries(
    rows.flatMap((row) =>
      row.orders_id && row.uuid && row.long_id
        ? [
            [
              String(row.orders_id),
              { uuid: row.uuid, link: validationLink(portal, row.uuid, row.long_id) },
            ],
          ]
        : [],
    ),
  );
}

export async function getEinvoice(db: Tx, id: number): Promise<Einvoice> {
  return einvoiceRecord(await rowOf(db, id), await portalOf(db));
}

/** Documents a call made or found, as the list answers them: one read, in the order given. */
export async function einvoicesOf(db: Tx, rows: readonly { einvoice_id: number }[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.einvoice_id);
  const [found, portal] = await Promise.all([
    db.select(columns).from(einvoices).where(inArray(einvoices.einvoice_id, ids)),
    portalOf(db),
  ]);
  const byId = new Map(found.map((row) => [row.einvoice_id, einvoiceRecord(row, portal)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The JSON sent (or to be sent): the exact bytes its hash is of. */
export async function einvoiceDocument(db: Tx, id: number): Promise<string> {
  return (await rowOf(db, id)).document;
}

// the month's consolidated invoice

export async function consolidateMonth(
  db: Db,
  actor: Actor | null,
  month: string,
): Promise<EinvoiceRow[]> {
  return db.transaction(async (tx) => {
    const identity = await readStoreTaxIdentity(tx);
    const { from, to } = daysOf(month);
    const [today] = (await tx.execute<{ today: string }>(sql`select ${TODAY} as today`)).rows;
    if (!today || today.today <= to)
      throw conflict(
        "einvoice_month_not_ended",
        { month },
        `The month ${month} has not ended yet; its consolidated invoice can be made from the day after ${to}.`,
      );
    const paid = await tx
      .select({ id: orders.orders_id })
      .from(orders)
      .where(
        and(
          inArray(orders.order_status, SOLD),
          // Sold in the month: paid then, or (no payment stamp) ordered then.
          sql`(coalesce(${orders.paid_on}, ${orders.created_at}) at time zone ${STORE_ZONE})::date
            between ${from}::date and ${to}::date`,
          notInArray(
            orders.orders_id,
            tx
              .select({ id: einvoiceOrders.orders_id })
              .from(einvoiceOrders)
              .where(eq(einvoiceOrders.kind, "invoice")),
          ),
        ),
      )
      .orderBy(orders.orders_id);
    const items = await ordersForDocuments(
      tx,
      paid.map((p) => p.id),
    );
    const made: EinvoiceRow[] = [];
    for (const item of items.filter(needsOwnInvoice))
      made.push(await createDocument(tx, actor, identity, orderSpec(item, "01")));
    const ordinary = items.filter((item) => !needsOwnInvoice(item));
    const [standing] = await tx
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.month, month), sql`${einvoices.status} <> 'cancelled'`));
    if (standing) return [standing, ...made];
    if (ordinary.length === 0) return made;
    const consolidated = await createDocument(
      tx,
      actor,
      identity,
      consolidatedSpec(
        month,
        ordinary,
        ordinary.map((item) => item.order.orders_id),
      ),
    );
    return [consolidated, ...made];
  });
}

// agents' commissions

/**
 * POST einvoices/selfBilled {period_id}: once a commission period is released,
 * a self-billed invoice (type 11) for each agent paid in it; asked again, the
 * period's standing ones, nothing built twice.
 */
export async function selfBillPeriod(db: Db, actor: Actor | null, periodId: number) {
  return db.transaction(async (tx) => {
    const identity = await readStoreTaxIdentity(tx);
    const [period] = await tx
      .select({ status: commissionPeriods.status })
      .from(commissionPeriods)
      .where(eq(commissionPeriods.period_id, periodId));
    if (!period) throw notFound("Commission period");
    if (period.status !== "released")
      throw conflict(
        "einvoice_period_not_released",
        { status: period.status },
        `Self-billed invoices are made once the period's commissions are released; it is ${period.status}.`,
      );
    const standing = await tx
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.period_id, periodId), sql`${einvoices.status} <> 'cancelled'`));
    const billed = new Set(standing.map((row) => row.user_id));
    const made: EinvoiceRow[] = [];
    for (const agent of await periodAgents(tx, periodId)) {
      if (!billed.has(agent.user_id))
        made.push(await createDocument(tx, actor, identity, selfBilledSpec(identity, agent)));
    }
    return [...standing, ...made];
  });
}

// a buyer's request

/**
 * PUT orders/{id}/buyer: the buyer's details for an invoice of their own;
 * once the order is paid (and the store set up) the invoice is built and sent.
 */
export async function setOrderBuyer(
  db: Db,
  actor: Actor,
  ordersId: number,
  input: z.output<typeof orderBuyerInput>,
  expected?: number,
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.orders_id })
      .from(orders)
      .where(eq(orders.orders_id, ordersId))
      .for("update");
    if (!order) throw notFound("Order");
    const [before] = await tx
      .select()
      .from(orderBuyers)
      .where(eq(orderBuyers.orders_id, ordersId))
      .for("update");
    if (before)
      await requireVersion(tx, { entity: "OrderBuyer", id: ordersId, row: before }, expected);
    const values = { ...input, sst_no: input.sst_no, orders_id: ordersId };
    const [after] = before
      ? await tx
          .update(orderBuyers)
          .set({ ...values, updated_at: sql`now()`, version: sql`${orderBuyers.version} + 1` })
          .where(eq(orderBuyers.orders_id, ordersId))
          .returning()
      : await tx.insert(orderBuyers).values(values).returning();
    if (!after) throw new Error("order buyer write returned nothing");
    await recordAudit(tx, actor, {
      entity: "OrderBuyer",
      entityId: ordersId,
      action: before ? "update" : "create",
      before,
      after,
    });
    const identity = await readStoreTaxIdentity(tx).catch(() => undefined);
    if (identity) await documentsForOrder(tx, actor, identity, ordersId);
    return after;
  });
}

export async function getOrderBuyer(db: Tx, ordersId: number) {
  const [row] = await db.select().from(orderBuyers).where(eq(orderBuyers.orders_id, ordersId));
  if (!row) throw notFound("Order buyer");
  return row;
}

// by hand: send again, cancel

/**
 * POST einvoices/{id}/submit: a draft, or an invalid document once its data
 * is corrected, is built again from what it stands for and sent.
 */
export async function resubmitEinvoice(db: Db, actor: Actor, id: number, expected?: number) {
  return db.transaction(async (tx) => {
    const row = await rowOf(tx, id, true);
    await requireVersion(tx, { entity: "Einvoice", id, row }, expected);
    if (row.status !== "draft" && row.status !== "invalid")
      throw conflict(
        "einvoice_status",
        { status: row.status },
        `Only a draft or invalid e-invoice can be sent again; this one is ${row.status}.`,
      );
    const identity = await readStoreTaxIdentity(tx);
    const rebuilt = await rebuiltDocument(tx, identity, row);
    const [after] = await tx
      .update(einvoices)
      .set({
        status: rebuilt.problems.length > 0 ? "invalid" : "draft",
        errors: rebuilt.problems,
        document: rebuilt.text,
        document_hash: rebuilt.hash,
        uuid: null,
        long_id: null,
        submission_uid: null,
        updated_at: sql`now()`,
        version: sql`${einvoices.version} + 1`,
      })
      .where(eq(einvoices.einvoice_id, id))
      .returning();
    if (!after) throw new Error("einvoice update returned nothing");
    await recordAudit(tx, actor, {
      entity: "Einvoice",
      entityId: id,
      action: "update",
      before: { status: row.status, document_hash: row.document_hash },
      after: { status: after.status, document_hash: after.document_hash },
    });
    if (after.status === "draft") await queueSubmit(tx, after);
    return einvoiceRecord({ ...after, order_number: row.order_number }, await portalOf(tx));
  });
}
