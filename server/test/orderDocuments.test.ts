import path from "node:path";
import {
  formatMoney,
  invoiceNumber,
  ORDER_DOCUMENTS_MAX,
  type OrderRecord,
  toSen,
} from "@store/contract";
import type { LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/db/seed/demo";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, type StaffMember } from "./staff.fixtures";

/**
 * Invoices and packing slips as PDF (docs/decisions/invoices.md): the text a
 * reader of the file sees, extracted from the real answer.
 */
let ctx: TestContext;
let orders: OrderRecord[];
let clerk: StaffMember;
const REGISTRATION = "202301012345 (1234567-X)";

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoStore(ctx.db, path.join(ctx.dataDir, "uploads"), {
    now: new Date("2026-05-09T04:00:00Z"),
    size: {
      products: 6,
      users: 4,
      orders: 6,
      vouchers: 2,
      withdrawals: 0,
      agencyStores: 0,
      banners: 0,
      testimonials: 0,
    },
  });
  const settings = (await ctx.call("GET", "/api/settings/1")).json();
  const saved = await ctx.call("PUT", "/api/settings/1", {
    ...settings,
    store_registration: REGISTRATION,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const list = (await ctx.call("GET", "/api/orders?_limit=6")).json() as { orders_id: number }[];
  orders = await Promise.all(
    list.map(async (o) => (await ctx.call("GET", `/api/orders/${o.orders_id}`)).json()),
  );
  clerk = await createStaff(ctx, ["catalog:view"]);
}, 60_000);
afterAll(() => ctx.close());

async function textOf(res: LightMyRequestResponse): Promise<{ text: string; pages: number }> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  // The extracted text breaks lines where the layout does: compare words, not lines.
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

/** An order with a coupon, several lines and a discount on them, if the store has one. */
function richest(): OrderRecord {
  const sorted = [...orders].sort(
    (a, b) => b.items.length - a.items.length || Number(toSen(b.discount) - toSen(a.discount)),
  );
  const order = sorted[0];
  if (!order) throw new Error("The demo store has no order");
  return order;
}

describe("GET /api/orders/{id}/invoice.pdf", () => {
  it("prints the store, the invoice number, every line and the total in RM", async () => {
    const order = richest();
    expect(order.items.length).toBeGreaterThan(0);
    const res = await ctx.call("GET", `/api/orders/${order.orders_id}/invoice.pdf?lang=en`);
    const { text, pages } = await textOf(res);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="${invoiceNumber(order.order_number)}.pdf"`,
    );
    expect(pages).toBe(1);
    for (const expected of [
      "Kedai Harmoni",
      REGISTRATION,
      "Invoice",
      invoiceNumber(order.order_number),
      order.order_number,
      order.recipient_name,
      order.username,
      `Subtotal ${formatMoney(order.subtotal)}`,
      `Shipping ${formatMoney(order.shipping_fee)}`,
      `Total ${formatMoney(order.total_price)}`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of order.items) {
      expect(text).toContain(line.product_name);
      expect(text).toContain(
        `${line.sku} ${line.quantity} ${formatMoney(line.unit_price)} ${formatMoney(line.line_total)}`,
      );
    }
    if (toSen(order.discount) > 0n) expect(text).toContain(`-${formatMoney(order.discount)}`);
  });

  it("in Chinese: the labels in Chinese, the amounts still in RM", async () => {
    const order = richest();
    const res = await ctx.call("GET", `/api/orders/${order.orders_id}/invoice.pdf?lang=zh`);
    const { text } = await textOf(res);
    for (const label of ["发票", "发票号", "账单寄至", "收货人", "单价", "小计", "运费", "合计"]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(`合计 ${formatMoney(order.total_price)}`);
    expect(text).not.toContain("Invoice No.");
  });

  it("a packing slip has the lines, their SKUs and quantities, and no prices", async () => {
    const order = richest();
    const res = await ctx.call("GET", `/api/orders/${order.orders_id}/packing-slip.pdf?lang=ms`);
    const { text } = await textOf(res);
    expect(res.headers["content-disposition"]).toContain(`packing-slip-${order.order_number}.pdf`);
    expect(text).toContain("Slip Pembungkusan");
    for (const line of order.items) expect(text).toContain(`${line.sku} ${line.quantity}`);
    const quantity = order.items.reduce((sum, line) => sum + line.quantity, 0);
    expect(text).toContain(`Jumlah Kuantiti: ${quantity}`);
    expect(text).not.toMatch(/RM\s?\d/);
  });

  it("refuses an unknown order (404), a person without orders:view (403) and no session (401)", async () => {
    const unknown = await ctx.call("GET", "/api/orders/2000000000/invoice.pdf");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("record_not_found");
    const id = richest().orders_id;
    const refused = await clerk.call("GET", `/api/orders/${id}/invoice.pdf`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden" });
    expect((await clerk.call("GET", `/api/orders/${id}/packing-slip.pdf`)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: "GET", url: `/api/orders/${id}/invoice.pdf` });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.call("GET", `/api/orders/${id}/invoice.pdf?lang=fr`)).statusCode).toBe(400);
  });
});

describe("GET /api/orders/documents (the print view's data)", () => {
  it("answers the store and the orders in the order asked to a holder of orders:view alone", async () => {
    const viewer = await createStaff(ctx, ["orders:view"]);
    const [a, b] = orders;
    if (!a || !b) throw new Error("The demo store has too few orders");
    expect((await viewer.call("GET", "/api/settings/1")).statusCode).toBe(403);
    const res = await viewer.call("GET", `/api/orders/documents?ids=${b.orders_id},${a.orders_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      store: {
        store_name: "Kedai Harmoni",
        store_address: expect.any(String),
        store_contact: expect.any(String),
        store_registration: REGISTRATION,
      },
      orders: [b, a],
    });
    const pdf = await viewer.call("GET", `/api/orders/${a.orders_id}/invoice.pdf`);
    expect((await textOf(pdf)).text).toContain(invoiceNumber(a.order_number));
    expect((await clerk.call("GET", `/api/orders/documents?ids=${a.orders_id}`)).statusCode).toBe(
      403,
    );
  });
});

