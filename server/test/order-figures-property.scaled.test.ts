/**
 * Property: Add Order's preview is the order's (issue 34, item 2). Over random
 * lines (products with and without variants, discount prices set, zero or
 * none), coupons (price or percentage, capped, with a minimum spend), shipping
 * methods and free-shipping amounts, and buyers of every tier, the contract's
 * `orderFigures` run on what the browser reads (the same GET calls Add Order
 * makes) equals what POST orders answers, to the sen and for every line,
 * the SST each line contains included (products taxable at 5%, 6%, 8% or 10%,
 * exempt, or without a tax category); a subtotal below the coupon's minimum
 * spend is the refusal the preview says.
 */
import {
  belowMinimumSpend,
  catalogUnitPrice,
  fromSen,
  lineTax,
  type Membership,
  orderFigures,
  type Product,
  type ShippingMethod,
  type User,
  type Variant,
  type Voucher,
} from "@store/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings, shippingMethods, taxCategories } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import {
  ADDRESS,
  insertCategory,
  insertCoupon,
  insertProduct,
  insertVariant,
} from "./orderAdd.fixtures";
import { insertUser } from "./people.fixtures";
import { ON_POSTGRES, scaled } from "./tier";

let ctx: TestContext;
let category = 0;
/** Tax categories: taxable at 5%, 6%, 8%, 10%, and exempt (none: not applicable). */
let taxed: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
  const made = await ctx.db
    .insert(taxCategories)
    .values([
      ...["5.00", "6.00", "8.00", "10.00"].map((tax_rate) => ({
        tax_category_name: `SST ${tax_rate}`,
        tax_type: "taxable" as const,
        tax_rate,
        tax_category_status: 1 as const,
      })),
      { tax_category_name: "Exempt", tax_type: "exempt" as const, tax_category_status: 1 as const },
    ])
    .returning({ id: taxCategories.tax_category_id });
  taxed = made.map((row) => row.id);
});
afterAll(async () => {
  await ctx?.db.update(settings).set({ free_shipping_above: null });
  await ctx?.close();
});

const sen = (min: number, max: number) => fc.integer({ min, max }).map((n) => fromSen(BigInt(n)));
/** A discount price as the catalogue holds it: none, zero (not on sale) or a price. */
const discountPrice = fc.oneof(fc.constant(null), fc.constant("0.00"), sen(1, 20_000));

const line = fc.record({
  normal: sen(0, 50_000),
  discounted: discountPrice,
  // None: a product without variants; else the variant's prices, and which of its variants.
  variants: fc.option(
    fc.array(fc.record({ price: sen(0, 50_000), discounted: discountPrice }), {
      minLength: 1,
      maxLength: 3,
    }),
    { nil: null },
  ),
  pick: fc.nat(2),
  quantity: fc.integer({ min: 1, max: 40 }),
  // Which tax category (5 of them), or none.
  tax: fc.option(fc.nat(4), { nil: null }),
});

const coupon = fc.option(
  fc.record({
    percentage: fc.boolean(),
    // A percentage below 100, or a price; either with a cap.
    discount: fc.integer({ min: 0, max: 9_999 }),
    cap: sen(0, 30_000),
    min_spend: fc.option(sen(0, 60_000), { nil: null }),
  }),
  { nil: null },
);

const world = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  coupon,
  shipping: fc.option(sen(0, 3_000), { nil: null }),
  freeAbove: fc.option(sen(0, 200_000), { nil: null }),
  tier: fc.integer({ min: 1, max: 5 }),
});

const get = async <T>(url: string): Promise<T> => {
  const answer = await ctx.call("GET", url);
  expect(answer.statusCode, url).toBe(200);
  return answer.json() as T;
};

