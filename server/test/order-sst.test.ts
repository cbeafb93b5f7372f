/**
 * SST on the lines (issue 40 item 2, docs/decisions/sst-on-lines.md): a
 * product names its tax category; POST orders keeps each line's tax type,
 * rate and the SST its amount contains after its share of the coupon, and the
 * order's tax_total; prices include SST, so the total is what it always was.
 * A category changed later leaves old orders as they were.
 */
import { count, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { ADDRESS, insertCategory, insertCoupon, insertProduct } from "./orderAdd.fixtures";
import { insertUser, unique } from "./people.fixtures";

let ctx: TestContext;
let category = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
});
afterAll(() => ctx?.close());

async function taxCategory(tax_type: string, tax_rate: string): Promise<number> {
  const made = await ctx.call("POST", "/api/taxCategories", {
    tax_category_name: unique("SST"),
    tax_type,
    tax_rate,
    tax_category_status: 1,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().tax_category_id;
}

const linesOf = (ordersId: number) =>
  ctx.db
    .select({
      tax_type: orderItems.tax_type,
      tax_rate: orderItems.tax_rate,
      tax_amount: orderItems.tax_amount,
      line_total: orderItems.line_total,
    })
    .from(orderItems)
    .where(eq(orderItems.orders_id, ordersId))
    .orderBy(orderItems.item_id);

describe("a product's tax category", () => {
  const body = (extra: Record<string, unknown>) => ({
    product_name: unique("Teh"),
    normal_price: "12.00",
    stock_qtt: 3,
    category_id: category,
    product_status: 1,
    ...extra,
  });

  it("is taken and answered with its type and rate; empty is not applicable", async () => {
    const sst = await taxCategory("taxable", "10.00");
    const made = await ctx.call("POST", "/api/products", body({ tax_category_id: sst }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      tax_category_id: sst,
      tax_type: "taxable",
      tax_rate: "10.00",
    });
    const id = made.json().product_id;
    const cleared = await ctx.call(
      "PUT",
      `/api/products/${id}`,
      body({ product_name: made.json().product_name, tax_category_id: "" }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ tax_category_id: null, tax_type: null, tax_rate: null });
    // Left out (a client from before SST): unchanged.
    await ctx.call("PUT", `/api/products/${id}`, body({ tax_category_id: sst }));
    const kept = await ctx.call("PUT", `/api/products/${id}`, body({}));
    expect(kept.json()).toMatchObject({ tax_category_id: sst });
  });

  it("refuses an unknown tax category with 400 on tax_category_id, writing nothing", async () => {
    const before = (await ctx.db.select({ n: count() }).from(products))[0]?.n;
    const res = await ctx.call("POST", "/api/products", body({ tax_category_id: 987654 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "existing_tax_category" });
    expect(res.json().issues).toMatchObject([
      { path: "tax_category_id", message: "Choose an existing tax category." },
    ]);
    const bad = await ctx.call("POST", "/api/products", body({ tax_category_id: "abc" }));
    expect(bad.statusCode).toBe(400);
    expect((await ctx.db.select({ n: count() }).from(products))[0]?.n).toBe(before);
  });

  it("in use, cannot be deleted (409): its products would silently stop carrying SST", async () => {
    const sst = await taxCategory("taxable", "5.00");
    await insertProduct(ctx.db, category, { tax_category_id: sst });
    const res = await ctx.call("DELETE", `/api/taxCategories/${sst}`);
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe("POST orders keeps each line's SST", () => {
  it("an 8% line, an exempt one, one without a category and a coupon: tax exact to the sen, total unchanged", async () => {
    const eight = await taxCategory("taxable", "8.00");
    const exempt = await taxCategory("exempt", "0");
    const taxed = await insertProduct(ctx.db, category, {
      normal_price: "54.00",
      tax_category_id: eight,
    });
    const free = await insertProduct(ctx.db, category, {
      normal_price: "20.00",
      tax_category_id: exempt,
    });
    const plain = await insertProduct(ctx.db, category, { normal_price: "30.00" });
    const code = await insertCoupon(ctx.db, { discount_type: "price", discount: "10.00" });
    const member = await insertUser(ctx.db);

    const res = await ctx.call("POST", "/api/orders", {
      user_id: member,
      items: [
        { product_id: taxed, quantity: 2 },
        { product_id: free, quantity: 1 },
        { product_id: plain, quantity: 1 },
      ],
      voucher_code: code,
      ...ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    // Prices include SST: subtotal − discount + shipping, as before.
    expect(order).toMatchObject({
      subtotal: "158.00",
      discount: "10.00",
      total_price: "148.00",
      // The RM 10.00 shared 6.83 / 1.27 / 1.90 by line total (largest remainder);
      // the 8% line contains (108.00 − 6.83) × 8 / 108 = 7.494… → 7.49.
      tax_total: "7.49",
    });
    expect(
      order.items.map((i: Record<string, string>) => [i.tax_type, i.tax_rate, i.tax_amount]),
    ).toEqual([
      ["taxable", "8.00", "7.49"],
      ["exempt", "0.00", "0.00"],
      ["not_applicable", "0.00", "0.00"],
    ]);

    // The invoice says what the total contains, per rate.
    const pdf = await ctx.call("GET", `/api/orders/${order.orders_id}/invoice.pdf?lang=en`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const words = text.replace(/\s+/g, " ");
    for (const expected of ["SST 8%", "Total SST", "RM 7.49", "Prices include SST", "RM 148.00"]) {
      expect(words).toContain(expected);
    }

    // The category's rate changed later: the order keeps what it was sold at.
    const put = await ctx.call("PUT", `/api/taxCategories/${eight}`, {
      tax_category_name: unique("SST"),
      tax_type: "taxable",
      tax_rate: "6.00",
      tax_category_status: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = (await ctx.call("GET", `/api/orders/${order.orders_id}`)).json();
    expect(again.tax_total).toBe("7.49");
    expect(again.items[0]).toMatchObject({ tax_rate: "8.00", tax_amount: "7.49" });
    expect((await linesOf(order.orders_id))[0]).toMatchObject({ tax_rate: "8.00" });

    // A sale today takes today's rate: 54.00 × 6 / 106 = 3.056… → 3.06.
    const today = await ctx.call("POST", "/api/orders", {
      user_id: member,
      items: [{ product_id: taxed, quantity: 1 }],
      ...ADDRESS,
    });
    expect(today.statusCode, today.body).toBe(201);
    expect(today.json()).toMatchObject({ tax_total: "3.06", total_price: "54.00" });
    expect(today.json().items[0]).toMatchObject({ tax_rate: "6.00", tax_amount: "3.06" });
  });

  it("the database holds tax_total to its lines' tax and each line's tax within its amount", async () => {
    const member = await insertUser(ctx.db);
    const product = await insertProduct(ctx.db, category, { normal_price: "10.00" });
    const made = await ctx.call("POST", "/api/orders", {
      user_id: member,
      items: [{ product_id: product, quantity: 1 }],
      ...ADDRESS,
    });
    const id = made.json().orders_id;
    await expect(
      ctx.db.update(orders).set({ tax_total: "1.00" }).where(eq(orders.orders_id, id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(orderItems)
        .set({ tax_type: "taxable", tax_rate: "8.00", tax_amount: "11.00" })
        .where(eq(orderItems.orders_id, id)),
    ).rejects.toThrow();
    expect(await linesOf(id)).toEqual([
      { tax_type: "not_applicable", tax_rate: "0.00", tax_amount: "0.00", line_total: "10.00" },
    ]);
  });
});
