/**
 * Orders keyed in (POST orders; docs/decisions/orders-keyed-in.md): the
 * server's figures to the sen, free shipping above the store's amount, every
 * refusal writing nothing, stock taken and given back once, and the last
 * units raced for by parallel orders (on PostgreSQL: PGlite has one
 * connection, so nothing races there).
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  orders,
  type products,
  productVariants,
  settings,
  shippingMethods,
  type vouchers,
} from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import {
  ADDRESS,
  insertCategory,
  insertCoupon,
  insertProduct,
  insertVariant,
  stockOf as stockOfProduct,
  variantStockOf as stockOfVariant,
} from "./orderAdd.fixtures";
import { insertUser, unique } from "./people.fixtures";

let ctx: TestContext;
let category = 0;
let member = 0;
let posLaju = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
  // Gold: Member Earning 5% (the base seed's tiers).
  member = await insertUser(ctx.db, { membership: 3, f_name: "Aminah", l_name: "Yusof" });
  const [ship] = await ctx.db
    .select({ id: shippingMethods.ship_id })
    .from(shippingMethods)
    .where(eq(shippingMethods.shipping_name, "Pos Laju"));
  posLaju = ship?.id ?? 0;
});
afterAll(() => ctx?.close());

const product = (values: Partial<typeof products.$inferInsert> = {}) =>
  insertProduct(ctx.db, category, values);
const variant = (productId: number, values: Partial<typeof productVariants.$inferInsert> = {}) =>
  insertVariant(ctx.db, productId, values);
const coupon = (values: Partial<typeof vouchers.$inferInsert> = {}) => insertCoupon(ctx.db, values);
const stockOf = (productId: number) => stockOfProduct(ctx.db, productId);
const variantStockOf = (variantId: number) => stockOfVariant(ctx.db, variantId);
const address = ADDRESS;

const post = (body: Record<string, unknown>) =>
  ctx.call("POST", "/api/orders", { user_id: member, ...address, ...body });

const setStatus = (id: number, order_status: number) =>
  ctx.call("PUT", `/api/orders/${id}`, { order_status, tracking_number: "MY1" });

describe("POST orders", () => {
  it("computes every figure to the sen: lines, a capped percentage coupon, shipping, total and PV", async () => {
    const a = await product({ normal_price: "19.90", discount_price: "17.45", stock_qtt: 10 });
    const b = await product({ normal_price: "99.00" });
    const bv = await variant(b, { variant_price: "33.33", variant_qtt: 5 });
    const code = await coupon();
    const answer = await post({
      items: [
        { product_id: a, quantity: 3 },
        { product_id: b, variant_id: bv, quantity: 2 },
      ],
      voucher_code: ` ${code.toLowerCase()} `,
      shipping_id: posLaju,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const order = answer.json();
    // 3 × 17.45 (the discount price sells) + 2 × 33.33 = 119.01; 12.5% = 14.87625 → 14.88;
    // Pos Laju 8.00; total 112.13; Gold's 5% of 119.01 = 5.9505 → 5.95 PV.
    expect(order).toMatchObject({
      user_id: member,
      order_status: 1,
      subtotal: "119.01",
      discount: "14.88",
      shipping_fee: "8.00",
      total_price: "112.13",
      points_earned: "5.95",
      coupon_code: code,
      stock_taken: true,
      ...address,
    });
    expect(order.order_number).toMatch(new RegExp(`^KH\\d{8}0*${order.orders_id}$`));
    expect(
      order.items.map((i: Record<string, unknown>) => [
        i.product_id,
        i.variant_id,
        i.quantity,
        i.unit_price,
        i.line_discount,
        i.line_total,
      ]),
    ).toEqual([
      [a, null, 3, "17.45", "0.00", "52.35"],
      [b, bv, 2, "33.33", "0.00", "66.66"],
    ]);
    expect(order.items[1].sku).toMatch(/^vsku/i);
    // The same answer as GET.
    expect((await ctx.call("GET", `/api/orders/${order.orders_id}`)).json()).toEqual(order);
    expect([await stockOf(a), await variantStockOf(bv)]).toEqual([7, 3]);
    // The History of the order, the product and the variant.
    const trail = await ctx.db.select().from(auditLog).where(eq(auditLog.actor_username, "admin"));
    const of = (entity: string, id: number) =>
      trail.filter((r) => r.entity === entity && r.entity_id === String(id));
    expect(of("Order", order.orders_id).map((r) => r.action)).toEqual(["create"]);
    const [created] = of("Order", order.orders_id);
    expect((created?.after as { items?: string[] } | undefined)?.items).toEqual([
      expect.stringMatching(/^3 × Kopi\S* \(SKU\S*\) @ RM 17\.45$/),
      expect.stringMatching(/^2 × Kopi\S* Size\S* \(VSKU\S*\) @ RM 33\.33$/),
    ]);
    expect(of("Product", a).map((r) => [r.before, r.after])).toEqual([
      [{ stock_qtt: 10 }, { stock_qtt: 7 }],
    ]);
    expect(of("Variant", bv).map((r) => [r.before, r.after])).toEqual([
      [{ variant_qtt: 5 }, { variant_qtt: 3 }],
    ]);
  });

  it("ships free when the subtotal reaches the store's amount; a price coupon stops at the subtotal", async () => {
    const stored = (await ctx.call("GET", "/api/settings/1")).json();
    const saved = await ctx.call("PUT", "/api/settings/1", {
      ...stored,
      free_shipping_above: "150",
    });
    expect(saved.json().free_shipping_above).toBe("150.00");
    try {
      const p = await product({ normal_price: "75.00" });
      const big = await coupon({ discount_type: "price", discount: "500.00", discount_cap: "500" });
      const free = await post({ items: [{ product_id: p, quantity: 2 }], shipping_id: posLaju });
      expect(free.json()).toMatchObject({ subtotal: "150.00", shipping_fee: "0.00" });
      const paid = await post({
        items: [{ product_id: p, quantity: 1 }],
        shipping_id: posLaju,
        voucher_code: big,
      });
      expect(paid.json()).toMatchObject({
        subtotal: "75.00",
        discount: "75.00",
        shipping_fee: "8.00",
        total_price: "8.00",
      });
    } finally {
      await ctx.db.update(settings).set({ free_shipping_above: null });
    }
  });

  it("refuses a line, a coupon, a shipping method or an address it cannot take, writing nothing", async () => {
    const ok = await product({ stock_qtt: 2 });
    const off = await product({ product_status: 0 });
    const withVariants = await product();
    const v = await variant(withVariants, { variant_qtt: 4 });
    const offVariant = await variant(withVariants, { variant_status: 0 });
    const gone = await product({ deleted_at: "2026-01-01 00:00:00" });
    const expired = await coupon({ expired_at: "2020-01-01 00:00:00" });
    const inactive = await coupon({ voucher_status: 0 });
    const [offShip] = await ctx.db
      .insert(shippingMethods)
      .values({ shipping_name: "Closed courier", shipping_fee: "5.00", shipping_status: 0 })
      .returning({ id: shippingMethods.ship_id });
    const good = { product_id: ok, quantity: 1 };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { items: [good, { product_id: off, quantity: 1 }] },
        400,
        "line_product_inactive",
        "items.1.product_id",
      ],
      [
        { items: [{ product_id: 999_999, quantity: 1 }] },
        400,
        "line_product_unknown",
        "items.0.product_id",
      ],
      [
        { items: [{ product_id: gone, quantity: 1 }] },
        400,
        "line_product_unknown",
        "items.0.product_id",
      ],
      [
        { items: [{ product_id: withVariants, quantity: 1 }] },
        400,
        "line_variant_required",
        "items.0.variant_id",
      ],
      [
        { items: [{ product_id: withVariants, variant_id: offVariant, quantity: 1 }] },
        400,
        "line_variant_inactive",
        "items.0.variant_id",
      ],
      [
        { items: [{ product_id: ok, variant_id: v, quantity: 1 }] },
        400,
        "line_variant_unknown",
        "items.0.variant_id",
      ],
      [{ items: [good, { product_id: ok, quantity: 0 }] }, 400, "too_small", "items.1.quantity"],
      [{ items: [] }, 400, "required", "items"],
      // Both lines take from the same product: the second is short of what the first left.
      [
        {
          items: [
            good,
            { product_id: withVariants, variant_id: v, quantity: 1 },
            { product_id: ok, quantity: 2 },
          ],
        },
        409,
        "line_stock_short",
        "items.2.quantity",
      ],
      [{ items: [good], voucher_code: "NOSUCHCODE" }, 400, "coupon_unknown", "voucher_code"],
      [{ items: [good], voucher_code: expired }, 400, "coupon_expired", "voucher_code"],
      [{ items: [good], voucher_code: inactive }, 400, "coupon_inactive", "voucher_code"],
      [{ items: [good], shipping_id: offShip?.id }, 400, "shipping_inactive", "shipping_id"],
      [{ items: [good], postcode: "5310" }, 400, "postcode_format", "postcode"],
      [{ items: [good], state: "Singapore" }, 400, "malaysian_state", "state"],
      [{ items: [good], user_id: 999_999 }, 400, "existing_user", "user_id"],
    ];
    const ordersBefore = await ctx.db.select({ n: count() }).from(orders);
    const auditBefore = await ctx.db.select({ n: count() }).from(auditLog);
    for (const [body, status, code, path] of cases) {
      const answer = await post(body);
      expect([answer.statusCode, answer.json().code], JSON.stringify(body)).toEqual([status, code]);
      expect(answer.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const short = await post({ items: [{ product_id: ok, quantity: 3 }] });
    expect(short.json()).toMatchObject({
      message: expect.stringContaining("Line 1: only 2 of"),
      params: { line: 1, left: 2 },
    });
    expect(await ctx.db.select({ n: count() }).from(orders)).toEqual(ordersBefore);
    expect(await ctx.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
    expect([await stockOf(ok), await variantStockOf(v)]).toEqual([2, 4]);
  });
});

describe("stock given back", () => {
  it("on cancel, once: canceled twice gives back once, back to pending takes it again; returned by a bulk change too", async () => {
    const p = await product({ stock_qtt: 6 });
    const first = (await post({ items: [{ product_id: p, quantity: 4 }] })).json();
    expect(await stockOf(p)).toBe(2);
    expect((await setStatus(first.orders_id, 7)).json()).toMatchObject({
      stock_taken: false,
      stock_given_back: true,
    });
    await setStatus(first.orders_id, 7);
    expect(await stockOf(p)).toBe(6);
    expect((await setStatus(first.orders_id, 1)).json()).toMatchObject({
      stock_taken: true,
      stock_given_back: false,
    });
    expect(await stockOf(p)).toBe(2);
    await setStatus(first.orders_id, 7);
    expect(await stockOf(p)).toBe(6);
    const second = (await post({ items: [{ product_id: p, quantity: 5 }] })).json();
    expect(await stockOf(p)).toBe(1);
    // Shipped (the bulk change keeps the tracking number), then returned twice over.
    await setStatus(second.orders_id, 4);
    for (let i = 0; i < 2; i++) {
      const bulk = await ctx.call("POST", "/api/orders/bulk", {
        action: "setStatus",
        status: 9,
        ids: [second.orders_id],
      });
      expect(bulk.json().results[0], bulk.body).toMatchObject({ status: 200 });
    }
    expect(await stockOf(p)).toBe(6);
    const back = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Product"), eq(auditLog.entity_id, String(p))));
    expect(back.map((r) => r.after)).toEqual([
      { stock_qtt: 2 },
      { stock_qtt: 6 },
      { stock_qtt: 2 },
      { stock_qtt: 6 },
      { stock_qtt: 1 },
      { stock_qtt: 6 },
    ]);
  });

  it("an order that never took stock (the seed's, those before) gives none back", async () => {
    const p = await product({ stock_qtt: 3 });
    const keyed = (await post({ items: [{ product_id: p, quantity: 1 }] })).json();
    await ctx.db
      .update(orders)
      .set({ stock_taken: false })
      .where(eq(orders.orders_id, keyed.orders_id));
    await setStatus(keyed.orders_id, 7);
    expect(await stockOf(p)).toBe(2);
    // Nor takes any when moved back: it never gave any back.
    expect((await setStatus(keyed.orders_id, 1)).statusCode).toBe(200);
    expect(await stockOf(p)).toBe(2);
  });
});

describe("a canceled or returned order moved back takes its stock again", () => {
  it("canceled to pending, and returned to complete, take every line's units again, each in History", async () => {
    const p = await product({ stock_qtt: 10 });
    const withVariants = await product();
    const v = await variant(withVariants, { variant_qtt: 5 });
    const items = [
      { product_id: p, quantity: 3 },
      { product_id: withVariants, variant_id: v, quantity: 2 },
    ];
    const canceled = (await post({ items })).json();
    const returned = (await post({ items })).json();
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([4, 1]);
    await setStatus(canceled.orders_id, 7);
    await setStatus(returned.orders_id, 4);
    await setStatus(returned.orders_id, 9);
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([10, 5]);

    expect((await setStatus(canceled.orders_id, 1)).statusCode).toBe(200);
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([7, 3]);
    const done = await setStatus(returned.orders_id, 6);
    expect(done.json()).toMatchObject({ order_status: 6, stock_taken: true });
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([4, 1]);
    // Canceled again, then returned: given back once each.
    await setStatus(canceled.orders_id, 7);
    await setStatus(canceled.orders_id, 9);
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([7, 3]);
    const history = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Variant"), eq(auditLog.entity_id, String(v))));
    expect(history.map((r) => (r.after as { variant_qtt: number }).variant_qtt)).toEqual([
      3, 1, 3, 5, 3, 1, 3,
    ]);
  });

  it("is refused with 409 naming the product and variant short, writing nothing; a bulk change says the same", async () => {
    const p = await product({ stock_qtt: 10 });
    const withVariants = await product({ product_name: unique("Teh") });
    const v = await variant(withVariants, { variant_qtt: 5, variant_name: "Besar" });
    const order = (
      await post({
        items: [
          { product_id: p, quantity: 1 },
          { product_id: withVariants, variant_id: v, quantity: 4 },
        ],
      })
    ).json();
    const canceled = (await setStatus(order.orders_id, 7)).json();
    // Meanwhile another order takes 3 of the 5.
    await post({ items: [{ product_id: withVariants, variant_id: v, quantity: 3 }] });
    const auditBefore = await ctx.db.select({ n: count() }).from(auditLog);

    const refused = await setStatus(order.orders_id, 2);
    expect(refused.statusCode).toBe(409);
    const name = `${canceled.items[1].product_name} Besar`;
    expect(refused.json()).toMatchObject({
      code: "order_stock_short",
      params: { name, left: 2, quantity: 4 },
      message: `Only 2 of ${name} left in stock; this order needs 4.`,
      issues: [{ path: "order_status", code: "order_stock_short" }],
    });
    const bulk = await ctx.call("POST", "/api/orders/bulk", {
      action: "setStatus",
      status: 2,
      ids: [order.orders_id],
    });
    expect(bulk.json().results[0]).toMatchObject({ status: 409, code: "order_stock_short" });

    const after = (await ctx.call("GET", `/api/orders/${order.orders_id}`)).json();
    expect(after).toMatchObject({
      order_status: 7,
      stock_taken: false,
      stock_given_back: true,
      version: canceled.version,
    });
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([10, 2]);
    expect(await ctx.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
  });
});

describe("a stale Edit Product save after an order", () => {
  /** The product as Edit Product opened it: its version, and the body its Save sends. */
  async function opened(productId: number) {
    const shown = await ctx.call("GET", `/api/products/${productId}`);
    const variants = (await ctx.call("GET", `/api/productsVariants/${productId}`)).json();
    const p = shown.json();
    return {
      etag: shown.headers.etag as string,
      body: {
        product_name: p.product_name,
        normal_price: p.normal_price,
        stock_qtt: p.stock_qtt,
        category_id: p.category_id,
        product_status: p.product_status,
        variants: variants.map((x: Record<string, unknown>) => ({
          variant_id: x.variant_id,
          variant_name: x.variant_name,
          variant_price: x.variant_price,
          variant_qtt: x.variant_qtt,
          variant_status: x.variant_status,
        })),
      },
    };
  }

  const save = (productId: number, body: unknown, etag: string) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/products/${productId}`,
      headers: { cookie: ctx.cookie, "if-match": etag },
      payload: body as object,
    });

  it("is refused with 412 when an order took a variant's stock since, and the stock stays taken", async () => {
    const withVariants = await product();
    const v = await variant(withVariants, { variant_qtt: 5 });
    const form = await opened(withVariants);
    expect(form.body.variants[0].variant_qtt).toBe(5);
    const order = await post({ items: [{ product_id: withVariants, variant_id: v, quantity: 2 }] });
    expect(order.statusCode).toBe(201);

    // The form renamed the product and sent the variant's stock it was shown.
    const stale = await save(withVariants, { ...form.body, product_name: "Renamed" }, form.etag);
    expect(stale.statusCode).toBe(412);
    expect(await variantStockOf(v)).toBe(3);
    // Reopened, it shows 3 and saves.
    const fresh = await opened(withVariants);
    expect(fresh.body.variants[0].variant_qtt).toBe(3);
    expect((await save(withVariants, fresh.body, fresh.etag)).statusCode).toBe(200);
    expect(await variantStockOf(v)).toBe(3);
  });

  it("is refused with 412 when a canceled order gave a variant's stock back since", async () => {
    const withVariants = await product();
    const v = await variant(withVariants, { variant_qtt: 5 });
    const order = (
      await post({ items: [{ product_id: withVariants, variant_id: v, quantity: 2 }] })
    ).json();
    const form = await opened(withVariants);
    await setStatus(order.orders_id, 7);
    expect((await save(withVariants, form.body, form.etag)).statusCode).toBe(412);
    expect(await variantStockOf(v)).toBe(5);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the last units raced for", () => {
  it("12 parallel orders for the last 3 units: exactly 3 are taken, stock ends at 0", async () => {
    const p = await product({ stock_qtt: 3 });
    const v = await variant(await product(), { variant_qtt: 2 });
    const variantProduct = (
      await ctx.db.select().from(productVariants).where(eq(productVariants.variant_id, v))
    )[0]?.product_id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post({
          items:
            i % 2 === 0
              ? [{ product_id: p, quantity: 1 }]
              : [
                  { product_id: variantProduct, variant_id: v, quantity: 1 },
                  { product_id: p, quantity: 1 },
                ],
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect([await stockOf(p), await variantStockOf(v)]).toEqual([
      0,
      2 - countVariantOrders(answers),
    ]);
    const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json().order_number);
    expect(new Set(numbers).size).toBe(3);
  });
});

/** Orders that took the variant among those that succeeded (each took one unit). */
function countVariantOrders(
  answers: { statusCode: number; json: () => { items: { variant_id: number | null }[] } }[],
): number {
  return answers
    .filter((a) => a.statusCode === 201)
    .filter((a) => a.json().items.some((i) => i.variant_id !== null)).length;
}
