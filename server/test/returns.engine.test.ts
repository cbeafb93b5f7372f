/**
 * Returns and partial refunds by line (issue 42, docs/decisions/returns.md)
 * through the HTTP API: a return's refund is its lines' share of the paid
 * amount, and takes back the same share of the buyer's PV and of each
 * level's commission, exactly in sen; returns in parts add up to one whole
 * return; stock comes back once; nothing more than was sold comes back,
 * racing or not; a refund beyond what is left is refused, writing nothing.
 * The rules are the same on both engines: in npm test PGlite runs the first
 * and the refusals, the long tier all of them (`onPostgres`, test/tier.ts).
 */
import { type OrderRecord, type OrderReturn, toSen } from "@store/contract";
import { count, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberships, orderReturns, settings, walletLedger } from "../src/db/schema";
import { orderMismatches } from "../src/modules/ledger/reconcile";
import { createTestContext, type TestContext } from "./helpers";
import { ledgerDrift, setCommission } from "./ledger.fixtures";
import { ADDRESS, insertCategory, insertCoupon, insertProduct, stockOf } from "./orderAdd.fixtures";
import { insertUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { onPostgres, scaled } from "./tier";

let ctx: TestContext;
let category = 0;
/** A → B → buyer: the buyer's two uplines, paid 10% and 5% under a two-level plan (held while the period is open). */
let upA = 0;
let upB = 0;
let buyer = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await insertCategory(ctx.db);
  await setCommission(ctx.db, 1);
  await stepUp(ctx);
  const tiers = await ctx.db.select({ id: memberships.member_id }).from(memberships);
  const rates = (rate: string) => Object.fromEntries(tiers.map((t) => [String(t.id), rate]));
  const plan = await ctx.call("PUT", "/api/commissionPlan", {
    hold_days: 0,
    period_start_day: 1,
    levels: [
      { level: 1, rates: rates("10.00"), min_personal_pv: "0", when_unqualified: "skip" },
      { level: 2, rates: rates("5.00"), min_personal_pv: "0", when_unqualified: "skip" },
    ],
  });
  expect(plan.statusCode, plan.body).toBe(200);
  upA = await insertUser(ctx.db);
  upB = await insertUser(ctx.db, { referral_of: upA });
  buyer = await insertUser(ctx.db, { referral_of: upB });
});
afterAll(() => ctx?.close());

/** A call with the If-Match of the version the screen was shown. */
async function send(method: string, url: string, payload?: unknown, version?: number) {
  return ctx.app.inject({
    method: method as "POST",
    url,
    payload: payload as object,
    headers: { cookie: ctx.cookie, ...(version ? { "if-match": `"${version}"` } : {}) },
  });
}

async function readOrder(id: number): Promise<OrderRecord> {
  const res = await ctx.call("GET", `/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setStatus(id: number, order_status: number) {
  return ctx.call("PUT", `/api/orders/${id}`, { order_status, tracking_number: "MY1" });
}

/** Products at RM 10.00, 25.50 and 7.30, a thousand of each in stock. */
async function products() {
  return Promise.all(
    ["10.00", "25.50", "7.30"].map((price) =>
      insertProduct(ctx.db, category, { normal_price: price, stock_qtt: 1000 }),
    ),
  );
}

/** An order keyed in for the buyer (1 × A, 2 × B, 3 × C unless told), with the coupon if given, completed. */
async function completedOrder(
  ids: number[],
  quantities = [1, 2, 3],
  coupon?: string,
): Promise<OrderRecord> {
  const made = await ctx.call("POST", "/api/orders", {
    user_id: buyer,
    items: ids.map((product_id, i) => ({ product_id, quantity: quantities[i] })),
    ...(coupon ? { voucher_code: coupon } : {}),
    ...ADDRESS,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().orders_id as number;
  expect((await setStatus(id, 6)).statusCode).toBe(200);
  return readOrder(id);
}

/** What the order's entries hold for a member in an account and its held twin, in sen. */
async function standing(ordersId: number, userId: number, accounts: string[]): Promise<bigint> {
  const [row] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${walletLedger.amount}), 0)::text` })
    .from(walletLedger)
    .where(
      sql`${walletLedger.ref_type} = 'order' and ${walletLedger.ref_id} = ${ordersId}
        and ${walletLedger.user_id} = ${userId} and ${walletLedger.account} in ${accounts}`,
    );
  return toSen(row?.sum ?? "0");
}
const PV = ["pv", "held_pv"];
const CASH = ["cash_wallet", "held"];

