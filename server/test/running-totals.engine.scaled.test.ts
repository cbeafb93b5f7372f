import type { ReconcileReport } from "@store/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL } from "../src/config";
import type { Db } from "../src/db/client";
import { categories } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { withLines } from "./orders.fixtures";
import { unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { ON_POSTGRES, scaled } from "./tier";

// The totals the database keeps with every write (migration 0005,
// docs/decisions/running-totals.md) against a fresh count of the rows,
// after random writes through the API and straight to the tables. The random
// writes: 25 sequences on PostgreSQL, 8 on PGlite in `npm test`, 25 on both in the long tier.

const TZ = "Asia/Kuala_Lumpur";
let ctx: TestContext;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
  const [category] = await ctx.db
    .insert(categories)
    .values({ category_name: "Totals" })
    .returning();
  categoryId = category?.category_id ?? 0;
});
afterAll(() => ctx.close());

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Every running total as the rows say it should be (zeros left out), counted afresh. */
async function freshTotals(db: Db): Promise<Record<string, string>> {
  const counted = await rows<{ name: string; value: string }>(
    db,
    sql`select name, value::text from (
      select 'orders' as name, count(*)::numeric as value from orders
      union all select 'orders.total_price', coalesce(sum(total_price), 0) from orders
      union all select 'orders.day:' || floor(extract(epoch from created_at) / 86400)::bigint, count(*)
        from orders group by 1
      union all select 'users', count(*) from users
      union all select 'users.membership:' || membership, count(*) from users group by membership
      union all select 'users.month:' || to_char(created_at at time zone ${TZ}, 'YYYY-MM'), count(*)
        from users group by 1
      union all select 'user_wallets', count(*) from user_wallets
      union all select 'withdraw_requests', count(*) from withdraw_requests
      union all select 'orders.status:' || order_status, count(*) from orders group by order_status
      union all select 'withdraw_requests.status:' || withdraw_status, count(*)
        from withdraw_requests group by withdraw_status
      union all select 'audit_log', count(*) from audit_log
      union all select 'products', count(*) from products where deleted_at is null
    ) as fresh where value <> 0`,
  );
  return Object.fromEntries(counted.map((r) => [r.name, normal(r.value)]));
}

async function keptTotals(db: Db): Promise<Record<string, string>> {
  const kept = await rows<{ name: string; value: string }>(
    db,
    // "<table>.writes" are versions (migration 0007), not counts of rows.
    sql`select name, value::text from running_totals where value <> 0 and name not like '%.writes'`,
  );
  return Object.fromEntries(kept.map((r) => [r.name, normal(r.value)]));
}

/** "12.50" and "12.5" are one number: compare numerics without trailing zeros. */
const normal = (value: string) => (value.includes(".") ? value.replace(/\.?0+$/, "") : value);

/** Users whose kept order count (users.ttl_order, migration 0010) is not a fresh count of their orders. */
async function wrongOrderCounts(db: Db) {
  return rows<{ user_id: number; kept: number; fresh: number }>(
    db,
    sql`select u.user_id, u.ttl_order as kept,
        (select count(*) from orders o where o.user_id = u.user_id)::int as fresh
      from users u
      where u.ttl_order <> (select count(*) from orders o where o.user_id = u.user_id)`,
  );
}

/** The dashboard's figures as a fresh aggregate over every row (what it computed before). */
async function freshDashboard(db: Db) {
  const [top] = await rows<{
    total_revenue: string;
    total_orders: number;
    total_products: number;
    total_users: number;
    year: number;
  }>(
    db,
    sql`select (select coalesce(sum(total_price), 0)::numeric(20,2)::text from orders) as total_revenue,
      (select count(*)::int from orders) as total_orders,
      (select count(*)::int from products where deleted_at is null) as total_products,
      (select count(*)::int from users) as total_users,
      extract(year from now() at time zone ${TZ})::int as year`,
  );
  const users_by_membership = await rows(
    db,
    sql`select m.member_id, m.membership, count(u.user_id)::int as users
      from memberships m left join users u on u.membership = m.member_id
      group by m.member_id order by m.member_id`,
  );
  const months = await rows<{ month: number; users: number }>(
    db,
    sql`select extract(month from created_at at time zone ${TZ})::int as month, count(*)::int as users
      from users where extract(year from created_at at time zone ${TZ})::int = ${top?.year}
      group by 1`,
  );
  const new_users_by_month = Array.from({ length: 12 }, () => 0);
  for (const m of months) new_users_by_month[m.month - 1] = m.users;
  // The last books' check done: its mismatches counted from its report.
  const [books] = await rows<{ job_id: number; checked_at: string; report: ReconcileReport }>(
    db,
    sql`select job_id::int, left(finished_at::text, 19) as checked_at, result as report from jobs
      where kind = 'reconcile' and status = 'done' order by job_id desc limit 1`,
  );
  const books_balance = books
    ? {
        job_id: books.job_id,
        checked_at: books.checked_at,
        mismatches:
          books.report.mismatches.length +
          books.report.order_mismatches.length +
          books.report.account_totals.length,
      }
    : null;
  return { ...top, users_by_membership, new_users_by_month, books_balance };
}

