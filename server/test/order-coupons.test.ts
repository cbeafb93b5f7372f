/**
 * Coupons a store can run (docs/decisions/coupon-limits.md): a minimum spend,
 * a usage limit in all and a limit per member, kept by POST orders and by an
 * order moved back from canceled or returned; on PostgreSQL, racing orders
 * for a coupon's last use (PGlite has one connection, so nothing races there).
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, vouchers } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { ADDRESS, insertCategory, insertCoupon, insertProduct, stockOf } from "./orderAdd.fixtures";
import { insertUser, unique } from "./people.fixtures";

let ctx: TestContext;
let category = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
});
afterAll(() => ctx?.close());

/** An order of `quantity` × a product at RM 10.00 for `member` with the coupon. */
const order = (member: number, productId: number, code: string, quantity = 1) =>
  ctx.call("POST", "/api/orders", {
    user_id: member,
    items: [{ product_id: productId, quantity }],
    voucher_code: code,
    ...ADDRESS,
  });

const setStatus = (id: number, order_status: number) =>
  ctx.call("PUT", `/api/orders/${id}`, { order_status, tracking_number: "MY1" });

const writes = async () => ({
  orders: (await ctx.db.select({ n: count() }).from(orders))[0]?.n,
  audit: (await ctx.db.select({ n: count() }).from(auditLog))[0]?.n,
});

describe("a coupon's form: its limits and minimum", () => {
  const form = {
    discount: "5",
    discount_cap: "5",
    discount_type: "price",
    voucher_status: 1,
    expired_at: "2099-12-31 23:59:00",
  };

  it("takes and answers a usage limit, a limit per member and a minimum spend; empty is none", async () => {
    const made = await ctx.call("POST", "/api/vouchers", {
      ...form,
      voucher_code: unique("LIM"),
      usage_limit: "100",
      member_limit: 1,
      min_spend: "50",
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ usage_limit: 100, member_limit: 1, min_spend: "50.00" });
    const id = made.json().voucher_id;
    const cleared = await ctx.call("PUT", `/api/vouchers/${id}`, {
      ...form,
      voucher_code: made.json().voucher_code,
      usage_limit: "",
      member_limit: "",
      min_spend: "",
    });
    expect(cleared.json()).toMatchObject({
      usage_limit: null,
      member_limit: null,
      min_spend: null,
    });
    // A coupon saved without them (an older client) has none.
    const plain = await ctx.call("POST", "/api/vouchers", { ...form, voucher_code: unique("P") });
    expect(plain.json()).toMatchObject({ usage_limit: null, member_limit: null, min_spend: null });
  });

  it("refuses a limit below 1, a fraction or a negative minimum with 400 on the field, writing nothing", async () => {
    const before = (await ctx.db.select({ n: count() }).from(vouchers))[0]?.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ usage_limit: 0 }, "usage_limit", "too_small"],
      [{ member_limit: "1.5" }, "member_limit", "not_whole_number"],
      [{ min_spend: "-1" }, "min_spend", "too_small"],
      [{ min_spend: "1.234" }, "min_spend", "money_format"],
    ];
    for (const [fields, path, code] of cases) {
      const answer = await ctx.call("POST", "/api/vouchers", {
        ...form,
        voucher_code: unique("BAD"),
        ...fields,
      });
      expect([answer.statusCode, answer.json().code], JSON.stringify(fields)).toEqual([400, code]);
      expect(answer.json().issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
    expect((await ctx.db.select({ n: count() }).from(vouchers))[0]?.n).toBe(before);
  });
});