/** full × taken / base, half up to the sen: the rule a return's reversal follows. */
const shareOf = (full: bigint, taken: bigint, base: bigint) =>
  (full * taken * 2n + base) / (2n * base);

async function returnLines(
  order: OrderRecord,
  lines: { item_id: number; quantity: number }[],
  more: Record<string, unknown> = {},
) {
  return send(
    "POST",
    `/api/orders/${order.orders_id}/returns`,
    { lines, reason: "Damaged in transit", ...more },
    (await readOrder(order.orders_id)).version,
  );
}

const writes = async () => ({
  returns: (await ctx.db.select({ n: count() }).from(orderReturns))[0]?.n,
  audit: (await ctx.db.select({ n: count() }).from(auditLog))[0]?.n,
  ledger: (await ctx.db.select({ n: count() }).from(walletLedger))[0]?.n,
});

describe("a return of some lines", () => {
  it("refunds the line's share after the coupon and takes back that share of the PV and of each level's commission, exactly", async () => {
    const ids = await products();
    const code = await insertCoupon(ctx.db);
    const order = await completedOrder(ids, [1, 2, 3], code);
    // Subtotal 10.00 + 51.00 + 21.90 = 82.90; 12.5% off = 10.36, shared by largest
    // remainder 1.25 / 6.37 / 2.74: the first line's net is 10.00 − 1.25 = 8.75.
    expect(order).toMatchObject({ subtotal: "82.90", discount: "10.36", total_price: "72.54" });
    const pvBefore = await standing(order.orders_id, buyer, PV);
    const aBefore = await standing(order.orders_id, upA, CASH);
    const bBefore = await standing(order.orders_id, upB, CASH);
    expect([pvBefore > 0n, aBefore, bBefore]).toEqual([true, 363n, 725n]);
    const stockBefore = await stockOf(ctx.db, ids[0] as number);

    const line = order.items[0];
    const res = await returnLines(order, [{ item_id: line?.item_id as number, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    const made: OrderReturn = res.json();
    expect(made).toMatchObject({
      kind: "return",
      goods_amount: "8.75",
      shipping_amount: "0.00",
      refund_amount: "8.75",
      restock: true,
      items: 1,
      lines: [{ item_id: line?.item_id, quantity: 1, amount: "8.75" }],
    });
    expect(made.credit_note_number).toMatch(/^CN\d{8}\d{6,}$/);

    // The base is the goods, 72.54: 8.75 of it came back.
    const pvTaken = shareOf(pvBefore, 875n, 7254n);
    const aTaken = shareOf(aBefore, 875n, 7254n);
    const bTaken = shareOf(bBefore, 875n, 7254n);
    expect(await standing(order.orders_id, buyer, PV)).toBe(pvBefore - pvTaken);
    expect(await standing(order.orders_id, upA, CASH)).toBe(aBefore - aTaken);
    expect(await standing(order.orders_id, upB, CASH)).toBe(bBefore - bTaken);
    expect([toSen(made.pv_reversed), toSen(made.commission_reversed)]).toEqual([
      pvTaken,
      aTaken + bTaken,
    ]);
    expect(await stockOf(ctx.db, ids[0] as number)).toBe((stockBefore ?? 0) + 1);
    const after = await readOrder(order.orders_id);
    expect(after).toMatchObject({ order_status: 6, refunded: "8.75" });
    expect(after.items.map((item) => item.returned)).toEqual([1, 0, 0]);
    expect(await ledgerDrift(ctx.db)).toEqual([]);
  });

  onPostgres(
    "returned before completion: the completion credits only what the return leaves",
    async () => {
      const ids = await products();
      const paid = await completedOrder(ids, [1, 1, 1]);
      const twin = await completedOrder(ids, [1, 1, 1]);
      const full = await standing(twin.orders_id, upA, CASH);
      // Back to paid (a correction keeps what stands), then the whole money taken back and
      // credited again: the order as if it had been paid, returned in part, and completed.
      for (const status of [7, 2])
        expect((await setStatus(paid.orders_id, status)).statusCode).toBe(200);
      expect(await standing(paid.orders_id, upA, CASH)).toBe(0n);
      const res = await returnLines(paid, [
        { item_id: paid.items[0]?.item_id as number, quantity: 1 },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ pv_reversed: "0.00", commission_reversed: "0.00" });
      expect((await setStatus(paid.orders_id, 6)).statusCode).toBe(200);
      expect(await standing(paid.orders_id, upA, CASH)).toBe(full - shareOf(full, 1000n, 4280n));
    },
  );

  onPostgres(
    "adds up, in parts, to one whole return to the sen, and the order becomes returned",
    async () => {
      const ids = await products();
      const code = await insertCoupon(ctx.db);
      const parts = await completedOrder(ids, [1, 2, 3], code);
      const whole = await completedOrder(ids, [1, 2, 3], code);
      const [a, b, c] = parts.items.map((item) => item.item_id) as [number, number, number];
      const steps = [
        [{ item_id: b, quantity: 1 }],
        [
          { item_id: b, quantity: 1 },
          { item_id: a, quantity: 1 },
        ],
        [
          { item_id: c, quantity: 2 },
          { item_id: c, quantity: 1 },
        ],
      ];
      const given: OrderReturn[] = [];
      for (const lines of steps) {
        const res = await returnLines(parts, lines);
        expect(res.statusCode, res.body).toBe(201);
        given.push(res.json());
      }
      const all = await returnLines(
        whole,
        whole.items.map((item) => ({ item_id: item.item_id, quantity: item.quantity })),
      );
      expect(all.statusCode, all.body).toBe(201);
      const sum = (
        list: OrderReturn[],
        field: "refund_amount" | "pv_reversed" | "commission_reversed",
      ) => list.reduce((s, r) => s + toSen(r[field]), 0n);
      for (const field of ["refund_amount", "pv_reversed", "commission_reversed"] as const) {
        expect(sum(given, field), field).toBe(sum([all.json()], field));
      }
      expect(sum(given, "refund_amount")).toBe(7254n);
      for (const order of [parts, whole]) {
        expect((await readOrder(order.orders_id)).order_status).toBe(9);
        for (const user of [buyer, upA, upB]) {
          expect(await standing(order.orders_id, user, [...PV, ...CASH])).toBe(0n);
        }
      }
      // Nothing is left to return.
      const again = await returnLines(parts, [{ item_id: a, quantity: 1 }]);
      expect([again.statusCode, again.json().code]).toEqual([409, "order_not_returnable"]);
    },
  );

  onPostgres(
    "gives stock back once: a return into stock, then Returned on Edit Order returns the rest, and the order cannot be reopened",
    async () => {
      const ids = await products();
      const before = await Promise.all(ids.map((id) => stockOf(ctx.db, id)));
      const order = await completedOrder(ids, [2, 1, 1]);
      const [a, , c] = order.items.map((item) => item.item_id) as [number, number, number];
      expect((await returnLines(order, [{ item_id: a, quantity: 1 }])).statusCode).toBe(201);
      // Kept, not restocked: a damaged item.
      const kept = await returnLines(order, [{ item_id: c, quantity: 1 }], { restock: false });
      expect(kept.statusCode, kept.body).toBe(201);
      expect((await setStatus(order.orders_id, 9)).statusCode).toBe(200);
      const after = await Promise.all(ids.map((id) => stockOf(ctx.db, id)));
      expect(after).toEqual([before[0], before[1], (before[2] ?? 0) - 1]);
      const records = await ctx.call("GET", `/api/returns?orders_id=${order.orders_id}`);
      expect(records.json().map((r: OrderReturn) => [r.reason, r.items])).toEqual([
        ["Order returned", 2],
        ["Damaged in transit", 1],
        ["Damaged in transit", 1],
      ]);
      const stock = await Promise.all(ids.map((id) => stockOf(ctx.db, id)));
      const reopened = await setStatus(order.orders_id, 6);
      expect([reopened.statusCode, reopened.json().code]).toEqual([409, "order_has_returns"]);
      expect(await Promise.all(ids.map((id) => stockOf(ctx.db, id)))).toEqual(stock);
    },
  );
});

describe("the buy-back and the rest", () => {
  onPostgres(
    "inside the buy-back period refunds its percentage of the goods, yet takes back the goods' full share",
    async () => {
      await ctx.db.update(settings).set({ buy_back_days: 30, buy_back_percent: "90" });
      try {
        const ids = await products();
        const order = await completedOrder(ids, [1, 1, 1]);
        expect(order.buy_back_percent).toBe("90.00");
        const pv = await standing(order.orders_id, buyer, PV);
        const res = await returnLines(order, [
          { item_id: order.items[1]?.item_id as number, quantity: 1 },
        ]);
        expect(res.statusCode, res.body).toBe(201);
        // 90% of RM 25.50 is RM 22.95; the PV follows the RM 25.50 that came back of 42.80.
        expect(res.json()).toMatchObject({
          goods_amount: "25.50",
          refund_amount: "22.95",
          buy_back_percent: "90.00",
        });
        expect(await standing(order.orders_id, buyer, PV)).toBe(pv - shareOf(pv, 2550n, 4280n));
        // The 2.55 kept, and the rest, refunded without goods: all the money back, the order
        // refunded, the goods' value taken back once (25.50 + 17.30), nothing standing.
        const rest = await send("POST", `/api/orders/${order.orders_id}/refunds`, {
          amount: "19.85",
          reason: "Goodwill",
        });
        expect(rest.statusCode, rest.body).toBe(201);
        expect((await readOrder(order.orders_id)).order_status).toBe(8);
        const [shares] = await ctx.db
          .select({
            goods: sql<string>`sum(${orderReturns.goods_share})::text`,
            shipping: sql<string>`sum(${orderReturns.shipping_share})::text`,
          })
          .from(orderReturns)
          .where(eq(orderReturns.orders_id, order.orders_id));
        expect(shares).toEqual({ goods: "42.80", shipping: "0.00" });
        expect(await standing(order.orders_id, buyer, [...PV, ...CASH])).toBe(0n);
      } finally {
        await ctx.db.update(settings).set({ buy_back_days: 0 });
      }
    },
  );

  onPostgres(
    "Refund on Edit Order after a partial refund refunds what is left, and takes back everything",
    async () => {
      const ids = await products();
      const order = await completedOrder(ids, [1, 1, 1]);
      const part = await send("POST", `/api/orders/${order.orders_id}/refunds`, {
        amount: "2.80",
        reason: "Scratched",
      });
      expect(part.statusCode, part.body).toBe(201);
      expect((await setStatus(order.orders_id, 8)).statusCode).toBe(200);
      const records = (await ctx.call("GET", `/api/returns?orders_id=${order.orders_id}`)).json();
      expect(records.map((r: OrderReturn) => [r.kind, r.refund_amount])).toEqual([
        ["refund", "40.00"],
        ["refund", "2.80"],
      ]);
      for (const user of [buyer, upA, upB]) {
        expect(await standing(order.orders_id, user, [...PV, ...CASH])).toBe(0n);
      }
      const canceled = await setStatus(order.orders_id, 7);
      expect([canceled.statusCode, canceled.json().code]).toEqual([409, "order_has_returns"]);
    },
  );
});

describe("what a return or refund refuses", () => {
  it("refuses a refund beyond what is left, more than was sold, a line not of the order, and an unpaid order, writing nothing", async () => {
    const ids = await products();
    const order = await completedOrder(ids, [1, 1, 1]);
    const url = `/api/orders/${order.orders_id}/refunds`;
    const goodwill = await send("POST", url, { amount: "5.00", reason: "Late delivery" });
    expect(goodwill.statusCode, goodwill.body).toBe(201);
    const unpaid = await ctx.call("POST", "/api/orders", {
      user_id: buyer,
      items: [{ product_id: ids[0], quantity: 1 }],
      ...ADDRESS,
    });
    const start = await writes();
    const tooMuch = await send("POST", url, { amount: "37.81", reason: "Everything" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: "refund_exceeds_paid",
      params: { amount: "37.81", left: "37.80" },
    });
    const [first] = order.items;
    const cases: [unknown, number, string][] = [
      [
        { lines: [{ item_id: first?.item_id, quantity: 2 }], reason: "x" },
        409,
        "return_exceeds_sold",
      ],
      [{ lines: [{ item_id: 999999, quantity: 1 }], reason: "x" }, 400, "return_line_unknown"],
      [{ lines: [{ item_id: first?.item_id, quantity: -1 }], reason: "x" }, 400, "too_small"],
      [{ lines: [{ item_id: first?.item_id, quantity: 0 }], reason: "x" }, 400, "return_nothing"],
      [{ lines: [{ item_id: first?.item_id, quantity: 1 }] }, 400, "required"],
      [{ lines: [], reason: "x" }, 400, "return_nothing"],
      [
        { lines: [{ item_id: first?.item_id, quantity: 1 }], refund_amount: "10.01", reason: "x" },
        409,
        "refund_exceeds_paid",
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await send("POST", `/api/orders/${order.orders_id}/returns`, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const stale = await send(
      "POST",
      `/api/orders/${order.orders_id}/returns`,
      { lines: [{ item_id: first?.item_id, quantity: 1 }], reason: "x" },
      order.version,
    );
    expect(stale.statusCode).toBe(412);
    const pending = await send("POST", `/api/orders/${unpaid.json().orders_id}/refunds`, {
      amount: "1.00",
      reason: "x",
    });
    expect([pending.statusCode, pending.json().code]).toEqual([409, "order_not_returnable"]);
    expect(await writes()).toEqual(start);
  });
});

describe("returns racing", () => {
  onPostgres(
    "never give back more than was sold, and the stock comes back once per item",
    async () => {
      const ids = await products();
      const order = await completedOrder(ids, [1, 2, 1]);
      const [, b] = order.items;
      const stock = await stockOf(ctx.db, ids[1] as number);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          send("POST", `/api/orders/${order.orders_id}/returns`, {
            lines: [{ item_id: b?.item_id, quantity: 1 }],
            reason: "Race",
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
      expect(await stockOf(ctx.db, ids[1] as number)).toBe((stock ?? 0) + 2);
      expect((await readOrder(order.orders_id)).items[1]?.returned).toBe(2);
    },
  );
});

describe("every ledger follows the rule", () => {
  onPostgres(
    "over random orders, coupons, returns and refunds: each member keeps the credit less the returned share, to the sen",
    async () => {
      const ids = await products();
      const step = fc.oneof(
        fc.record({
          kind: fc.constant("return" as const),
          line: fc.nat(2),
          quantity: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({ kind: fc.constant("refund" as const), sen: fc.integer({ min: 1, max: 3000 }) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
          fc.boolean(),
          fc.array(step, { minLength: 1, maxLength: 5 }),
          async (quantities, withCoupon, steps) => {
            const code = withCoupon ? await insertCoupon(ctx.db) : undefined;
            const order = await completedOrder(ids, quantities, code);
            const full = {
              pv: await standing(order.orders_id, buyer, PV),
              a: await standing(order.orders_id, upA, CASH),
              b: await standing(order.orders_id, upB, CASH),
            };
            const base = toSen(order.total_price) - toSen(order.shipping_fee);
            for (const s of steps) {
              const res =
                s.kind === "return"
                  ? await send("POST", `/api/orders/${order.orders_id}/returns`, {
                      lines: [{ item_id: order.items[s.line]?.item_id, quantity: s.quantity }],
                      reason: "Property",
                    })
                  : await send("POST", `/api/orders/${order.orders_id}/refunds`, {
                      amount: (s.sen / 100).toFixed(2),
                      reason: "Property",
                    });
              expect([201, 409], res.body).toContain(res.statusCode);
            }
            const [taken] = await ctx.db
              .select({ goods: sql<string>`coalesce(sum(${orderReturns.goods_share}), 0)::text` })
              .from(orderReturns)
              .where(eq(orderReturns.orders_id, order.orders_id));
            const share = toSen(taken?.goods ?? "0");
            const status = (await readOrder(order.orders_id)).order_status;
            const kept = (credit: bigint) =>
              [8, 9].includes(status) ? 0n : credit - shareOf(credit, share, base);
            expect(await standing(order.orders_id, buyer, PV)).toBe(kept(full.pv));
            expect(await standing(order.orders_id, upA, CASH)).toBe(kept(full.a));
            expect(await standing(order.orders_id, upB, CASH)).toBe(kept(full.b));
            expect(share <= base).toBe(true);
          },
        ),
        { numRuns: scaled(8, 40) },
      );
      expect(await ledgerDrift(ctx.db)).toEqual([]);
      expect((await orderMismatches(ctx.db)).mismatches).toEqual([]);
    },
  );
});
