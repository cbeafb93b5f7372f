/**
 * SEED_DEMO_ORDERS=n: a demo store of n orders, n/10 users and n/100 products,
 * bulk-loaded (indexes dropped and rebuilt), with every count the app keeps
 * true and every state present. Runs on PGlite and on PostgreSQL.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config";
import type { Db } from "../src/db/client";
import {
  EMBEDDED_ORDERS_LIMIT,
  embeddedLimitNotice,
  estimatedOrders,
} from "../src/db/embeddedLimit";
import { seedDemoIfEmpty } from "../src/db/seed/index";
import { createTestContext, type TestContext } from "./helpers";
import { ordersDrift } from "./orders.fixtures";

const ORDERS = 2_000;

let ctx: TestContext;
let indexesBefore: string[];
let seeded: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await db.execute(query)).rows[0] as T;
}

const indexDefinitions = async (db: Db) =>
  (
    (
      await db.execute(
        sql`select indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
      )
    ).rows as { indexdef: string }[]
  ).map((r) => r.indexdef);

beforeAll(async () => {
  ctx = await createTestContext();
  indexesBefore = await indexDefinitions(ctx.db);
  const orders = readConfig({ SEED_DEMO_ORDERS: String(ORDERS) }).seedDemoOrders;
  seeded = await seedDemoIfEmpty(ctx.db, ctx.app.uploadStorage, orders);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("SEED_DEMO_ORDERS", () => {
  it("is read as a whole number and asks for the demo seed", () => {
    expect(readConfig({}).seedDemoOrders).toBeUndefined();
    expect(readConfig({ SEED_DEMO_ORDERS: "1_000_000" }).seedDemoOrders).toBe(1_000_000);
    const withServer = readConfig({ DATABASE_URL: "postgres://x@h/db", SEED_DEMO_ORDERS: "10" });
    expect(withServer.seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO_ORDERS: "10", SEED_DEMO: "0" }).seedDemo).toBe(false);
    for (const bad of ["0", "-5", "1e6", "many"]) {
      expect(() => readConfig({ SEED_DEMO_ORDERS: bad })).toThrow(/SEED_DEMO_ORDERS/);
    }
  });

  it("fills the store with n orders, n/10 users and n/100 products", async () => {
    expect(seeded ? seeded.size.orders : 0).toBe(ORDERS);
    const counts = await one<Record<string, number>>(
      ctx.db,
      sql`select (select count(*)::int from orders) as orders,
        (select count(*)::int from users where username <> 'admin') as users,
        (select count(*)::int from products) as products,
        (select count(*)::int from withdraw_requests) as withdrawals,
        (select count(*)::int from users u left join user_wallets w on w.user_id = u.user_id
          where w.wallet_id is null) as without_wallet,
        (select count(*)::int from users where referral_of is not null) as referred`,
    );
    expect(counts).toMatchObject({
      orders: ORDERS,
      users: ORDERS / 10,
      products: ORDERS / 100,
      withdrawals: ORDERS / 100,
      without_wallet: 0,
    });
    expect(counts.referred).toBeGreaterThan(ORDERS / 20);
    const listed = await ctx.call("GET", "/api/orders?_page=1&_limit=10");
    expect(listed.headers["x-total-count"]).toBe(String(ORDERS));
  });

  it("keeps down_line, products_in_cat and product_variation equal to a fresh count", async () => {
    const wrong = await one<{ users: number; categories: number; products: number }>(
      ctx.db,
      sql`select
        (select count(*)::int from users u where u.down_line <>
          (select count(*) from users c where c.referral_of = u.user_id)) as users,
        (select count(*)::int from categories k where k.products_in_cat <>
          (select count(*) from products p where p.category_id = k.category_id and p.deleted_at is null)) as categories,
        (select count(*)::int from products p where p.product_variation <>
          (select count(*) from product_variants v where v.product_id = p.product_id and v.deleted_at is null)) as products`,
    );
    expect(wrong).toEqual({ users: 0, categories: 0, products: 0 });
  });

  it("keeps each user's order count (ttl_order) equal to a fresh count, its trigger on again", async () => {
    const wrong = await one<{ users: number; triggers_off: number }>(
      ctx.db,
      sql`select
        (select count(*)::int from users u where u.ttl_order <>
          (select count(*) from orders o where o.user_id = u.user_id)) as users,
        (select count(*)::int from pg_trigger where tgrelid = 'orders'::regclass
          and not tgisinternal and tgenabled = 'D') as triggers_off`,
    );
    expect(wrong).toEqual({ users: 0, triggers_off: 0 });
    const owners = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from users where ttl_order > 0`,
    );
    expect(owners.n).toBeGreaterThan(0);
  });

  it("stores every order's lines, summing to its subtotal, the lines' check on again", async () => {
    expect(await ordersDrift(ctx.db)).toEqual({
      orders: ORDERS,
      money: 0,
      no_lines: 0,
      sum: 0,
      line: 0,
    });
    const off = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from pg_trigger where tgrelid = 'order_items'::regclass
        and not tgisinternal and tgenabled = 'D'`,
    );
    expect(off.n).toBe(0);
  });

  it("leaves the totals the database keeps (running_totals) equal to a fresh count", async () => {
    const kept = await one<Record<string, boolean>>(
      ctx.db,
      sql`with t as (select name, value from running_totals)
        select
          (select value from t where name = 'orders') = (select count(*) from orders) as orders,
          (select value from t where name = 'orders.total_price') = (select sum(total_price) from orders) as revenue,
          (select value from t where name = 'users') = (select count(*) from users) as users,
          (select value from t where name = 'user_wallets') = (select count(*) from user_wallets) as wallets,
          (select value from t where name = 'withdraw_requests') = (select count(*) from withdraw_requests) as withdrawals,
          (select value from t where name = 'products') = (select count(*) from products where deleted_at is null) as products,
          (select coalesce(sum(value), 0) from t where name like 'orders.day:%') = (select count(*) from orders) as days`,
    );
    expect(kept).toEqual({
      orders: true,
      revenue: true,
      users: true,
      wallets: true,
      withdrawals: true,
      products: true,
      days: true,
    });
  });

  it("has withdrawal requests in every state, open ones within the cash wallet", async () => {
    const states = await ctx.db.execute(
      sql`select withdraw_status from withdraw_requests group by 1 order by 1`,
    );
    expect(states.rows.map((r) => (r as { withdraw_status: string }).withdraw_status)).toEqual([
      "completed",
      "processing",
      "rejected",
    ]);
    const short = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (
          select user_id, sum(withdraw_amt) as asked from withdraw_requests
          where withdraw_status = 'processing' group by user_id) open
        join user_wallets w on w.user_id = open.user_id where w.c_wallet_amt < open.asked`,
    );
    expect(short.n).toBe(0);
  });

  it("places orders in their user's name, after sign-up, in every status", async () => {
    const orders = await one<{ mismatched: number; statuses: number; lastSpend: number }>(
      ctx.db,
      sql`select
        (select count(*)::int from orders o join users u on u.user_id = o.user_id
          where o.username <> u.username or o.contact <> u.contact or o.created_at < u.created_at) as mismatched,
        (select count(distinct order_status)::int from orders) as statuses,
        (select count(*)::int from user_wallets w where w.recent_spend_at is distinct from
          (select max(o.created_at) from orders o where o.user_id = w.user_id)) as "lastSpend"`,
    );
    expect(orders).toEqual({ mismatched: 0, statuses: 9, lastSpend: 0 });
  });

  it("leaves every index as the migrations defined it", async () => {
    expect(await indexDefinitions(ctx.db)).toEqual(indexesBefore);
  });

  it("fills only an empty store", async () => {
    expect(await seedDemoIfEmpty(ctx.db, ctx.app.uploadStorage, ORDERS)).toBe(false);
  });

  it("estimates the orders without counting them, and says nothing below the embedded limit", async () => {
    const estimate = await estimatedOrders(ctx.db);
    expect(estimate).toBeGreaterThan(ORDERS * 0.9);
    expect(estimate).toBeLessThan(ORDERS * 1.1);
    expect(await embeddedLimitNotice(ctx.db)).toBeNull();
    expect(EMBEDDED_ORDERS_LIMIT).toBeGreaterThan(ORDERS);
  });

  it("says at start-up when a store is past the embedded limit", async () => {
    // The planner's figure stands in for a store of a million orders (superuser only;
    // ANALYZE puts the true figure back).
    await ctx.db.execute(
      sql`update pg_class set reltuples = 1000000 where oid = 'orders'::regclass`,
    );
    try {
      const notice = await embeddedLimitNotice(ctx.db);
      expect(notice).toContain("about 1,000,000 orders");
      expect(notice).toContain("PostgreSQL");
    } finally {
      await ctx.db.execute(sql`analyze orders`);
    }
    expect(await estimatedOrders(ctx.db)).toBeLessThan(ORDERS * 1.1);
  });
});
