/**
 * Each return or refund's own MyInvois note (issue 42, docs/decisions/einvoices.md,
 * "Returns and partial refunds") over HTTP on a real database, against the
 * MyInvois-shaped server (test/support/myinvoisServer.ts): an invoiced order
 * given back in three parts has three refund notes naming its invoice, each
 * of what that part gave back, and no whole-order note when the last part
 * makes it Returned.
 */
import type { Einvoice, OrderReturn, Settings } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { orderItems, orders } from "../src/db/schema";
import { EINVOICE_SUBMIT_JOB } from "../src/modules/einvoices/documents";
import {
  EINVOICE_ORDER_JOB,
  EINVOICE_POLL_JOB,
  einvoicesDaily,
  einvoicesForOrder,
  POLLING,
  pollEinvoice,
  submitEinvoice,
} from "../src/modules/einvoices/submission";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { createTestContext, type TestContext, until } from "./helpers";
import { ADDRESS } from "./orderAdd.fixtures";
import { stepUp } from "./staff.fixtures";
import { type MyinvoisTestServer, startMyinvoisServer } from "./support/myinvoisServer";
import { onPostgres } from "./tier";

let ctx: TestContext;
let lhdn: MyinvoisTestServer;
let runner: JobRunner;

beforeAll(async () => {
  ctx = await createTestContext();
  lhdn = await startMyinvoisServer({ pollsBeforeDone: 0 });
  POLLING.firstSeconds = 0;
  runner = startJobRunner(
    ctx.db,
    {
      [EINVOICE_SUBMIT_JOB]: submitEinvoice,
      [EINVOICE_POLL_JOB]: pollEinvoice,
      [EINVOICE_ORDER_JOB]: einvoicesForOrder,
    },
    { pollMs: 20 },
  );
});
afterAll(async () => {
  await runner?.stop(1000);
  await lhdn?.close();
  await ctx?.close();
});

async function setUpEinvoices() {
  const stored: Settings = (await ctx.call("GET", "/api/settings/1")).json();
  await stepUp(ctx);
  const res = await ctx.call("PUT", "/api/settings/1", {
    ...stored,
    store_address: "12 Jalan Ampang, 50450 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur",
    store_contact: "0321234567",
    store_registration: "202301012345",
    tin: "C20830570210",
    msic_code: "47912",
    business_activity: "Retail sale via internet",
    myinvois_client_id: lhdn.clientId,
    myinvois_client_secret: lhdn.clientSecret,
    myinvois_base_url: lhdn.url,
    myinvois_identity_url: lhdn.url,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A paid order (3) of two lines, SST included: 2 × Kopi at RM 53.00 (6%)
 * and 1 × Teh at RM 22.00 (10%), shipping RM 8.00: RM 136.00.
 */
async function paidOrder() {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        order_number: `RT${process.pid}`,
        username: "aminah",
        contact: "0123456789",
        subtotal: "128.00",
        shipping_fee: "8.00",
        total_price: "136.00",
        tax_total: "8.00",
        order_status: 3,
        ...ADDRESS,
      })
      .returning();
    if (!order) throw new Error("no order");
    const lines = await tx
      .insert(orderItems)
      .values(
        [
          { name: "Kopi", quantity: 2, price: "53.00", rate: "6", tax: "6.00" },
          { name: "Teh", quantity: 1, price: "22.00", rate: "10", tax: "2.00" },
        ].map((l) => ({
          orders_id: order.orders_id,
          product_name: l.name,
          quantity: l.quantity,
          unit_price: l.price,
          line_total: (Number(l.price) * l.quantity).toFixed(2),
          tax_type: "taxable" as const,
          tax_rate: l.rate,
          tax_amount: l.tax,
        })),
      )
      .returning();
    return { order, kopi: lines[0]?.item_id as number, teh: lines[1]?.item_id as number };
  });
}

const documents = async (ordersId: number): Promise<Einvoice[]> => {
  const res = await ctx.call("GET", "/api/einvoices?_limit=100");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Einvoice[])
    .filter((e) => e.orders_id === ordersId)
    .sort((a, b) => a.einvoice_id - b.einvoice_id);
};

/** The order's documents once `count` of them are valid. */
const validated = (ordersId: number, count: number) =>
  until(
    () => documents(ordersId),
    (docs) => docs.filter((d) => d.status === "valid").length === count,
  );

/** A UBL JSON node as the document writes it: `[{"_": value}]` values, nested nodes. */
type Node = { [key: string]: [{ _: string | number } & Node] };

/** The note as LHDN received it: its type, reference, total, and lines (description, quantity, amount incl. SST, SST). */
function sent(note: Einvoice) {
  const [submitted] = lhdn.submitted(note.internal_id);
  const doc: Node = JSON.parse(submitted?.bytes.toString("utf8") ?? "{}").Invoice[0];
  const value = (node: Node, ...path: string[]) =>
    path.reduce((at: Node, key) => at[key]?.[0] as Node, node) as unknown as { _: string | number };
  return {
    type: value(doc, "InvoiceTypeCode")._,
    original: value(doc, "BillingReference", "InvoiceDocumentReference", "UUID")._,
    payable: value(doc, "LegalMonetaryTotal", "PayableAmount")._,
    lines: (doc.InvoiceLine as unknown as Node[]).map((line) => {
      const tax = Number(value(line, "TaxTotal", "TaxAmount")._);
      return [
        value(line, "Item", "Description")._,
        value(line, "InvoicedQuantity")._,
        Number(value(line, "LineExtensionAmount")._) + tax,
        tax,
      ];
    }),
  };
}