describe("GET /api/orders/documents.pdf", () => {
  it("puts several orders in one file, each from a new page, in the order asked", async () => {
    const [a, b, c] = orders;
    if (!a || !b || !c) throw new Error("The demo store has too few orders");
    const ids = [c, a, b].map((o) => o.orders_id).join(",");
    const res = await ctx.call("GET", `/api/orders/documents.pdf?doc=invoice&ids=${ids}&lang=en`);
    const { text, pages } = await textOf(res);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(res.headers["content-disposition"]).toContain('filename="invoices-3.pdf"');
    const at = (o: OrderRecord) => text.indexOf(invoiceNumber(o.order_number));
    expect(at(c)).toBeGreaterThanOrEqual(0);
    expect(at(c)).toBeLessThan(at(a));
    expect(at(a)).toBeLessThan(at(b));
    const slips = await ctx.call("GET", `/api/orders/documents.pdf?doc=packing-slip&ids=${ids}`);
    expect((await textOf(slips)).text).not.toMatch(/RM\s?\d/);
  });

  it("refuses more than the limit, no ids, an unknown order, and a person without orders:view", async () => {
    const many = Array.from({ length: ORDER_DOCUMENTS_MAX + 1 }, (_, i) => i + 1).join(",");
    const tooMany = await ctx.call("GET", `/api/orders/documents.pdf?doc=invoice&ids=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0]).toMatchObject({ code: "too_many_records" });
    const bad = await ctx.call("GET", "/api/orders/documents.pdf?doc=invoice&ids=1,x");
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.call(
      "GET",
      `/api/orders/documents.pdf?doc=invoice&ids=${orders[0]?.orders_id},2000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    const refused = await clerk.call(
      "GET",
      `/api/orders/documents.pdf?doc=invoice&ids=${orders[0]?.orders_id}`,
    );
    expect(refused.statusCode).toBe(403);
  });
});