describe("property: the preview's figures are the order's", () => {
  it(
    "orderFigures over what Add Order reads equals POST orders' answer, line by line",
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(world, async (w) => {
          runs++;
          await ctx.db.update(settings).set({ free_shipping_above: w.freeAbove });
          const member = await insertUser(ctx.db, { membership: w.tier });
          const items: { product_id: number; variant_id?: number; quantity: number }[] = [];
          for (const l of w.lines) {
            const product = await insertProduct(ctx.db, category, {
              normal_price: l.normal,
              discount_price: l.discounted,
              stock_qtt: 1_000,
              tax_category_id: l.tax === null ? null : (taxed[l.tax] ?? null),
            });
            if (!l.variants) {
              items.push({ product_id: product, quantity: l.quantity });
              continue;
            }
            const ids: number[] = [];
            for (const v of l.variants) {
              ids.push(
                await insertVariant(ctx.db, product, {
                  variant_price: v.price,
                  variant_dis_price: v.discounted,
                  variant_qtt: 1_000,
                }),
              );
            }
            const variant = ids[l.pick % ids.length] as number;
            items.push({ product_id: product, variant_id: variant, quantity: l.quantity });
          }
          const code = w.coupon
            ? await insertCoupon(ctx.db, {
                discount_type: w.coupon.percentage ? "percentage" : "price",
                discount: fromSen(BigInt(w.coupon.discount)),
                discount_cap: w.coupon.cap,
                min_spend: w.coupon.min_spend,
              })
            : "";
          const [method] = w.shipping
            ? await ctx.db
                .insert(shippingMethods)
                .values({ shipping_name: "Courier", shipping_fee: w.shipping, shipping_status: 1 })
                .returning({ id: shippingMethods.ship_id })
            : [];

          // The preview, from what the browser reads.
          const lines = [];
          for (const item of items) {
            const product = await get<Product>(`/api/products/${item.product_id}`);
            const variants =
              product.product_variation > 0
                ? await get<Variant[]>(`/api/productsVariants/${item.product_id}`)
                : [];
            const variant = variants.find((v) => v.variant_id === item.variant_id);
            const price = catalogUnitPrice(product, variant);
            expect(price).not.toBeNull();
            lines.push({
              unit_price: price as string,
              quantity: item.quantity,
              tax_rate: lineTax(product).tax_rate,
            });
          }
          const voucher = code
            ? (await get<Voucher[]>(`/api/vouchers?voucher_code=${code}`))[0]
            : undefined;
          const fee = method
            ? (await get<ShippingMethod[]>("/api/shippingMethod")).find(
                (m) => m.ship_id === method.id,
              )?.shipping_fee
            : null;
          const store = await get<{ free_shipping_above: string | null }>("/api/settings/1");
          const buyer = await get<User>(`/api/users/${member}`);
          const tier = await get<Membership>(`/api/memberships/${buyer.membership}`);
          const preview = orderFigures({
            lines,
            coupon: voucher ?? null,
            shipping_fee: fee ?? null,
            free_shipping_above: store.free_shipping_above,
            earning_percent: tier.member_earning,
          });

          const answer = await ctx.call("POST", "/api/orders", {
            user_id: member,
            items,
            voucher_code: code,
            shipping_id: method?.id ?? "",
            ...ADDRESS,
          });
          if (voucher && belowMinimumSpend(preview.subtotal, voucher.min_spend)) {
            expect([answer.statusCode, answer.json().code]).toEqual([400, "coupon_min_spend"]);
            return;
          }
          expect(answer.statusCode, answer.body).toBe(201);
          const order = answer.json();
          // The discount's shares are not kept; they decide each line's tax.
          const { line_discount_shares: _shares, ...quoted } = preview;
          expect({
            line_totals: order.items.map((i: { line_total: string }) => i.line_total),
            line_taxes: order.items.map((i: { tax_amount: string }) => i.tax_amount),
            tax_total: order.tax_total,
            subtotal: order.subtotal,
            discount: order.discount,
            shipping_fee: order.shipping_fee,
            total: order.total_price,
            points_earned: order.points_earned,
          }).toEqual(quoted);
        }),
        {
          numRuns: Number(process.env.FIGURES_PROPERTY_RUNS ?? scaled(ON_POSTGRES ? 15 : 8, 300)),
        },
      );
      expect(runs).toBeGreaterThan(0);
    },
    scaled(120_000, 1_200_000),
  );
});
