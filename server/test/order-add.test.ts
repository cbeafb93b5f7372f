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
  categories,
  orders,
  products,
  productVariants,
  settings,
  shippingMethods,
  vouchers,
} from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertUser, unique } from "./people.fixtures";

let ctx: TestContext;
let category = 0;
let member = 0;
let posLaju = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const [cat] = await ctx.db
    .insert(categories)
    .values({ category_name: unique("cat") })
    .returning({ id: categories.category_id });
  category = cat?.id ?? 0;
  // Gold: Member Earning 5% (the base seed's tiers).
  member = await insertUser(ctx.db, { membership: 3, f_name: "Aminah", l_name: "Yusof" });
  const [ship] = await ctx.db
    .select({ id: shippingMethods.ship_id })
    .from(shippingMethods)
    .where(eq(shippingMethods.shipping_name, "Pos Laju"));
  posLaju = ship?.id ?? 0;
});
afterAll(() => ctx?.close());

async function product(values: Partial<typeof products.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(products)
    .values({
      product_name: unique("Kopi"),
      normal_price: "10.00",
      category_id: category,
      product_status: 1,
      stock_qtt: 10,
      sku: unique("SKU"),
      ...values,
    })
    .returning({ id: products.product_id });
  return row?.id ?? 0;
}

async function variant(
  productId: number,
  values: Partial<typeof productVariants.$inferInsert> = {},
): Promise<number> {
  const [row] = await ctx.db
    .insert(productVariants)
    .values({
      product_id: productId,
      variant_name: unique("Size"),
      variant_price: "10.00",
      variant_qtt: 5,
      variant_status: 1,
      variant_sku: unique("VSKU"),
      ...values,
    })
    .returning({ id: productVariants.variant_id });
  await ctx.db
    .update(products)
    .set({ product_variation: 1 })
    .where(eq(products.product_id, productId));
  return row?.id ?? 0;
}

async function coupon(values: Partial<typeof vouchers.$inferInsert> = {}): Promise<string> {
  const code = unique("TEST").toUpperCase();
  await ctx.db.insert(vouchers).values({
    voucher_code: code,
    discount: "12.50",
    discount_cap: "50.00",
    discount_type: "percentage",
    voucher_status: 1,
    expired_at: "2099-01-01 00:00:00",
    ...values,
  });
  return code;
}

const stockOf = async (productId: number) =>
  (await ctx.db.select().from(products).where(eq(products.product_id, productId)))[0]?.stock_qtt;
const variantStockOf = async (variantId: number) =>
  (await ctx.db.select().from(productVariants).where(eq(productVariants.variant_id, variantId)))[0]
    ?.variant_qtt;

const address = {
  recipient_name: "Aminah Yusof",
  recipient_contact: "0123456789",
  address_1: "12 Jalan Bunga Raya",
  address_2: "Taman Melati",
  postcode: "53100",
  state: "Wilayah Persekutuan Kuala Lumpur",
  country: "Malaysia",
};

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
  it("on cancel, once: back to pending and canceled again gives nothing more; returned by a bulk change too", async () => {
    const p = await product({ stock_qtt: 6 });
    const first = (await post({ items: [{ product_id: p, quantity: 4 }] })).json();
    expect(await stockOf(p)).toBe(2);
    expect((await setStatus(first.orders_id, 7)).json().stock_taken).toBe(false);
    expect(await stockOf(p)).toBe(6);
    await setStatus(first.orders_id, 1);
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
