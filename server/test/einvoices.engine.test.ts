/**
 * E-invoices (issue 40, docs/decisions/einvoices.md) over HTTP on a real
 * database, against a MyInvois-shaped server written from LHDN's published
 * API (test/support/myinvoisServer.ts): a month's consolidated invoice and a
 * large sale's own, a refund note referencing its invoice, LHDN's refusal
 * kept and sent again, the 72-hour cancel window, a document sent once by two
 * servers, and every document's hash the SHA-256 of what was sent. The rules
 * the same on both engines run on PostgreSQL in `npm test` (`onPostgres`);
 * PGlite sends a month's documents through its jobs, once with two runners.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Einvoice, OrderBuyer, Settings } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { einvoices, settings } from "../src/db/schema";
import { readStoreTaxIdentity } from "../src/modules/einvoices/build";
import { verifyEinvoiceSignature } from "../src/modules/einvoices/documentSignature";
import { documentsForOrder, EINVOICE_SUBMIT_JOB } from "../src/modules/einvoices/documents";
import {
  EINVOICE_ORDER_JOB,
  EINVOICE_POLL_JOB,
  einvoicesForOrder,
  POLLING,
  pollEinvoice,
  submitEinvoice,
} from "../src/modules/einvoices/submission";
import { enqueueJob } from "../src/modules/jobs/queue";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { createTestContext, type TestContext, until } from "./helpers";
import { ADDRESS } from "./orderAdd.fixtures";
import { insertOrders } from "./orders.fixtures";
import { insertUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { type MyinvoisTestServer, startMyinvoisServer } from "./support/myinvoisServer";
import { onPostgres } from "./tier";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "einvoice");
const CERTIFICATE = fs.readFileSync(path.join(FIXTURES, "test-signing-cert.pem"), "utf8");
const PRIVATE_KEY = fs.readFileSync(path.join(FIXTURES, "test-signing-key.pem"), "utf8");

const handlers = {
  [EINVOICE_SUBMIT_JOB]: submitEinvoice,
  [EINVOICE_POLL_JOB]: pollEinvoice,
  [EINVOICE_ORDER_JOB]: einvoicesForOrder,
};

let ctx: TestContext;
let lhdn: MyinvoisTestServer;
let runners: JobRunner[] = [];

/** The month before this one, as YYYY-MM, and a time in it. */
const lastMonth = (() => {
  const at = new Date();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - 1);
  return {
    month: at.toISOString().slice(0, 7),
    at: `${at.toISOString().slice(0, 7)}-10 10:00:00`,
  };
})();

beforeAll(async () => {
  ctx = await createTestContext();
  lhdn = await startMyinvoisServer({ pollsBeforeDone: 0 });
  // The test server validates at once: look at once.
  POLLING.firstSeconds = 0;
  runners = [startJobRunner(ctx.db, handlers, { pollMs: 20 })];
  ctx.app.jobs.wake = () => {
    for (const r of runners) r.wake();
  };
  await ctx.db.execute(sql`update report_time_zone set time_zone = 'Asia/Kuala_Lumpur'`);
});
afterAll(async () => {
  for (const r of runners) await r.stop(1000);
  await lhdn.close();
  await ctx.close();
});

