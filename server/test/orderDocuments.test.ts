import { formatMoney, invoiceNumber, ORDER_DOCUMENTS_MAX, type OrderRecord } from "@store/contract";
import type { LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders as ordersTable } from "../src/db/schema";
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

/** Lines as the shop writes them: line_total = unit_price × quantity − line_discount. */
const LINES = [
  {
    product_name: "Teh Hijau 绿茶",
    variant_name: "500g",
    sku: "TH-500",
    quantity: 2,
    unit_price: "25.00",
    line_discount: "0.00",
    line_total: "50.00",
  },
  {
    product_name: "Beg Sekolah Ergonomik",
    variant_name: "",
    sku: "KH-BB-00082",
    quantity: 1,
    unit_price: "243.90",
    line_discount: "10.00",
    line_total: "233.90",
  },
];

beforeAll(async () => {
  ctx = await createTestContext();
  const settings = (await ctx.call("GET", "/api/settings/1")).json();
  const saved = await ctx.call("PUT", "/api/settings/1", {
    ...settings,
    store_registration: REGISTRATION,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A paid order with a coupon, shipping and two lines; a pending and a refunded one.
  const person = {
    username: "aminah88",
    contact: "0123456789",
    recipient_name: "Aminah binti Ali",
    recipient_contact: "0123456789",
    address_1: "12 Jalan Ampang",
    address_2: "Taman Melati",
    postcode: "50450",
    state: "Kuala Lumpur",
    country: "Malaysia",
  };
  const rows = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ordersTable)
      .values([
        {
          ...person,
          order_number: "KH20260509000001",
          order_status: 2,
          subtotal: "283.90",
          discount: "12.00",
          coupon_code: "RAYA10",
          shipping_fee: "8.00",
          total_price: "279.90",
          created_at: "2026-05-09 10:00:00",
          paid_on: "2026-05-09 10:05:00",
        },
        {
          ...person,
          order_number: "KH20260510000002",
          order_status: 1,
          subtotal: "50.00",
          total_price: "50.00",
          created_at: "2026-05-10 09:00:00",
        },
        {
          ...person,
          order_number: "KH20260511000003",
          order_status: 8,
          subtotal: "233.90",
          total_price: "233.90",
          created_at: "2026-05-11 09:00:00",
          refund_at: "2026-05-12 09:00:00",
        },
      ])
      .returning({ orders_id: ordersTable.orders_id, subtotal: ordersTable.subtotal });
    const [first, second, third] = inserted;
    if (!first || !second || !third) throw new Error("orders not inserted");
    await tx
      .insert(orderItems)
      .values([
        ...LINES.map((line) => ({ ...line, orders_id: first.orders_id })),
        { ...LINES[0], orders_id: second.orders_id } as typeof orderItems.$inferInsert,
        { ...LINES[1], orders_id: third.orders_id } as typeof orderItems.$inferInsert,
      ]);
    return inserted;
  });
  orders = await Promise.all(
    rows.map(async (o) => (await ctx.call("GET", `/api/orders/${o.orders_id}`)).json()),
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

/** The paid order with a coupon, shipping and two lines, one with a line discount. */
function richest(): OrderRecord {
  const order = orders[0];
  if (!order) throw new Error("No order was written");
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
    // The coupon, a line's own discount, the payment and the dates, as an en-GB reader reads them.
    expect(text).toContain("Discount (RAYA10) -RM 12.00");
    expect(text).toContain("Line discount RM 10.00");
    expect(text).toContain("Teh Hijau 绿茶");
    expect(text).toContain("Invoice Date 09/05/2026");
    expect(text).toContain("Paid on 09/05/2026");
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
    if (!a || !b) throw new Error("Too few orders were written");
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
      // Neither has an e-invoice LHDN validated (test/einvoices.engine.test.ts prints one).
      einvoices: {},
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
    if (!a || !b || !c) throw new Error("Too few orders were written");
    const ids = [c, a, b].map((o) => o.orders_id).join(",");
    const res = await ctx.call("GET", `/api/orders/documents.pdf?doc=invoice&ids=${ids}&lang=en`);
    const { text, pages } = await textOf(res);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(res.headers["content-disposition"]).toContain('filename="invoices-3.pdf"');
    const at = (o: OrderRecord) => text.indexOf(invoiceNumber(o.order_number));
    expect(at(c)).toBeGreaterThanOrEqual(0);
    expect(at(c)).toBeLessThan(at(a));
    expect(at(a)).toBeLessThan(at(b));
    // Pending is unpaid; a refund says when.
    expect(text).toContain("Payment Unpaid");
    expect(text).toContain("Refunded on 12/05/2026");
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