type Command =
  | { kind: "createUser"; membership: number }
  | { kind: "deleteUser"; pick: number }
  | { kind: "setMembership"; pick: number; membership: number }
  | { kind: "insertUserAt"; daysAgo: number; membership: number }
  | { kind: "moveUser"; pick: number; days: number }
  | { kind: "insertOrders"; count: number; cents: number; daysAgo: number; owner: number | null }
  | { kind: "moveOrder"; pick: number; owner: number | null }
  | { kind: "mergeOrders"; from: number; to: number }
  | { kind: "repriceOrder"; pick: number; cents: number }
  | { kind: "deleteOrder"; pick: number }
  | { kind: "orderStatus"; pick: number; status: number }
  | { kind: "createProduct"; cents: number }
  | { kind: "deleteProduct"; pick: number }
  | { kind: "createBrand" }
  | { kind: "deleteBrand"; pick: number };

const pick = fc.nat({ max: 50 });
const tier = fc.integer({ min: 1, max: 5 });
const cents = fc.integer({ min: 1, max: 10_000_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("createUser" as const), membership: tier }),
  fc.record({ kind: fc.constant("deleteUser" as const), pick }),
  fc.record({ kind: fc.constant("setMembership" as const), pick, membership: tier }),
  // Up to two years back: months of last year and of this one.
  fc.record({
    kind: fc.constant("insertUserAt" as const),
    daysAgo: fc.integer({ min: 0, max: 730 }),
    membership: tier,
  }),
  fc.record({
    kind: fc.constant("moveUser" as const),
    pick,
    days: fc.integer({ min: -400, max: 400 }),
  }),
  fc.record({
    kind: fc.constant("insertOrders" as const),
    count: fc.integer({ min: 1, max: 40 }),
    cents,
    daysAgo: fc.integer({ min: 0, max: 60 }),
    owner: fc.option(pick),
  }),
  fc.record({ kind: fc.constant("repriceOrder" as const), pick, cents }),
  fc.record({ kind: fc.constant("moveOrder" as const), pick, owner: fc.option(pick) }),
  fc.record({ kind: fc.constant("mergeOrders" as const), from: pick, to: pick }),
  fc.record({ kind: fc.constant("deleteOrder" as const), pick }),
  fc.record({
    kind: fc.constant("orderStatus" as const),
    pick,
    status: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({ kind: fc.constant("createProduct" as const), cents }),
  fc.record({ kind: fc.constant("deleteProduct" as const), pick }),
  fc.record({ kind: fc.constant("createBrand" as const) }),
  fc.record({ kind: fc.constant("deleteBrand" as const), pick }),
);

const money = (value: number) => (value / 100).toFixed(2);

/** The id at `index` (modulo) among the rows a query answers, or undefined when none. */
async function nth(query: ReturnType<typeof sql>, index: number): Promise<number | undefined> {
  const ids = await rows<{ id: number }>(ctx.db, query);
  return ids.length ? ids[index % ids.length]?.id : undefined;
}

async function run(cmd: Command): Promise<void> {
  const db = ctx.db;
  const someUser = (i: number) =>
    nth(
      sql`select user_id as id from users where email <> ${DEMO_ADMIN_EMAIL} order by user_id`,
      i,
    );
  const someOrder = (i: number) => nth(sql`select orders_id as id from orders order by 1`, i);
  switch (cmd.kind) {
    case "createUser": {
      const res = await ctx.call("POST", "/api/users", userForm({ membership: cmd.membership }));
      expect(res.statusCode).toBe(201);
      return;
    }
    case "deleteUser": {
      const id = await someUser(cmd.pick);
      if (id !== undefined)
        expect((await ctx.call("DELETE", `/api/users/${id}`)).statusCode).toBe(200);
      return;
    }
    case "setMembership": {
      const id = await someUser(cmd.pick);
      if (id === undefined) return;
      const res = await ctx.call("PUT", `/api/updateMembership/${id}`, {
        membership: cmd.membership,
      });
      expect(res.statusCode).toBe(200);
      return;
    }
    case "insertUserAt": {
      const name = unique("tot");
      await db.execute(sql`insert into users (username, email, f_name, l_name, contact,
          password_hash, gender, role, membership, languages, currency, created_at)
        values (${name}, ${`${name}@example.my`}, 'T', 'T', '0100000000', 'x', 'Male', 'Member',
          ${cmd.membership}, 'English', 'MYR', now() - make_interval(days => ${cmd.daysAgo}))`);
      return;
    }
    case "moveUser": {
      const id = await someUser(cmd.pick);
      if (id === undefined) return;
      await db.execute(sql`update users set created_at = created_at + make_interval(days => ${cmd.days})
        where user_id = ${id}`);
      return;
    }
    case "insertOrders": {
      const owner = cmd.owner === null ? null : ((await someUser(cmd.owner)) ?? null);
      await db.execute(
        withLines(sql`insert into orders (order_number, user_id, username, total_price, subtotal, order_status, created_at)
        select ${unique("TOT")} || '-' || g, ${owner}::int, 'tot', ${money(cmd.cents)}::numeric + g,
          ${money(cmd.cents)}::numeric + g, 1, now() - make_interval(days => ${cmd.daysAgo}, mins => g)
        from generate_series(1, ${cmd.count}) as g`),
      );
      return;
    }
    case "repriceOrder": {
      const id = await someOrder(cmd.pick);
      if (id === undefined) return;
      // The order's one line with it: subtotal and lines stay equal (migration 0021).
      await db.execute(
        sql`with o as (update orders set total_price = ${money(cmd.cents)}, subtotal = ${money(cmd.cents)}
          where orders_id = ${id} returning orders_id)
        update order_items set unit_price = ${money(cmd.cents)}, line_total = ${money(cmd.cents)}
          where orders_id in (select orders_id from o)`,
      );
      return;
    }
    case "moveOrder": {
      const id = await someOrder(cmd.pick);
      const owner = cmd.owner === null ? null : ((await someUser(cmd.owner)) ?? null);
      if (id !== undefined)
        await db.execute(sql`update orders set user_id = ${owner}::int where orders_id = ${id}`);
      return;
    }
    case "mergeOrders": {
      // One statement moving many orders between users (and some from nobody).
      const [from, to] = [await someUser(cmd.from), await someUser(cmd.to)];
      if (from !== undefined && to !== undefined)
        await db.execute(sql`update orders set user_id = ${to}
          where user_id = ${from} or (user_id is null and orders_id % 3 = 0)`);
      return;
    }
    case "deleteOrder": {
      const id = await someOrder(cmd.pick);
      if (id !== undefined) await db.execute(sql`delete from orders where orders_id = ${id}`);
      return;
    }
    case "orderStatus": {
      const id = await someOrder(cmd.pick);
      if (id === undefined) return;
      const res = await ctx.call("PUT", `/api/orders/${id}`, {
        order_status: cmd.status,
        tracking_number: "MY1",
      });
      expect(res.statusCode).toBe(200);
      return;
    }
    case "createProduct": {
      const res = await ctx.call("POST", "/api/products", {
        product_name: "Totals",
        normal_price: money(cmd.cents % 100_000),
        stock_qtt: 1,
        category_id: categoryId,
      });
      expect(res.statusCode).toBe(201);
      return;
    }
    case "deleteProduct": {
      const id = await nth(
        sql`select product_id as id from products where deleted_at is null order by 1`,
        cmd.pick,
      );
      if (id !== undefined)
        expect((await ctx.call("DELETE", `/api/products/${id}`)).statusCode).toBe(200);
      return;
    }
    case "createBrand": {
      const res = await ctx.call("POST", "/api/brands", { brand_name: unique("Brand") });
      expect(res.statusCode).toBe(201);
      return;
    }
    case "deleteBrand": {
      const id = await nth(sql`select brand_id as id from brands order by 1`, cmd.pick);
      if (id !== undefined)
        expect((await ctx.call("DELETE", `/api/brands/${id}`)).statusCode).toBe(200);
      return;
    }
  }
}

describe("running totals", () => {
  it("the dashboard and every list total equal a fresh count after random writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const cmd of commands) await run(cmd);
        const summary = await ctx.call("GET", "/api/dashboard");
        expect(summary.statusCode).toBe(200);
        expect(summary.json()).toEqual(await freshDashboard(ctx.db));
        expect(await keptTotals(ctx.db)).toEqual(await freshTotals(ctx.db));
        expect(await wrongOrderCounts(ctx.db)).toEqual([]);
      }),
      { numRuns: scaled(ON_POSTGRES ? 25 : 8, 25) },
    );
  }, 300_000);

  it("lists answer their running total as X-Total-Count, exact after writes", async () => {
    const lists: [string, string][] = [
      ["/api/orders", "orders"],
      ["/api/users", "users"],
      ["/api/usersWallet", "user_wallets"],
      ["/api/products", "products"],
    ];
    const fresh = await freshTotals(ctx.db);
    for (const [path, name] of lists) {
      const res = await ctx.call("GET", `${path}?_page=1&_limit=5`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"], path).toBe(fresh[name] ?? "0");
      expect(res.headers["x-total-count-capped"]).toBeUndefined();
    }
    // Simple lists count with their page (docs/decisions/list-scale.md): exact too.
    const [simple] = await rows<{ brands: string; categories: string }>(
      ctx.db,
      sql`select (select count(*) from brands)::text as brands,
        (select count(*) from categories where deleted_at is null)::text as categories`,
    );
    for (const [path, name] of [
      ["/api/brands", "brands"],
      ["/api/categories", "categories"],
    ] as const) {
      const res = await ctx.call("GET", `${path}?_page=1&_limit=5`);
      expect(res.headers["x-total-count"], path).toBe(simple?.[name]);
    }
  });

  it("sorts users by Total Order as a fresh count orders them, either way, any page, filtered too", async () => {
    // Some users with several orders, so the sort has ties and distinct counts.
    const ids = (
      await rows<{ id: number }>(ctx.db, sql`select user_id as id from users order by 1 limit 6`)
    ).map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      await ctx.db.execute(
        withLines(sql`insert into orders (order_number, user_id, username, total_price, subtotal, order_status)
        select ${unique("SORT")} || '-' || g, ${id}, 'sort', 1, 1, 1 from generate_series(1, ${(i % 3) + 1}) g`),
      );
    }
    for (const order of ["asc", "desc"] as const) {
      const direction = order === "asc" ? sql`asc` : sql`desc`;
      for (const [query, where] of [
        ["", sql`true`],
        ["&role=Member", sql`u.role = 'Member'`],
      ] as const) {
        const expected = (
          await rows<{ id: number; n: number }>(
            ctx.db,
            sql`select u.user_id as id, (select count(*) from orders o where o.user_id = u.user_id)::int as n
            from users u where ${where} order by 2 ${direction}, 1 ${direction}`,
          )
        ).map((r) => [r.id, r.n]);
        for (const page of [1, 2]) {
          const res = await ctx.call(
            "GET",
            `/api/users?_sort=ttl_order&_order=${order}&_page=${page}&_limit=3${query}`,
          );
          expect(res.statusCode).toBe(200);
          expect(
            res.json().map((u: { user_id: number; ttl_order: number }) => [u.user_id, u.ttl_order]),
          ).toEqual(expected.slice((page - 1) * 3, page * 3));
          expect(res.headers["x-total-count"]).toBe(String(expected.length));
        }
      }
    }
  });

  it("counts the dashboard's months in the store's zone, and again when the zone changes", async () => {
    await ctx.db.execute(sql`update running_totals_time_zone set time_zone = 'UTC'`);
    await ctx.db.execute(
      sql`update running_totals set value = value + 7 where name like 'users.month:%'`,
    );
    const res = await ctx.call("GET", "/api/dashboard");
    expect(res.json()).toEqual(await freshDashboard(ctx.db));
    const [zone] = await rows<{ time_zone: string }>(
      ctx.db,
      sql`select time_zone from running_totals_time_zone`,
    );
    expect(zone?.time_zone).toBe(TZ);
    expect(await keptTotals(ctx.db)).toEqual(await freshTotals(ctx.db));
  });

  it("TRUNCATE leaves the table's totals at zero, and its write version still grows", async () => {
    const version = async () =>
      Number(
        (
          await rows<{ value: string }>(
            ctx.db,
            sql`select value::text from running_totals where name = 'withdraw_requests.writes'`,
          )
        )[0]?.value ?? 0,
      );
    const request = sql`insert into withdraw_requests (user_id, payee_username, bank_acc, bank_name, withdraw_amt)
      select user_id, username, '1234', 'Maybank', 10.00 from users order by user_id limit 1`;
    await ctx.db.execute(request);
    const before = await version();
    await ctx.db.execute(sql`truncate withdraw_requests cascade`);
    expect(await version()).toBe(before + 1);
    await ctx.db.execute(request);
    expect(await keptTotals(ctx.db)).toEqual(await freshTotals(ctx.db));
    // Orders too: nobody keeps an order count once the table is emptied.
    await ctx.db.execute(sql`truncate orders cascade`);
    expect(await wrongOrderCounts(ctx.db)).toEqual([]);
    const res = await ctx.call("GET", "/api/withdrawRequest?_page=1&_limit=10");
    expect(res.headers["x-total-count"]).toBe("1");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("running totals under concurrent writers", () => {
  it("stay exact with four connections inserting and deleting users, wallets and orders at once, and the API beside them", async () => {
    const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } })
      .$client.options.connectionString;
    const writers = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    try {
      await Promise.all(
        writers.map(async (pool, w) => {
          for (let i = 0; i < 40; i++) {
            const client = await pool.connect();
            try {
              await client.query("begin");
              const name = unique(`race${w}`);
              const { rows: made } = await client.query(
                `insert into users (username, email, f_name, l_name, contact, password_hash, gender,
                   role, membership, languages, currency)
                 values ($1, $2, 'R', 'R', '0100000000', 'x', 'Male', 'Member', $3, 'English', 'MYR')
                 returning user_id`,
                [name, `${name}@example.my`, 1 + ((w + i) % 5)],
              );
              await client.query("insert into user_wallets (user_id) values ($1)", [
                made[0].user_id,
              ]);
              await client.query(
                `with o as (insert into orders (order_number, user_id, username, total_price, subtotal, order_status)
                   select $1 || g, $3, $2, 10.05 * g, 10.05 * g, 1 from generate_series(1, 3) g
                   returning orders_id, subtotal)
                 insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
                 select orders_id, 'Test item', 1, subtotal, subtotal from o`,
                [name, name, made[0].user_id],
              );
              if (i % 3 === 2) {
                // Delete an older user of this writer: the cascade takes the wallet in the same statement.
                await client.query(
                  `delete from users where user_id = (select user_id from users
                     where username like $1 order by user_id limit 1)`,
                  [`race${w}%`],
                );
              }
              await client.query("commit");
            } catch (error) {
              await client.query("rollback");
              throw error;
            } finally {
              client.release();
            }
          }
        }),
      );
      // The API's own writes alongside (one pool of ten connections).
      await Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await ctx.call("POST", "/api/users", userForm());
          expect(res.statusCode).toBe(201);
          expect((await ctx.call("DELETE", `/api/users/${res.json().user_id}`)).statusCode).toBe(
            200,
          );
        }),
      );
    } finally {
      await Promise.all(writers.map((pool) => pool.end()));
    }
    expect(await keptTotals(ctx.db)).toEqual(await freshTotals(ctx.db));
    expect((await ctx.call("GET", "/api/dashboard")).json()).toEqual(await freshDashboard(ctx.db));
    expect(await wrongOrderCounts(ctx.db)).toEqual([]);
  }, 120_000);
});
