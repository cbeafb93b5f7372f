/**
 * A return's credit note as PDF (issue 42, docs/decisions/returns.md): the
 * text a reader of the file sees, extracted from the real answer: its
 * number, the invoice it credits, the lines given back and the refund, in
 * the language asked; a buy-back's percentage; a refund without goods as one
 * line; a 404 for an unknown return and a 403 for a person without orders:view.
 */
import { invoiceNumber, type OrderRecord, type OrderReturn } from "@store/contract";
import type { LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { ADDRESS, insertCategory, insertProduct } from "./orderAdd.fixtures";
import { insertUser, unique } from "./people.fixtures";
import { createStaff, type StaffMember } from "./staff.fixtures";

let ctx: TestContext;
let category = 0;
let buyer = 0;
let clerk: StaffMember;
let reader: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
  buyer = await insertUser(ctx.db);
  clerk = await createStaff(ctx, ["catalog:view"]);
  reader = await createStaff(ctx, ["orders:view"]);
}, 60_000);
afterAll(() => ctx?.close());

/** A paid order (status 2) of 2 × "Teh Tarik <n>" at RM 25.50 and 1 × a product at RM 10.00. */
async function paidOrder(): Promise<{ order: OrderRecord; name: string }> {
  const name = unique("Teh Tarik");
  const tea = await insertProduct(ctx.db, category, {
    product_name: name,
    normal_price: "25.50",
    stock_qtt: 100,
  });
  const other = await insertProduct(ctx.db, category, { stock_qtt: 100 });
  const made = await ctx.call("POST", "/api/orders", {
    user_id: buyer,
    items: [
      { product_id: tea, quantity: 2 },
      { product_id: other, quantity: 1 },
    ],
    ...ADDRESS,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().orders_id as number;
  const paid = await ctx.call("PUT", `/api/orders/${id}`, {
    order_status: 2,
    tracking_number: "MY1",
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { order: (await ctx.call("GET", `/api/orders/${id}`)).json(), name };
}

/** POST a return or refund at the order's version; answers the record. */
async function give(order: OrderRecord, what: "returns" | "refunds", body: object) {
  const version = (await ctx.call("GET", `/api/orders/${order.orders_id}`)).json().version;
  const res = await ctx.app.inject({
    method: "POST",
    url: `/api/orders/${order.orders_id}/${what}`,
    payload: body,
    headers: { cookie: ctx.cookie, "if-match": `"${version}"` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OrderReturn;
}

/** The tea line of the order. */
const teaLine = (order: OrderRecord, name: string) => {
  const line = order.items.find((item) => item.product_name === name);
  if (!line) throw new Error("no tea line");
  return line;
};

async function textOf(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  // The extracted text breaks lines where the layout does: compare words, not lines.
  return text.replace(/\s+/g, " ");
}

describe("GET returns/{id}/creditNote", () => {
  it("prints the note's number, the invoice it credits, the line given back and the refund", async () => {
    const { order, name } = await paidOrder();
    const given = await give(order, "returns", {
      lines: [{ item_id: teaLine(order, name).item_id, quantity: 1 }],
      reason: "Box crushed in transit",
    });
    expect(given.refund_amount).toBe("25.50");
    const res = await ctx.call("GET", `/api/returns/${given.return_id}/creditNote?lang=en`);
    const text = await textOf(res);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="${given.credit_note_number}.pdf"`,
    );
    expect(given.credit_note_number).toMatch(/^CN\d{8}\d{6,}$/);
    for (const shown of [
      "Credit Note",
      given.credit_note_number,
      `For invoice ${invoiceNumber(order.order_number)}`,
      order.order_number,
      "Box crushed in transit",
      name,
      "Goods Total",
      "Refund RM 25.50",
    ]) {
      expect(text).toContain(shown);
    }
    // Only the line given back: not the order's other product.
    expect(text).not.toContain("RM 10.00");
    expect(text).not.toContain("Buy-back");

    // In Malay when asked; a reader holding orders:view alone may print it.
    const malay = await textOf(
      await reader.call("GET", `/api/returns/${given.return_id}/creditNote?lang=ms`),
    );
    expect(malay).toContain("Nota Kredit");
    expect(malay).toContain(`Untuk invois ${invoiceNumber(order.order_number)}`);
    expect(malay).toContain(given.credit_note_number);
  });

  it("says the buy-back percentage the refund took, with shipping given back", async () => {
    const settings = (await ctx.call("GET", "/api/settings/1")).json();
    const set = (buy_back_days: number) =>
      ctx.call("PUT", "/api/settings/1", {
        ...settings,
        buy_back_days,
        buy_back_percent: "90",
        version: undefined,
      });
    expect((await set(30)).statusCode).toBe(200);
    try {
      const { order, name } = await paidOrder();
      const given = await give(order, "returns", {
        lines: [{ item_id: teaLine(order, name).item_id, quantity: 2 }],
        refund_shipping: true,
        reason: "Changed my mind",
      });
      expect(given.buy_back_percent).toBe("90.00");
      // 90% of RM 51.00 is RM 45.90, plus the order's shipping.
      const shipping = Number(order.shipping_fee);
      expect(given.refund_amount).toBe((45.9 + shipping).toFixed(2));
      const text = await textOf(
        await ctx.call("GET", `/api/returns/${given.return_id}/creditNote?lang=en`),
      );
      expect(text).toContain("Goods Total RM 51.00");
      expect(text).toContain("Buy-back 90% RM 45.90");
      if (shipping > 0) expect(text).toContain(`Shipping Refunded RM ${order.shipping_fee}`);
      expect(text).toContain(`Refund RM ${given.refund_amount}`);
    } finally {
      expect((await set(0)).statusCode).toBe(200);
    }
  });

  it("prints a refund without goods as one Refund line with its reason", async () => {
    const { order } = await paidOrder();
    const given = await give(order, "refunds", {
      amount: "5.00",
      reason: "Late delivery goodwill",
    });
    const text = await textOf(
      await ctx.call("GET", `/api/returns/${given.return_id}/creditNote?lang=en`),
    );
    expect(text).toContain(given.credit_note_number);
    expect(text).toContain("Late delivery goodwill");
    expect(text).toContain("Refund RM 5.00");
    expect(text).not.toContain("Goods Total");
  });

  it("is a 404 for an unknown return and a 403 without orders:view", async () => {
    const unknown = await ctx.call("GET", "/api/returns/999999/creditNote");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toContain("application/json");

    const { order, name } = await paidOrder();
    const given = await give(order, "returns", {
      lines: [{ item_id: teaLine(order, name).item_id, quantity: 1 }],
      reason: "Wrong colour",
    });
    const refused = await clerk.call("GET", `/api/returns/${given.return_id}/creditNote`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(given.credit_note_number);
  });
});