/** The store's tax identity and MyInvois access, set as the Settings screen does (with a fresh proof). */
async function setUpEinvoices(signed = false) {
  const stored: Settings = (await ctx.call("GET", "/api/settings/1")).json();
  await stepUp(ctx);
  const res = await ctx.call("PUT", "/api/settings/1", {
    ...stored,
    store_address: "12 Jalan Ampang, 50450 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur",
    store_contact: "0321234567",
    store_registration: "202301012345",
    tin: "C20830570210",
    sst_no: "W10-1808-32000001",
    msic_code: "47912",
    business_activity: "Retail sale via internet",
    myinvois_client_id: lhdn.clientId,
    myinvois_client_secret: lhdn.clientSecret,
    myinvois_base_url: lhdn.url,
    myinvois_identity_url: lhdn.url,
    einvoice_certificate: signed ? CERTIFICATE : "",
    einvoice_private_key: signed ? PRIVATE_KEY : "",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Settings;
}

let serial = 0;
/** A sale of `total` ordered last month (paid: status 2), delivered in Kuala Lumpur. */
async function saleLastMonth(total: string, status = 2) {
  serial += 1;
  const [order] = await insertOrders(ctx.db, [
    {
      order_number: `EI${process.pid}${serial}`,
      username: "aminah",
      contact: "0123456789",
      total_price: total,
      order_status: status,
      created_at: lastMonth.at,
      ...ADDRESS,
    },
  ]);
  if (!order) throw new Error("no order");
  return order;
}

const list = async (): Promise<Einvoice[]> =>
  (await ctx.call("GET", "/api/einvoices?_limit=100")).json();
const one = async (id: number): Promise<Einvoice> =>
  (await ctx.call("GET", `/api/einvoices/${id}`)).json();
const settled = (id: number, status: Einvoice["status"]) =>
  until(
    () => one(id),
    (e) => e.status === status,
  );

describe("e-invoices", () => {
  it("builds and sends nothing before the store's tax identity is set", async () => {
    await saleLastMonth("50.00");
    const res = await ctx.call("POST", "/api/einvoices/consolidate", { month: lastMonth.month });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe("einvoice_not_set_up");
    expect(res.json().message).toContain("TIN");
    expect(await list()).toEqual([]);
    expect(lhdn.requests).toEqual([]);
  });

  onPostgres(
    "keeps the MyInvois secret and signing key write-only, and asks a fresh proof to change them",
    async () => {
      const stored: Settings = (await ctx.call("GET", "/api/settings/1")).json();
      const refused = await ctx.call("PUT", "/api/settings/1", { ...stored, tin: "C20830570210" });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe("step_up_required");
      const saved = await setUpEinvoices(true);
      expect(saved.myinvois_client_secret).not.toContain(lhdn.clientSecret);
      expect(saved.einvoice_private_key).not.toContain("PRIVATE KEY");
      const read: Settings = (await ctx.call("GET", "/api/settings/1")).json();
      expect(read.myinvois_client_secret).toBe(saved.myinvois_client_secret);
      // The masks sent back keep the stored secret and key.
      await ctx.call("PUT", "/api/settings/1", read);
      const [row] = await ctx.db.select().from(settings).where(eq(settings.setting_id, 1));
      expect(row?.myinvois_client_secret).toBe(lhdn.clientSecret);
      expect(row?.einvoice_private_key).toBe(PRIVATE_KEY.trim());
    },
  );

  it("a month of three small sales and one of RM 12,000.00: one consolidated invoice and one of its own, each valid, signed, sent once", async () => {
    await setUpEinvoices(true);
    const small = [
      await saleLastMonth("120.00"),
      await saleLastMonth("80.50"),
      await saleLastMonth("45.25"),
    ];
    const large = await saleLastMonth("12000.00");
    await saleLastMonth("30.00", 1); // pending: not a sale yet
    const res = await ctx.call("POST", "/api/einvoices/consolidate", { month: lastMonth.month });
    expect(res.statusCode, res.body).toBe(200);
    const made: Einvoice[] = res.json();
    const consolidated = made.find((e) => e.month === lastMonth.month);
    const own = made.find((e) => e.orders_id === large.orders_id);
    expect(made).toHaveLength(2);
    // The first test's RM 50.00 sale is in the month too.
    expect(consolidated?.amount).toBe("295.75");
    expect(own).toMatchObject({
      type: "01",
      amount: "12000.00",
      internal_id: `INV-${large.order_number}`,
    });
    for (const doc of [consolidated, own] as Einvoice[]) {
      const valid = await settled(doc.einvoice_id, "valid");
      expect(valid.uuid).toBeTruthy();
      expect(valid.validation_link).toContain(`/${valid.uuid}/share/${valid.long_id}`);
      const sent = lhdn.submitted(doc.internal_id);
      expect(sent).toHaveLength(1);
      const bytes = sent[0]?.bytes as Buffer;
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(valid.document_hash);
      const kept = await ctx.call("GET", `/api/einvoices/${doc.einvoice_id}/document`);
      expect(kept.body).toBe(bytes.toString("utf8"));
      expect(verifyEinvoiceSignature(bytes, CERTIFICATE)).toBe(true);
    }
    // The order's invoice carries the validated e-invoice: its link for the print view, its QR and uuid in the PDF.
    const validOwn = await one(own?.einvoice_id as number);
    const printed = await ctx.call("GET", `/api/orders/documents?ids=${large.orders_id}`);
    expect(printed.json().einvoices[String(large.orders_id)]).toEqual({
      uuid: validOwn.uuid,
      link: validOwn.validation_link,
    });
    const pdf = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${large.orders_id}/invoice.pdf?lang=en`,
      headers: { cookie: ctx.cookie },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain("E-invoice validated by LHDN");
    expect(text).toContain(validOwn.uuid);
    const document = JSON.parse(
      (await ctx.call("GET", `/api/einvoices/${consolidated?.einvoice_id}/document`)).body,
    );
    const buyer = document.Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(JSON.stringify(buyer)).toContain("EI00000000010");
    expect(small.every((o) => o.orders_id !== own?.orders_id)).toBe(true);
    // Asked again: the month's standing documents, nothing built twice.
    const again: Einvoice[] = (
      await ctx.call("POST", "/api/einvoices/consolidate", { month: lastMonth.month })
    ).json();
    expect(again.map((e) => e.einvoice_id)).toEqual([consolidated?.einvoice_id]);
    expect(lhdn.submitted(consolidated?.internal_id as string)).toHaveLength(1);
  });

  onPostgres(
    "a refund of an invoiced sale gives a refund note referencing the invoice",
    async () => {
      const [invoice] = (await list()).filter((e) => e.type === "01" && e.orders_id !== null);
      if (!invoice?.orders_id) throw new Error("no invoice");
      const order = (await ctx.call("GET", `/api/orders/${invoice.orders_id}`)).json();
      const res = await ctx.call("PUT", `/api/orders/${invoice.orders_id}`, {
        ...order,
        order_status: 8,
        tracking_number: "MY123",
      });
      expect(res.statusCode, res.body).toBe(200);
      const note = await until(
        async () => (await list()).find((e) => e.type === "04"),
        (e) => e?.status === "valid",
      );
      expect(note).toMatchObject({ original_id: invoice.einvoice_id, amount: invoice.amount });
      const json = (await ctx.call("GET", `/api/einvoices/${note?.einvoice_id}/document`)).body;
      expect(
        JSON.parse(json).Invoice[0].BillingReference[0].InvoiceDocumentReference[0].UUID[0]._,
      ).toBe(invoice.uuid);
    },
  );

  onPostgres(
    "a document LHDN refuses keeps LHDN's errors, and once corrected is sent again and valid",
    async () => {
      const order = await saleLastMonth("64.00", 3);
      lhdn.reject(`INV-${order.order_number}`, [
        { code: "CF410", message: "Buyer TIN is not valid", target: "BuyerTIN" },
      ]);
      const asked = await ctx.call("PUT", `/api/orders/${order.orders_id}/buyer`, {
        name: "Syarikat Maju Sdn Bhd",
        tin: "C1234567890",
        id_type: "BRN",
        id_value: "201901000005",
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const [made] = (await list()).filter((e) => e.orders_id === order.orders_id);
      const invalid = await settled(made?.einvoice_id as number, "invalid");
      expect(invalid.errors).toContainEqual(
        expect.objectContaining({ message: "Buyer TIN is not valid" }),
      );
      // The buyer's TIN corrected, the document is built again and sent.
      const buyer = await ctx.call("GET", `/api/orders/${order.orders_id}/buyer`);
      await ctx.call("PUT", `/api/orders/${order.orders_id}/buyer`, {
        ...(buyer.json() as OrderBuyer),
        tin: "C9876543210",
      });
      const resent = await ctx.call("POST", `/api/einvoices/${invalid.einvoice_id}/submit`);
      expect(resent.statusCode, resent.body).toBe(200);
      const valid = await settled(invalid.einvoice_id, "valid");
      expect(valid.errors).toEqual([]);
      expect(lhdn.submitted(valid.internal_id)).toHaveLength(2);
      const again = await ctx.call("POST", `/api/einvoices/${valid.einvoice_id}/submit`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("einvoice_status");
    },
  );

  onPostgres("cancels a valid document within 72 hours, and refuses after", async () => {
    const docs = (await list()).filter((e) => e.status === "valid" && e.type === "01");
    const [first, second] = docs;
    if (!first || !second) throw new Error("two valid invoices expected");
    const cancelled = await ctx.call("POST", `/api/einvoices/${first.einvoice_id}/cancel`, {
      reason: "Wrong buyer",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", cancel_reason: "Wrong buyer" });
    // 73 hours later at LHDN: refused there, and so here.
    lhdn.advanceHours(73);
    const late = await ctx.call("POST", `/api/einvoices/${second.einvoice_id}/cancel`, {
      reason: "Too late",
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe("cancel_window_passed");
    // Validated 73 hours ago by our own record: refused without asking LHDN.
    const asked = lhdn.requests.length;
    await ctx.db
      .update(einvoices)
      .set({ validated_at: sql`now() - interval '73 hours'` })
      .where(eq(einvoices.einvoice_id, second.einvoice_id));
    const ours = await ctx.call("POST", `/api/einvoices/${second.einvoice_id}/cancel`, {
      reason: "Too late",
    });
    expect(ours.json().code).toBe("cancel_window_passed");
    expect(lhdn.requests.length).toBe(asked);
    expect((await one(second.einvoice_id)).status).toBe("valid");
  });

  onPostgres(
    "a released commission period gives each agent paid a self-billed invoice, the agent its supplier",
    async () => {
      const withTin = await insertUser(ctx.db, { f_name: "Siti", l_name: "Rahman" });
      const without = await insertUser(ctx.db, { f_name: "Lim", l_name: "Wei" });
      await ctx.db.execute(sql`insert into user_kyc (user_id, status, nric, tin)
      values (${withTin}, 'verified', '900101145678', 'IG12345678090'),
        (${without}, 'verified', '880202105432', '')`);
      const [period] = (
        await ctx.db.execute<{ period_id: number }>(sql`
        insert into commission_periods (starts_on, ends_on, status, released_at)
        values ('2001-01-01', '2001-01-31', 'calculated', null) returning period_id`)
      ).rows;
      const periodId = period?.period_id as number;
      await ctx.db.execute(sql`insert into commission_period_members (period_id, user_id, amount, released_at)
      values (${periodId}, ${withTin}, 250.40, now()), (${periodId}, ${without}, 99.60, now())`);
      const early = await ctx.call("POST", "/api/einvoices/selfBilled", { period_id: periodId });
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().code).toBe("einvoice_period_not_released");
      await ctx.db.execute(
        sql`update commission_periods set status = 'released', released_at = now() where period_id = ${periodId}`,
      );
      const res = await ctx.call("POST", "/api/einvoices/selfBilled", { period_id: periodId });
      expect(res.statusCode, res.body).toBe(200);
      const made: Einvoice[] = res.json();
      expect(made.map((e) => [e.type, e.amount])).toEqual([
        ["11", "250.40"],
        ["11", "99.60"],
      ]);
      for (const doc of made) {
        const valid = await settled(doc.einvoice_id, "valid");
        const sent = JSON.parse(
          lhdn.submitted(valid.internal_id)[0]?.bytes.toString("utf8") ?? "{}",
        );
        const invoice = sent.Invoice[0];
        const supplier = JSON.stringify(invoice.AccountingSupplierParty);
        expect(JSON.stringify(invoice.AccountingCustomerParty)).toContain("C20830570210");
        expect(supplier).toContain(doc.amount === "250.40" ? "IG12345678090" : "EI00000000010");
        expect(supplier).toContain(doc.amount === "250.40" ? "900101145678" : "880202105432");
        expect(JSON.stringify(invoice.InvoiceLine)).toContain("037");
      }
      const again: Einvoice[] = (
        await ctx.call("POST", "/api/einvoices/selfBilled", { period_id: periodId })
      ).json();
      expect(again.map((e) => e.einvoice_id).sort()).toEqual(made.map((e) => e.einvoice_id).sort());
    },
  );

  it("two servers never send one document twice", async () => {
    runners.push(startJobRunner(ctx.db, handlers, { pollMs: 5 }));
    // LHDN slow to answer, and the same draft's send queued twice: each server takes one.
    lhdn.setDelay(300);
    const order = await saleLastMonth("15000.00", 4);
    const [draft] = await ctx.db.transaction(async (tx) => {
      const made = await documentsForOrder(
        tx,
        null,
        await readStoreTaxIdentity(tx),
        order.orders_id,
      );
      const id = made[0]?.einvoice_id as number;
      await enqueueJob(tx, {
        kind: EINVOICE_SUBMIT_JOB,
        key: `again:${id}`,
        payload: { einvoice_id: id },
      });
      return made;
    });
    ctx.app.jobs.wake();
    const valid = await settled(draft?.einvoice_id as number, "valid");
    lhdn.setDelay(0);
    const done = sql`select count(*)::int as n from jobs where kind = ${EINVOICE_SUBMIT_JOB}
      and payload->>'einvoice_id' = ${String(valid.einvoice_id)} and status = 'done'`;
    await until(
      async () => (await ctx.db.execute<{ n: number }>(done)).rows[0]?.n,
      (n) => n === 2,
    );
    const sends = lhdn.requests.filter(
      (r) => r.method === "POST" && JSON.stringify(r.body).includes(valid.internal_id),
    );
    expect(sends).toHaveLength(1);
  });
});