describe("POST orders with a coupon's limits", () => {
  it("refuses a subtotal below the minimum spend with 400 on the coupon; at the minimum it is taken", async () => {
    const member = await insertUser(ctx.db);
    const p = await insertProduct(ctx.db, category);
    const code = await insertCoupon(ctx.db, { min_spend: "30.00" });
    const before = await writes();
    const short = await order(member, p, code, 2);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: "coupon_min_spend",
      params: { code, min: "30.00" },
      message: `Coupon ${code} needs a subtotal of at least RM 30.00.`,
      issues: [{ path: "voucher_code" }],
    });
    expect(await writes()).toEqual(before);
    expect(await stockOf(ctx.db, p)).toBe(10);
    const enough = await order(member, p, code, 3);
    expect(enough.json()).toMatchObject({ subtotal: "30.00", discount: "3.75", coupon_code: code });
  });

  it("refuses the use after the usage limit with 409, writing nothing; a canceled order gives its use back", async () => {
    const [a, b, c] = [
      await insertUser(ctx.db),
      await insertUser(ctx.db),
      await insertUser(ctx.db),
    ];
    const p = await insertProduct(ctx.db, category);
    const code = await insertCoupon(ctx.db, { usage_limit: 2 });
    const first = (await order(a, p, code)).json();
    expect((await order(b, p, code)).statusCode).toBe(201);
    const before = await writes();
    const third = await order(c, p, code);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: "coupon_used_up",
      params: { code, limit: 2 },
      message: `Coupon ${code} has reached its usage limit of 2.`,
      issues: [{ path: "voucher_code", code: "coupon_used_up" }],
    });
    expect(await writes()).toEqual(before);
    expect(await stockOf(ctx.db, p)).toBe(8);

    // Canceled, the first order no longer uses it: the third member's order is taken.
    await setStatus(first.orders_id, 7);
    expect((await order(c, p, code)).statusCode).toBe(201);
    // Moved back now, the first would be a third use: refused, the order stays canceled.
    const reopened = await setStatus(first.orders_id, 1);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ code: "coupon_used_up", params: { code, limit: 2 } });
    const still = (await ctx.call("GET", `/api/orders/${first.orders_id}`)).json();
    expect(still).toMatchObject({ order_status: 7, stock_taken: false });
    expect(await stockOf(ctx.db, p)).toBe(8);
  });

  it("refuses a member's use past the limit per member with 409; another member still uses it", async () => {
    const [a, b] = [await insertUser(ctx.db), await insertUser(ctx.db)];
    const p = await insertProduct(ctx.db, category);
    const code = await insertCoupon(ctx.db, { member_limit: 1, usage_limit: 10 });
    expect((await order(a, p, code)).statusCode).toBe(201);
    const again = await order(a, p, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "coupon_member_limit",
      params: { code, limit: 1 },
      message: `This member has reached coupon ${code}'s limit of 1 per member.`,
    });
    expect((await order(b, p, code)).statusCode).toBe(201);
    // Without the coupon the member orders as before.
    expect((await order(a, p, "")).statusCode).toBe(201);
  });

  it("counts a code deleted and made again afresh", async () => {
    const member = await insertUser(ctx.db);
    const p = await insertProduct(ctx.db, category);
    const code = await insertCoupon(ctx.db, { usage_limit: 1 });
    const old = (await order(member, p, code)).json();
    expect((await order(member, p, code)).statusCode).toBe(409);
    // Yesterday's order used the coupon deleted since; today's coupon of the same code is new.
    await ctx.db
      .update(orders)
      .set({ created_at: sql`now() - interval '1 day'` })
      .where(eq(orders.orders_id, old.orders_id));
    await ctx.db.delete(vouchers).where(eq(vouchers.voucher_code, code));
    await insertCoupon(ctx.db, { voucher_code: code, usage_limit: 1 });
    expect((await order(member, p, code)).statusCode).toBe(201);
    expect((await order(member, p, code)).statusCode).toBe(409);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a coupon's last use raced for", () => {
  it("10 parallel orders with a coupon of limit 1: exactly one is taken, the others 409 coupon_used_up", async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => insertUser(ctx.db)));
    const p = await insertProduct(ctx.db, category, { stock_qtt: 100 });
    const code = await insertCoupon(ctx.db, { usage_limit: 1 });
    const answers = await Promise.all(members.map((m) => order(m, p, code)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === "coupon_used_up"),
    ).toBe(true);
    expect(
      await ctx.db.select({ n: count() }).from(orders).where(eq(orders.coupon_code, code)),
    ).toEqual([{ n: 1 }]);
    expect(await stockOf(ctx.db, p)).toBe(99);
  });

  it("8 parallel orders of one member with a limit of 2 per member: exactly two are taken", async () => {
    const member = await insertUser(ctx.db);
    const p = await insertProduct(ctx.db, category, { stock_qtt: 100 });
    const code = await insertCoupon(ctx.db, { member_limit: 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(member, p, code)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(
      answers.filter((a) => a.statusCode !== 201).map((a) => [a.statusCode, a.json().code]),
    ).toEqual(Array(6).fill([409, "coupon_member_limit"]));
  });
});