describe("a return's or refund's own MyInvois note", () => {
  onPostgres(
    "three parts given back: three refund notes of what each gave back, naming the invoice, and no whole-order note",
    async () => {
      await setUpEinvoices();
      const { order, kopi, teh } = await paidOrder();
      // The buyer asks for their own invoice: built at once, the order being paid.
      const asked = await ctx.call("PUT", `/api/orders/${order.orders_id}/buyer`, {
        name: "Syarikat Maju Sdn Bhd",
        tin: "C1234567890",
        id_type: "BRN",
        id_value: "201901000005",
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const [invoice] = await validated(order.orders_id, 1);
      expect(invoice).toMatchObject({ type: "01", amount: "136.00" });

      // One Kopi back: a note of that line, RM 53.00 with its 6% SST.
      const returned = await ctx.call("POST", `/api/orders/${order.orders_id}/returns`, {
        lines: [{ item_id: kopi, quantity: 1 }],
        restock: false,
        reason: "Damaged",
      });
      expect(returned.statusCode, returned.body).toBe(201);
      const first: OrderReturn = returned.json();
      const [, note1] = await validated(order.orders_id, 2);
      expect(note1).toMatchObject({
        type: "04",
        internal_id: first.credit_note_number,
        original_id: invoice?.einvoice_id,
        amount: "53.00",
        tax: "3.00",
      });
      expect(sent(note1 as Einvoice)).toEqual({
        type: "04",
        original: invoice?.uuid,
        payable: 53,
        lines: [["Kopi", 1, 53, 3]],
      });

      // RM 5.00 back without goods: a note of RM 5.00, its SST the lines' proportion.
      const refunded = await ctx.call("POST", `/api/orders/${order.orders_id}/refunds`, {
        amount: "5.00",
        reason: "Late delivery",
      });
      expect(refunded.statusCode, refunded.body).toBe(201);
      const [, , note2] = await validated(order.orders_id, 3);
      expect(note2).toMatchObject({
        type: "04",
        amount: "5.00",
        original_id: invoice?.einvoice_id,
      });
      const second = sent(note2 as Einvoice);
      expect(second.payable).toBe(5);
      expect(second.lines.map((l) => l[0])).toEqual([
        "Refund: Late delivery",
        "Refund: Late delivery",
      ]);

      // The rest back with shipping: what was left to refund (RM 78.00), and the order Returned.
      const rest = await ctx.call("POST", `/api/orders/${order.orders_id}/returns`, {
        lines: [
          { item_id: kopi, quantity: 1 },
          { item_id: teh, quantity: 1 },
        ],
        restock: false,
        refund_shipping: true,
        reason: "Changed mind",
      });
      expect(rest.statusCode, rest.body).toBe(201);
      expect(rest.json().refund_amount).toBe("78.00");
      expect((await ctx.call("GET", `/api/orders/${order.orders_id}`)).json().order_status).toBe(9);
      const docs = await validated(order.orders_id, 4);
      const note3 = docs[3] as Einvoice;
      expect(note3).toMatchObject({
        type: "04",
        internal_id: rest.json().credit_note_number,
        amount: "78.00",
      });
      expect(sent(note3).original).toBe(invoice?.uuid);
      expect(sent(note3).lines.map((l) => [l[0], l[1]])).toEqual([
        ["Kopi", 1],
        ["Teh", 1],
      ]);
      // The notes add up to the invoice; the status change made no whole-order note.
      const notes = docs.filter((d) => d.type === "04");
      const total = notes.reduce((sum, d) => sum + Number(d.amount), 0);
      expect(total.toFixed(2)).toBe("136.00");
      const looks = await ctx.db.execute<{ key: string }>(
        sql`select key from jobs where kind = ${EINVOICE_ORDER_JOB} order by job_id`,
      );
      expect(looks.rows.map((r) => r.key)).toEqual([
        `return:${first.return_id}`,
        `return:${refunded.json().return_id}`,
        `return:${rest.json().return_id}`,
      ]);
      expect(notes).toHaveLength(3);
      expect(docs.some((d) => d.internal_id.startsWith("RN-"))).toBe(false);
      // The daily catch-up finds every record's note made: nothing built twice.
      expect((await einvoicesDaily(ctx.db)).made).toBe(0);
      // A note lost (as if never made) is made again by it, under the record's number.
      await ctx.db.execute(sql`delete from einvoices where einvoice_id = ${note3.einvoice_id}`);
      expect((await einvoicesDaily(ctx.db)).made).toBe(1);
      expect((await documents(order.orders_id)).at(-1)).toMatchObject({
        internal_id: note3.internal_id,
        amount: "78.00",
      });
    },
  );
});
