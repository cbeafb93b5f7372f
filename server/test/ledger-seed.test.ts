/**
 * The demo store and the scaled seed under the ledger: every balance they
 * hold has its one opening entry, reconcile finds nothing, and completing
 * then refunding a demo order posts and reverses the buyer's PV and the
 * referrer's commission, each linked to the order.
 */
import type { LedgerEntry } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { seedDemoIfEmpty } from "../src/db/seed/index";
import { createTestContext, type TestContext } from "./helpers";
import { ledgerDrift, setCommission } from "./ledger.fixtures";

async function openingsMatchBalances(db: Db) {
  const [row] = (
    await db.execute<{ balances: number; openings: number; others: number }>(sql`
      select
        (select count(*) from user_wallets where wallet_amt <> 0)::int
          + (select count(*) from user_wallets where c_wallet_amt <> 0)::int
          + (select count(*) from users where ttl_pv <> 0)::int as balances,
        (select count(*) from wallet_ledger where reason = 'opening')::int as openings,
        (select count(*) from wallet_ledger where reason <> 'opening')::int as others`)
  ).rows;
  return row;
}

describe("the demo store", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoIfEmpty(ctx.db, ctx.app.uploadStorage);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("gives every balance its opening entry and reconciles", async () => {
    const counts = await openingsMatchBalances(ctx.db);
    expect(counts?.balances).toBeGreaterThan(100);
    expect(counts).toMatchObject({ openings: counts?.balances, others: 0 });
    const report = await ctx.call("GET", "/api/walletLedger/reconcile");
    expect(report.json().mismatches).toEqual([]);
    expect(report.json().wallets_checked).toBeGreaterThan(100);
    // Its completed orders carry their record (PV in the opening balance): every order checks out.
    expect(report.json().order_mismatches).toEqual([]);
    expect(report.json().account_totals).toEqual([]);
    expect(report.json().orders_checked).toBeGreaterThan(50);
  });

  it("a completed demo order returned gives its PV back from the opening balance, and credits it again", async () => {
    const [order] = (
      await ctx.db.execute<{ orders_id: number; buyer: number; points: string; pv: string }>(sql`
        select o.orders_id, o.user_id as buyer, o.points_earned::text as points, u.ttl_pv::text as pv
        from orders o join users u on u.user_id = o.user_id
        where o.order_status = 6 and o.points_earned > 0 and u.ttl_pv >= o.points_earned
        order by o.orders_id limit 1`)
    ).rows;
    if (!order) throw new Error("the demo store has a completed order whose buyer holds its PV");
    const put = (order_status: number) =>
      ctx.call("PUT", `/api/orders/${order.orders_id}`, { order_status, tracking_number: "MY1" });
    const pvNow = async () =>
      (
        await ctx.db.execute<{ pv: string }>(
          sql`select ttl_pv::text as pv from users where user_id = ${order.buyer}`,
        )
      ).rows[0]?.pv;
    expect((await put(9)).statusCode).toBe(200);
    expect(Number(await pvNow())).toBeCloseTo(Number(order.pv) - Number(order.points), 2);
    expect((await put(6)).statusCode).toBe(200);
    expect(await pvNow()).toBe(order.pv);
    const report = await ctx.call("GET", "/api/walletLedger/reconcile");
    expect(report.json().order_mismatches).toEqual([]);
  });

  it("completing and refunding a demo order shows PV and commission lines linked to it", async () => {
    await setCommission(ctx.db, 1);
    const [order] = (
      await ctx.db.execute<{ orders_id: number; buyer: number; referrer: number }>(sql`
        select o.orders_id, o.user_id as buyer, u.referral_of as referrer
        from orders o join users u on u.user_id = o.user_id
        where o.order_status = 3 and u.referral_of is not null and o.points_earned > 0
        order by o.orders_id limit 1`)
    ).rows;
    if (!order) throw new Error("the demo store has a shipped order of a referred member");
    const put = (order_status: number) =>
      ctx.call("PUT", `/api/orders/${order.orders_id}`, { order_status, tracking_number: "MY1" });
    const linesOf = async (userId: number) =>
      (
        (
          await ctx.call("GET", `/api/walletLedger?user_id=${userId}&_page=1&_limit=10`)
        ).json() as LedgerEntry[]
      ).filter((e) => e.ref_type === "order" && e.ref_id === order.orders_id);

    expect((await put(6)).statusCode).toBe(200);
    expect((await linesOf(order.buyer)).map((e) => e.reason)).toEqual(["pv_order"]);
    expect((await linesOf(order.referrer)).map((e) => e.reason)).toEqual(["commission"]);
    expect((await put(8)).statusCode).toBe(200);
    expect((await linesOf(order.buyer)).map((e) => e.reason)).toEqual(["pv_refund", "pv_order"]);
    expect((await linesOf(order.referrer)).map((e) => e.reason)).toEqual([
      "commission_reversal",
      "commission",
    ]);
    expect(await ledgerDrift(ctx.db)).toEqual([]);
    await setCommission(ctx.db, 0);
  });
});

describe("the scaled seed (SEED_DEMO_ORDERS)", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoIfEmpty(ctx.db, ctx.app.uploadStorage, 3_000);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("bulk-loads every opening entry and reconciles", async () => {
    const counts = await openingsMatchBalances(ctx.db);
    expect(counts?.balances).toBeGreaterThan(100);
    expect(counts).toMatchObject({ openings: counts?.balances, others: 0 });
    expect(await ledgerDrift(ctx.db)).toEqual([]);
    const report = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
    expect(report).toMatchObject({ mismatches: [], order_mismatches: [], account_totals: [] });
    const total = await ctx.call("GET", "/api/walletLedger?_page=1&_limit=1");
    expect(total.headers["x-total-count"]).toBe(String(counts?.openings));
  });
});
