import {
  fromSen,
  type SalesReport,
  shareInProportion,
  taxContainedSen,
  toSen,
} from "@store/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import {
  categories,
  ledgerOwed,
  memberships,
  orders,
  products,
  users,
  withdrawRequests,
} from "../src/db/schema";
import { postEntry } from "../src/modules/ledger/service";
import { RANK_FIRST_DEPTH_COUNTS } from "../src/modules/reports/rollupReads";
import { createTestContext, type TestContext } from "./helpers";
import { ON_POSTGRES, scaled } from "./tier";

/**
 * Issue 26: every report equals a fresh aggregate over the base tables, after
 * random orders, lines, status changes, refunds, referral moves, payouts,
 * ledger entries and deletions; the previous range; a refund moving a sale
 * out; the day edges in Kuala Lumpur time. On both databases (the roll-ups
 * are triggers: docs/decisions/reports-rollups.md).
 */
const ZONE = "Asia/Kuala_Lumpur";
let ctx: TestContext;
let seq = 0;
let productIds: number[] = [];
let categoryIds: number[] = [];
let tierIds: number[] = [];

const STATES = ["Selangor", "Johor", "Penang", ""];
const COUPONS = ["", "", "RAYA10", "MERDEKA"];

/** Today in Kuala Lumpur, and a day `offset` days away. */
function klDay(offset = 0): string {
  const at = new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000);
  return at.toISOString().slice(0, 10);
}

async function addUser(referral_of: number | null, membership: number, createdDay?: string) {
  seq += 1;
  const [user] = await ctx.db
    .insert(users)
    .values({
      username: `rep${seq}`,
      email: `rep${seq}@example.my`,
      f_name: "Rep",
      l_name: "Ort",
      contact: "0123456789",
      password_hash: "not-a-real-hash",
      gender: "Female",
      role: "Member",
      membership,
      referral_of,
      languages: "English",
      currency: "MYR",
      ...(createdDay
        ? {
            created_at:
              sql`${`${createdDay} 12:00:00`}::timestamp at time zone ${ZONE}` as unknown as string,
          }
        : {}),
    })
    .returning();
  if (!user) throw new Error("no user");
  return user.user_id;
}

/**
 * An order created at `local` ("yyyy-MM-dd HH:mm:ss" in Kuala Lumpur), with
 * lines of products; a line with a `rate` contains that SST % after its share
 * of the discount, as POST orders keeps it (migration 0045).
 */
async function addOrder(o: {
  local: string;
  user_id: number | null;
  status: number;
  state: string;
  coupon: string;
  lines: { product: number; quantity: number; price: number; rate?: number }[];
  shipping: number;
  discountPercent: number;
}): Promise<number> {
  seq += 1;
  const subtotalSen = o.lines.reduce((s, l) => s + l.quantity * l.price, 0);
  const discountSen = Math.floor((subtotalSen * o.discountPercent) / 100);
  const money = (sen: number) => (sen / 100).toFixed(2);
  const lineSen = o.lines.map((l) => BigInt(l.quantity * l.price));
  const shares = shareInProportion(BigInt(discountSen), lineSen);
  const taxes = o.lines.map((l, i) =>
    taxContainedSen((lineSen[i] as bigint) - (shares[i] as bigint), String(l.rate ?? 0)),
  );
  const taxTotal = fromSen(taxes.reduce((a, b) => a + b, 0n));
  return ctx.db.transaction(async (tx) => {
    const result = await tx.execute<{ orders_id: number }>(sql`insert into orders
      (order_number, user_id, username, total_price, subtotal, discount, shipping_fee, state, coupon_code,
       order_status, created_at, tax_total)
      values (${`REP-${seq}`}, ${o.user_id}, 'buyer', ${money(subtotalSen - discountSen + o.shipping)},
        ${money(subtotalSen)}, ${money(discountSen)}, ${money(o.shipping)}, ${o.state}, ${o.coupon},
        ${o.status}, ${o.local}::timestamp at time zone ${ZONE}, ${taxTotal})
      returning orders_id`);
    const id = Number(result.rows[0]?.orders_id);
    for (const [i, line] of o.lines.entries()) {
      const rate = line.rate ?? 0;
      await tx.execute(sql`insert into order_items (orders_id, product_id, product_name, quantity, unit_price, line_total,
          tax_type, tax_rate, tax_amount)
        values (${id}, ${line.product}, 'P', ${line.quantity}, ${money(line.price)}, ${money(line.price * line.quantity)},
          ${rate > 0 ? "taxable" : "not_applicable"}, ${rate}, ${fromSen(taxes[i] as bigint)})`);
    }
    return id;
  });
}

/** Of an order's lines, those picked with some quantity left, a unit or more of each. */
function returnedLines(
  items: { item_id: number; quantity: number; returned: number }[],
  picks: number[],
): { item_id: number; quantity: number }[] {
  const chosen = new Map<number, number>();
  for (const n of picks) {
    const item = items[n % Math.max(items.length, 1)];
    if (!item) continue;
    const left = item.quantity - item.returned;
    if (left > 0) chosen.set(item.item_id, 1 + (n % left));
  }
  return [...chosen].map(([item_id, quantity]) => ({ item_id, quantity }));
}

/** A return of the order's first line dated 12:00 on `day` (Kuala Lumpur), written directly. */
async function addPastReturn(ordersId: number, day: string, quantity: number, refundSen: number) {
  seq += 1;
  await ctx.db.transaction(async (tx) => {
    const made = await tx.execute<{ return_id: number }>(sql`insert into order_returns
        (orders_id, kind, credit_note_number, reason, refund_amount, created_at)
      values (${ordersId}, 'return', ${`CNTEST${seq}`}, 'Past', ${(refundSen / 100).toFixed(2)},
        ${`${day} 12:00:00`}::timestamp at time zone ${ZONE})
      returning return_id`);
    await tx.execute(sql`insert into order_return_lines (return_id, item_id, quantity, amount)
      select ${made.rows[0]?.return_id}, item_id, ${quantity}, 0 from order_items
      where orders_id = ${ordersId} order by item_id limit 1`);
  });
}

async function report(name: string, query: string) {
  const res = await ctx.call("GET", `/api/reports/${name}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const day = (column: string) => sql.raw(`(${column} at time zone '${ZONE}')::date`);
const SALE = sql.raw("o.order_status not in (7, 8, 9)");
const MEMBER = sql.raw("u.role not in ('Admin', 'Staff')");
const money = (e: string) => sql.raw(`coalesce(sum(${e}), 0)::numeric(20,2)::text`);

/** The sales figures of a range, from the orders themselves (pending: not yet paid). */
async function freshSales(db: Db, from: string, to: string) {
  const r = await db.execute<Record<string, string>>(sql`select count(*)::int as orders,
      ${money("o.total_price")} as revenue,
      ${money("case when o.order_status <> 1 then o.total_price end")} as paid_revenue,
      ${money("case when o.order_status = 1 then o.total_price end")} as unpaid_revenue,
      ${money("o.discount")} as discount,
      ${money("o.shipping_fee")} as shipping,
      ${money("o.tax_total")} as tax
    from orders o where ${SALE} and ${day("o.created_at")} between ${from}::date and ${to}::date`);
  const row = r.rows[0] ?? {};
  return { ...row, orders: Number(row.orders) };
}

/** Returns and refunds of a range, on the days they were made (issue 42). */
async function freshReturns(db: Db, from: string, to: string) {
  const r = await db.execute<{
    returns: number;
    refunds: string;
    returned_items: number;
  }>(sql`select
      count(*)::int as returns, ${money("x.refund_amount")} as refunds,
      coalesce(sum((select sum(l.quantity) from order_return_lines l where l.return_id = x.return_id)), 0)::int
        as returned_items
    from order_returns x where ${day("x.created_at")} between ${from}::date and ${to}::date`);
  const row = r.rows[0];
  return {
    returns: Number(row?.returns),
    refunds: row?.refunds ?? "0.00",
    returned_items: Number(row?.returned_items),
  };
}

async function freshReturnsSeries(db: Db, from: string, to: string, group: string) {
  const r = await db.execute<{
    period: string;
    returns: number;
    refunds: string;
    returned_items: number;
  }>(sql`select
      to_char(date_trunc(${group}, ${day("x.created_at")}), 'YYYY-MM-DD') as period,
      count(*)::int as returns, ${money("x.refund_amount")} as refunds,
      coalesce(sum((select sum(l.quantity) from order_return_lines l where l.return_id = x.return_id)), 0)::int
        as returned_items
    from order_returns x where ${day("x.created_at")} between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return r.rows.map((row) => ({
    ...row,
    returns: Number(row.returns),
    returned_items: Number(row.returned_items),
  }));
}

/** Units returned per product in a range (key '' for a line whose product is gone). */
async function freshReturned(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const r = await db.execute<{
    id: string;
    n: number;
  }>(sql`select coalesce(i.product_id::text, '') as id,
      sum(l.quantity)::int as n
    from order_return_lines l join order_returns x on x.return_id = l.return_id
    join order_items i on i.item_id = l.item_id
    where ${day("x.created_at")} between ${from}::date and ${to}::date group by 1`);
  return new Map(r.rows.map((row) => [row.id, Number(row.n)]));
}

async function freshSalesSeries(db: Db, from: string, to: string, group: string) {
  const r = await db.execute<{
    period: string;
    orders: number;
    revenue: string;
    tax: string;
  }>(sql`select
      to_char(date_trunc(${group}, ${day("o.created_at")}), 'YYYY-MM-DD') as period,
      count(*)::int as orders, ${money("o.total_price")} as revenue, ${money("o.tax_total")} as tax
    from orders o where ${SALE} and ${day("o.created_at")} between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return r.rows.map((row) => ({ ...row, orders: Number(row.orders) }));
}

/** New members and new referrals per period (the members report's series). */
async function freshMembersSeries(db: Db, from: string, to: string, group: string) {
  const r = await db.execute<{
    period: string;
    new_members: number;
    new_referrals: number;
  }>(sql`select
      to_char(date_trunc(${group}, ${day("u.created_at")}), 'YYYY-MM-DD') as period,
      count(*)::int as new_members, count(u.referral_of)::int as new_referrals
    from users u where ${MEMBER} and ${day("u.created_at")} between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return r.rows.map((row) => ({
    period: row.period,
    new_members: Number(row.new_members),
    new_referrals: Number(row.new_referrals),
  }));
}

async function freshProducts(db: Db, from: string, to: string, by: "product" | "category") {
  const key = by === "product" ? sql.raw("i.product_id") : sql.raw("p.category_id");
  const r = await db.execute<{ id: number | null; quantity: number; revenue: string }>(sql`select
      ${key} as id, sum(i.quantity)::int as quantity, ${money("i.line_total")} as revenue
    from order_items i join orders o on o.orders_id = i.orders_id
    left join products p on p.product_id = i.product_id
    where ${SALE} and ${day("o.created_at")} between ${from}::date and ${to}::date
    group by 1 having sum(i.quantity) <> 0 or sum(i.line_total) <> 0`);
  return r.rows
    .map((row) => ({
      id: row.id === null ? null : Number(row.id),
      quantity: Number(row.quantity),
      revenue: row.revenue,
    }))
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

async function freshRegions(db: Db, from: string, to: string) {
  const r = await db.execute<{ state: string; orders: number; revenue: string }>(sql`select
      o.state, count(*)::int as orders, ${money("o.total_price")} as revenue
    from orders o where ${SALE} and ${day("o.created_at")} between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return r.rows.map((row) => ({ ...row, orders: Number(row.orders) }));
}

async function freshCoupons(db: Db, from: string, to: string) {
  const r = await db.execute<{
    coupon_code: string;
    uses: number;
    discount: string;
    sales: string;
  }>(sql`select
      o.coupon_code, count(*)::int as uses, ${money("o.discount")} as discount, ${money("o.total_price")} as sales
    from orders o where ${SALE} and o.coupon_code <> ''
      and ${day("o.created_at")} between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return r.rows.map((row) => ({ ...row, uses: Number(row.uses) }));
}

async function freshMembers(db: Db, from: string, to: string) {
  const joined = await db.execute<{
    membership: number;
    n: number;
  }>(sql`select u.membership, count(*)::int as n
    from users u where ${MEMBER} and ${day("u.created_at")} between ${from}::date and ${to}::date
    group by 1`);
  const referrals = await db.execute<{
    user_id: number;
    n: number;
  }>(sql`select u.referral_of as user_id, count(*)::int as n
    from users u where ${MEMBER} and u.referral_of is not null
      and ${day("u.created_at")} between ${from}::date and ${to}::date group by 1`);
  const sales = await db.execute<{ user_id: number; orders: number; sales: string }>(sql`select
      b.referral_of as user_id, count(*)::int as orders, ${money("o.total_price")} as sales
    from orders o join users b on b.user_id = o.user_id
    where ${SALE} and b.referral_of is not null
      and ${day("o.created_at")} between ${from}::date and ${to}::date group by 1`);
  return {
    byTier: new Map(joined.rows.map((r) => [Number(r.membership), Number(r.n)])),
    referrals: new Map(referrals.rows.map((r) => [Number(r.user_id), Number(r.n)])),
    sales: new Map(
      sales.rows.map((r) => [Number(r.user_id), { orders: Number(r.orders), sales: r.sales }]),
    ),
  };
}

async function freshMoney(db: Db, from: string, to: string) {
  const ledger = await db.execute<{
    key: string;
    amount: string;
  }>(sql`select account || ':' || reason as key,
      ${money("amount")} as amount from wallet_ledger
    where ${day("created_at")} between ${from}::date and ${to}::date group by 1`);
  const balances = await db.execute<{ account: string; amount: string }>(sql`select account,
      ${money("amount")} as amount from wallet_ledger where ${day("created_at")} <= ${to}::date group by 1`);
  const owed = await db.execute<{ account: string; amount: string }>(sql`select account,
      ${money("amount")} as amount from ledger_owed
    where ${day("created_at")} between ${from}::date and ${to}::date group by 1`);
  const step = async (column: string) => {
    const r = await db.execute<{ n: number; amount: string }>(sql`select count(*)::int as n,
        ${money("withdraw_amt")} as amount from withdraw_requests
      where ${day(`"${column}"`)} between ${from}::date and ${to}::date`);
    return { n: Number(r.rows[0]?.n), amount: r.rows[0]?.amount };
  };
  return {
    ledger: new Map(ledger.rows.map((r) => [r.key, r.amount])),
    balances: new Map(balances.rows.map((r) => [r.account, r.amount])),
    owed: new Map(owed.rows.map((r) => [r.account, r.amount])),
    requested: await step("request_at"),
    paid: await step("cashOut_at"),
    rejected: await step("rejected_at"),
    reversed: await step("reversed_at"),
  };
}

const neg = (amount: string | undefined) =>
  amount === undefined || /^0(\.0+)?$/.test(amount)
    ? "0.00"
    : amount.startsWith("-")
      ? amount.slice(1)
      : `-${amount}`;

/** One completed sale of `quantity` units of `product` at `price` sen each, at 10:00 on `day`. */
function sellOne(product: number | undefined, price: number, day: string, quantity = 1) {
  return addOrder({
    local: `${day} 10:00:00`,
    user_id: null,
    status: 6,
    state: "Johor",
    coupon: "",
    lines: [{ product: product as number, quantity, price }],
    shipping: 0,
    discountPercent: 0,
  });
}

/** Products named as given, RM 10.00, in the first category. */
function addProducts(names: readonly string[]) {
  return ctx.db
    .insert(products)
    .values(
      names.map((product_name) => ({
        product_name,
        normal_price: "10.00",
        category_id: categoryIds[0] as number,
      })),
    )
    .returning();
}

/** Descending by the numbers given in turn, then ascending by the key (text, as SQL orders it). */
function rankedBy<T>(rows: T[], numbers: ((row: T) => bigint)[], key: (row: T) => string): T[] {
  return rows.slice().sort((x, y) => {
    for (const n of numbers) {
      const d = n(y) - n(x);
      if (d !== 0n) return d > 0n ? 1 : -1;
    }
    return key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0;
  });
}

/**
 * The rankings' first rows at a small _limit (their rounds read few keys of
 * each list: docs/decisions/reports-rollups.md, "Rankings") equal the fresh
 * aggregate's, in order.
 */
async function expectRankingsExact(from: string, to: string) {
  const fm = await freshMembers(ctx.db, from, to);
  const people = [...new Set([...fm.referrals.keys(), ...fm.sales.keys()])].map((id) => ({
    user_id: id,
    joined: BigInt(fm.referrals.get(id) ?? 0),
    sales: toSen(fm.sales.get(id)?.sales ?? "0.00"),
  }));
  const byReferrals = rankedBy(people, [(p) => p.joined, (p) => p.sales], (p) => `${p.user_id}`);
  const bySales = rankedBy(people, [(p) => p.sales, (p) => p.joined], (p) => `${p.user_id}`);
  const coupons = rankedBy(
    await freshCoupons(ctx.db, from, to),
    [(c) => BigInt(c.uses), (c) => toSen(c.sales)],
    (c) => c.coupon_code,
  );
  const ids = (rows: { user_id: number }[]) => rows.map((r) => r.user_id);
  for (const limit of [1, 2]) {
    const q = `from=${from}&to=${to}&_limit=${limit}`;
    for (const by of ["product", "category"] as const) {
      const fresh = rankedBy(
        await freshProducts(ctx.db, from, to, by),
        [(r) => toSen(r.revenue), (r) => BigInt(r.quantity)],
        (r) => `${r.id ?? ""}`,
      );
      const products = await report("products", `${q}&by=${by}`);
      expect(
        (products.series as { id: number | null; quantity: number; revenue: string }[]).map(
          ({ id, quantity, revenue }) => ({ id, quantity, revenue }),
        ),
        `products by ${by}, ${q}`,
      ).toEqual(fresh.slice(0, limit));
    }
    const members = await report("members", q);
    expect(ids(members.top_by_referrals), `referrals, ${q}`).toEqual(
      ids(byReferrals.slice(0, limit)),
    );
    expect(ids(members.top_by_sales), `sales, ${q}`).toEqual(ids(bySales.slice(0, limit)));
    const used = await report("coupons", q);
    expect(used.series, `coupons, ${q}`).toEqual(coupons.slice(0, limit));
  }
}

/** Every report of the range equals its fresh aggregate (totals, previous, series). */
async function expectReportsExact(from: string, to: string, group: "day" | "week" | "month") {
  const q = `from=${from}&to=${to}&group=${group}&_limit=100`;
  const sales = await report("sales", q);
  const freshTotals = await freshSales(ctx.db, from, to);
  expect(sales.totals).toMatchObject(freshTotals);
  expect(sales.previous).toMatchObject(
    await freshSales(ctx.db, sales.previous_range.from, sales.previous_range.to),
  );
  const series = (
    sales.series as { period: string; orders: number; revenue: string; tax: string }[]
  )
    .filter((p) => p.orders !== 0)
    .map(({ period, orders, revenue, tax }) => ({ period, orders, revenue, tax }));
  expect(series).toEqual(await freshSalesSeries(ctx.db, from, to, group));
  // Returns and refunds on their own days, whatever their orders' days.
  expect(sales.totals).toMatchObject(await freshReturns(ctx.db, from, to));
  expect(sales.previous).toMatchObject(
    await freshReturns(ctx.db, sales.previous_range.from, sales.previous_range.to),
  );
  type ReturnsPeriod = { period: string; returns: number; refunds: string; returned_items: number };
  expect(
    (sales.series as ReturnsPeriod[])
      .filter((p) => p.returns !== 0 || p.returned_items !== 0)
      .map(({ period, returns, refunds, returned_items }) => ({
        period,
        returns,
        refunds,
        returned_items,
      })),
    "returns by period",
  ).toEqual(await freshReturnsSeries(ctx.db, from, to, group));

  const returned = await freshReturned(ctx.db, from, to);
  const previouslyReturned = await freshReturned(
    ctx.db,
    sales.previous_range.from,
    sales.previous_range.to,
  );
  const allReturned = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  for (const by of ["product", "category"] as const) {
    const products = await report("products", `${q}&by=${by}&compare=previous`);
    type ProductRow = {
      id: number | null;
      quantity: number;
      revenue: string;
      returned?: number;
      previous?: { returned?: number };
    };
    const rows = (products.series as ProductRow[])
      .map(({ id, quantity, revenue }) => ({ id, quantity, revenue }))
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    const fresh = await freshProducts(ctx.db, from, to, by);
    expect(rows, `products by ${by}`).toEqual(fresh);
    expect(products.totals.quantity).toBe(fresh.reduce((n, r) => n + r.quantity, 0));
    expect(products.totals.revenue).toBe(fromSen(fresh.reduce((n, r) => n + toSen(r.revenue), 0n)));
    expect(products.totals.returned, "units returned").toBe(allReturned(returned));
    expect(products.previous.returned).toBe(allReturned(previouslyReturned));
    for (const row of products.series as ProductRow[]) {
      const key = row.id === null ? "" : String(row.id);
      expect(row.returned, `returned of ${by} ${key}`).toBe(
        by === "product" ? (returned.get(key) ?? 0) : undefined,
      );
      expect(row.previous?.returned).toBe(
        by === "product" ? (previouslyReturned.get(key) ?? 0) : undefined,
      );
    }
  }

  const regions = await report("regions", q);
  expect(
    (regions.series as { state: string }[]).slice().sort((a, b) => (a.state < b.state ? -1 : 1)),
  ).toEqual(await freshRegions(ctx.db, from, to));

  const coupons = await report("coupons", q);
  expect(
    (coupons.series as { coupon_code: string }[])
      .slice()
      .sort((a, b) => (a.coupon_code < b.coupon_code ? -1 : 1)),
  ).toEqual(await freshCoupons(ctx.db, from, to));

  const members = await report("members", q);
  const fm = await freshMembers(ctx.db, from, to);
  for (const tier of members.by_tier as { member_id: number; new_members: number }[])
    expect(tier.new_members, `tier ${tier.member_id}`).toBe(fm.byTier.get(tier.member_id) ?? 0);
  expect(members.totals.new_members).toBe([...fm.byTier.values()].reduce((a, b) => a + b, 0));
  expect(
    (members.series as { period: string; new_members: number; new_referrals: number }[]).filter(
      (p) => p.new_members !== 0 || p.new_referrals !== 0,
    ),
  ).toEqual(await freshMembersSeries(ctx.db, from, to, group));
  for (const row of members.top_by_referrals as {
    user_id: number;
    new_referrals: number;
    referral_orders: number;
    referral_sales: string;
  }[]) {
    expect(row.new_referrals, `referrals of ${row.user_id}`).toBe(
      fm.referrals.get(row.user_id) ?? 0,
    );
    expect(row.referral_sales, `sales of ${row.user_id}`).toBe(
      fm.sales.get(row.user_id)?.sales ?? "0.00",
    );
    expect(row.referral_orders).toBe(fm.sales.get(row.user_id)?.orders ?? 0);
  }
  const listed = new Set(
    [...members.top_by_referrals, ...members.top_by_sales].map(
      (r: { user_id: number }) => r.user_id,
    ),
  );
  for (const id of [...fm.referrals.keys(), ...fm.sales.keys()])
    expect(listed.has(id), `referrer ${id}`).toBe(true);

  await expectRankingsExact(from, to);

  const m = await report("money", q);
  const fresh = await freshMoney(ctx.db, from, to);
  expect(m.totals).toMatchObject({
    pv_issued: fresh.ledger.get("pv:pv_order") ?? "0.00",
    pv_taken_back: neg(fresh.ledger.get("pv:pv_refund")),
    commissions_paid: fresh.ledger.get("cash_wallet:commission") ?? "0.00",
    commissions_reversed: neg(fresh.ledger.get("cash_wallet:commission_reversal")),
    clawbacks_owed: fresh.owed.get("cash_wallet") ?? "0.00",
    pv_clawbacks_owed: fresh.owed.get("pv") ?? "0.00",
    withdrawals_requested: fresh.requested.n,
    withdrawals_requested_amount: fresh.requested.amount,
    withdrawals_paid: fresh.paid.n,
    withdrawals_paid_amount: fresh.paid.amount,
    withdrawals_rejected: fresh.rejected.n,
    withdrawals_rejected_amount: fresh.rejected.amount,
    withdrawals_reversed: fresh.reversed.n,
    withdrawals_reversed_amount: fresh.reversed.amount,
    wallet_balance: fresh.balances.get("wallet") ?? "0.00",
    cash_wallet_balance: fresh.balances.get("cash_wallet") ?? "0.00",
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [category] = await ctx.db
    .insert(categories)
    .values([{ category_name: "Kopi" }, { category_name: "Teh" }])
    .returning();
  categoryIds = (await ctx.db.select().from(categories)).map((c) => c.category_id);
  if (!category) throw new Error("no category");
  const made = await ctx.db
    .insert(products)
    .values(
      ["Kopi O", "Teh Tarik", "Milo Ais"].map((product_name, i) => ({
        product_name,
        normal_price: "10.00",
        category_id: categoryIds[i % categoryIds.length] as number,
      })),
    )
    .returning();
  productIds = made.map((p) => p.product_id);
  tierIds = (await ctx.db.select().from(memberships)).map((t) => t.member_id);
});
afterAll(() => ctx.close());

describe("reports", () => {
  it("an order at 23:59 and one at 00:00 Kuala Lumpur time fall on their own days; a refund moves a sale out", async () => {
    const user = await addUser(null, tierIds[0] as number);
    const base = { user_id: user, state: "Selangor", coupon: "", shipping: 0, discountPercent: 0 };
    const line = [{ product: productIds[0] as number, quantity: 1, price: 1000 }];
    await addOrder({ ...base, local: "2026-03-01 23:59:59", status: 6, lines: line });
    const late = await addOrder({ ...base, local: "2026-03-02 00:00:00", status: 6, lines: line });
    const q = "from=2026-03-01&to=2026-03-01&group=day";
    const first = await report("sales", q);
    expect(first.totals).toMatchObject({ orders: 1, revenue: "10.00", average_order: "10.00" });
    const second = await report("sales", "from=2026-03-02&to=2026-03-02");
    expect(second.totals.orders).toBe(1);
    expect(second.previous).toMatchObject({ orders: 1, revenue: "10.00" });
    expect(second.previous_range).toEqual({ from: "2026-03-01", to: "2026-03-01" });

    // Refunded (8): no longer a sale on its day, nor in its products.
    await ctx.db.update(orders).set({ order_status: 8 }).where(sql`orders_id = ${late}`);
    const after = await report("sales", "from=2026-03-02&to=2026-03-02");
    expect(after.totals).toMatchObject({ orders: 0, revenue: "0.00", average_order: "0.00" });
    const products = await report("products", "from=2026-03-02&to=2026-03-02");
    expect(products.series).toEqual([]);
    // Back to completed: counted again.
    await ctx.db.update(orders).set({ order_status: 6 }).where(sql`orders_id = ${late}`);
    expect((await report("sales", "from=2026-03-02&to=2026-03-02")).totals.orders).toBe(1);
  });

  it("reads this year and month whole up to today, leaving out sales dated after today (a clock ahead)", async () => {
    const user = await addUser(null, tierIds[0] as number);
    const [ahead, leader] = await ctx.db
      .insert(products)
      .values(
        ["Ahead", "Leader"].map((product_name) => ({
          product_name,
          normal_price: "1.00",
          category_id: categoryIds[0] as number,
        })),
      )
      .returning();
    const sale = (product: number, price: number, day: string) =>
      addOrder({
        local: `${day} 00:10:00`,
        user_id: user,
        status: 6,
        state: "Johor",
        coupon: "",
        lines: [{ product, quantity: 1, price }],
        shipping: 0,
        discountPercent: 0,
      });
    const today = klDay(0);
    await sale(ahead?.product_id as number, 100, today);
    await sale(leader?.product_id as number, 10_000, today);
    const year = `from=${today.slice(0, 4)}-01-01&to=${today}&_limit=100`;
    const before = await report("sales", year);
    await sale(ahead?.product_id as number, 1_000_000, klDay(1));
    expect((await report("sales", year)).totals).toEqual(before.totals);
    expect(before.totals).toMatchObject(
      await freshSales(ctx.db, `${today.slice(0, 4)}-01-01`, today),
    );
    // The month's ranking: a key's least is its whole month less the days after today.
    const month = await report("products", `from=${today.slice(0, 8)}01&to=${today}&_limit=1`);
    expect(month.series).toMatchObject([{ id: leader?.product_id, revenue: "100.00" }]);
    // Asked up to tomorrow, it is there.
    const next = await report("sales", `from=${today}&to=${klDay(1)}`);
    expect(next.totals).toMatchObject(await freshSales(ctx.db, today, klDay(1)));
  });

  it("ranks the top products and referrers exactly when it reads only each month's highest keys", async () => {
    // Many keys over three months, leaders that differ month to month, and ties
    // (equal revenues, new referrals of 1-3): the rankings read each month's top
    // keys only (docs/decisions/reports-rollups.md, "Rankings"), so a small
    // _limit takes that path, and the ties its fallback.
    const made = await addProducts(Array.from({ length: 12 }, (_, i) => `Rank ${i}`));
    const ids = made.map((p) => p.product_id);
    let state = 7;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    const referrers = [];
    for (let i = 0; i < 6; i++)
      referrers.push(await addUser(null, tierIds[0] as number, "2025-01-02"));
    const buyers = [];
    for (let i = 0; i < 24; i++) {
      const day = `2025-0${1 + next(3)}-${String(1 + next(28)).padStart(2, "0")}`;
      buyers.push(await addUser(referrers[next(6)] as number, tierIds[0] as number, day));
    }
    for (let i = 0; i < 30; i++) {
      await addOrder({
        local: `2025-0${1 + next(3)}-${String(1 + next(28)).padStart(2, "0")} 10:00:00`,
        user_id: buyers[next(buyers.length)] as number,
        status: next(9) + 1,
        state: "Johor",
        coupon: "",
        lines: [
          {
            product: ids[next(ids.length)] as number,
            quantity: 1 + next(3),
            price: [500, 1000, 1500][next(3)] as number,
          },
        ],
        shipping: 0,
        discountPercent: 0,
      });
    }
    // The trap: three leaders a month, each month others, and a fourth in every
    // month that leads the range; no month's top three holds it.
    const trap = await addProducts(Array.from({ length: 10 }, (_, i) => `Trap ${i}`));
    const fourth = trap[9]?.product_id as number;
    for (const month of [1, 2, 3]) {
      const leaders = trap.slice((month - 1) * 3, month * 3).map((p) => p.product_id);
      for (const [product, price] of [
        ...leaders.map((p, i) => [p, 1_000_000 - i * 100_000]),
        [fourth, 700_000],
      ]) {
        await addOrder({
          local: `2025-0${month}-15 10:00:00`,
          user_id: null,
          status: 6,
          state: "Johor",
          coupon: "",
          lines: [{ product: product as number, quantity: 1, price: price as number }],
          shipping: 0,
          discountPercent: 0,
        });
      }
    }
    const byRevenue = (
      a: { revenue: string; quantity: number; key: string },
      b: { revenue: string; quantity: number; key: string },
    ) =>
      Number(toSen(b.revenue) - toSen(a.revenue)) ||
      b.quantity - a.quantity ||
      (a.key < b.key ? -1 : 1);
    for (const [from, to] of [
      ["2025-01-10", "2025-03-20"],
      ["2025-02-03", "2025-03-31"],
    ] as const) {
      const fresh = (await freshProducts(ctx.db, from, to, "product"))
        .map((r) => ({ ...r, key: String(r.id) }))
        .sort(byRevenue)
        .map(({ id, quantity, revenue }) => ({ id, quantity, revenue }));
      const fm = await freshMembers(ctx.db, from, to);
      const people = [...new Set([...fm.referrals.keys(), ...fm.sales.keys()])].map((id) => ({
        key: String(id),
        joined: fm.referrals.get(id) ?? 0,
        sales: fm.sales.get(id)?.sales ?? "0.00",
      }));
      const byJoined = people
        .slice()
        .sort(
          (a, b) =>
            b.joined - a.joined ||
            Number(toSen(b.sales) - toSen(a.sales)) ||
            (a.key < b.key ? -1 : 1),
        );
      const bySales = people
        .slice()
        .sort(
          (a, b) =>
            Number(toSen(b.sales) - toSen(a.sales)) ||
            b.joined - a.joined ||
            (a.key < b.key ? -1 : 1),
        );
      for (const limit of [1, 3]) {
        const q = `from=${from}&to=${to}&_limit=${limit}`;
        const ranked = await report("products", `${q}&by=product`);
        expect(
          (ranked.series as { id: number; quantity: number; revenue: string }[]).map(
            ({ id, quantity, revenue }) => ({ id, quantity, revenue }),
          ),
          `products ${q}`,
        ).toEqual(fresh.slice(0, limit));
        const members = await report("members", q);
        const ranks = (rows: { user_id: number }[]) => rows.map((r) => String(r.user_id));
        expect(ranks(members.top_by_referrals), `referrals ${q}`).toEqual(
          byJoined.slice(0, limit).map((p) => p.key),
        );
        expect(ranks(members.top_by_sales), `sales ${q}`).toEqual(
          bySales.slice(0, limit).map((p) => p.key),
        );
      }
    }
  });

  it("finds the top referrer whose new referrals tie, in every month, with the last ones read", async () => {
    // New referrals are whole numbers: a referrer outside a month's top keys
    // read has there at most one less than the last read only when every key
    // tied with it was read too. R has 2 in each of May, June and July, tied
    // with others at the last place a _limit of 1 reads (the first round's
    // depth, on either engine), and R's key sorts after theirs; T has 5 in May
    // alone. Read without the ties, T would pass as the leader: each other key
    // can reach 4, and so no more than T's 5, and is not summed.
    const depth = Math.max(...Object.values(RANK_FIRST_DEPTH_COUNTS));
    const referrers: number[] = [];
    for (let i = 0; i < 3 * depth + 1; i++)
      referrers.push(await addUser(null, tierIds[0] as number, "2024-01-02"));
    // Keys sort as text (report_rollups_rank): R is the last of them.
    referrers.sort((a, b) => (String(a) < String(b) ? -1 : 1));
    const r = referrers.pop() as number;
    const [t, ...others] = referrers as [number, ...number[]];
    const refer = async (by: number, count: number, day: string) => {
      for (let i = 0; i < count; i++) await addUser(by, tierIds[0] as number, day);
    };
    await refer(t, 5, "2024-05-10");
    const months = [
      others.slice(0, depth - 1),
      others.slice(depth - 1, 2 * depth - 1),
      others.slice(2 * depth - 1),
    ];
    for (const [i, tied] of months.entries())
      for (const by of [...tied, r]) await refer(by, 2, `2024-0${5 + i}-12`);
    for (const to of ["2024-07-31", "2024-08-02"]) {
      const members = await report("members", `from=2024-05-01&to=${to}&_limit=1`);
      expect(members.top_by_referrals, to).toEqual([
        expect.objectContaining({ user_id: r, new_referrals: 6 }),
      ]);
    }
    // Money is not whole: D, outside both months' keys read (tied at RM 20.00),
    // has RM 19.50 in each, so RM 39.00 leads A's RM 38.50 in May alone.
    const made = await addProducts(
      ["A", "B", "C", "D", "E", "F", "G"].map((name) => `Tie ${name}`),
    );
    const [a, b, c, d, e, f, g] = made.map((p) => p.product_id);
    const sell = async (month: string, sales: [number | undefined, number][]) => {
      for (const [product, price] of sales) await sellOne(product, price, `2024-${month}-20`);
    };
    await sell("05", [
      [a, 3850],
      [b, 2000],
      [c, 2000],
      [d, 1950],
    ]);
    await sell("06", [
      [e, 2000],
      [f, 2000],
      [g, 2000],
      [d, 1950],
    ]);
    const top = await report("products", "from=2024-05-01&to=2024-06-30&by=product&_limit=1");
    expect(top.series).toEqual([
      { id: d, name: "Tie D", quantity: 2, revenue: "39.00", returned: 0 },
    ]);
  });

  it("ranks a product whose sales fall in the range's last days, read by their month", async () => {
    // August whole, then 1-10 September: X sold in those days only; August's
    // leader sold less. A _limit of 1 reads three keys of each list.
    const made = await addProducts(["A", "B", "C", "D", "X"].map((name) => `Days ${name}`));
    const [a, b, c, d, x] = made.map((p) => p.product_id);
    for (const [product, price, day] of [
      [a, 3000, "2024-08-10"],
      [b, 2000, "2024-08-11"],
      [c, 2000, "2024-08-12"],
      [d, 1000, "2024-08-13"],
      [x, 4000, "2024-09-05"],
    ] as const)
      await sellOne(product, price, day);
    const top = await report("products", "from=2024-08-01&to=2024-09-10&by=product&_limit=1");
    expect(top.series).toEqual([
      { id: x, name: "Days X", quantity: 1, revenue: "40.00", returned: 0 },
    ]);
  });

  it("sums the product whose most ties with twenty others' though its key sorts after theirs", async () => {
    // A _limit of 1 reads three keys of each month and sums at most twenty.
    // March: twenty-one products O at RM 10.00 (read, with their ties), K at
    // RM 9.99 in three units (not read). April: K, B and C at RM 5.00 (read),
    // each O at RM 4.99. Every key's most is RM 14.99, and K's key sorts last,
    // so K is left out of the twenty summed, though its RM 14.99 in four
    // units ranks above each O's RM 14.99 in two.
    const made = await addProducts(Array.from({ length: 24 }, (_, i) => `Most ${i}`));
    // Keys sort as text (report_rollups_rank): K is the last of them.
    const ids = made.map((p) => p.product_id).sort((a, b) => (String(a) < String(b) ? -1 : 1));
    const k = ids.at(-1) as number;
    for (const o of ids.slice(0, 21)) {
      await sellOne(o, 1000, "2023-03-20");
      await sellOne(o, 499, "2023-04-20");
    }
    for (const other of ids.slice(21)) await sellOne(other, 500, "2023-04-20"); // B, C and K
    await sellOne(k, 333, "2023-03-21", 3);
    const top = await report("products", "from=2023-03-01&to=2023-04-30&by=product&_limit=1");
    const name = made.find((p) => p.product_id === k)?.product_name;
    expect(top.series).toEqual([{ id: k, name, quantity: 4, revenue: "14.99", returned: 0 }]);
  });

  it("counts a return on the day it was made, the order's sale staying on its own day", async () => {
    // Paid (2) ten days ago: two units of one product and one of another.
    const [kept, back] = await addProducts(["Return Kept", "Return Back"]);
    const paidDay = klDay(-10);
    const id = await addOrder({
      local: `${paidDay} 09:00:00`,
      user_id: null,
      status: 2,
      state: "Johor",
      coupon: "",
      lines: [
        { product: kept?.product_id as number, quantity: 1, price: 1500 },
        { product: back?.product_id as number, quantity: 2, price: 1000 },
      ],
      shipping: 0,
      discountPercent: 0,
    });
    const q = `from=${paidDay}&to=${klDay(0)}&group=day`;
    const periodOf = (body: SalesReport, day: string) => body.series.find((p) => p.period === day);
    const before = await report("sales", q);
    const productsBefore = await report("products", `from=${klDay(0)}&to=${klDay(0)}`);

    const shown = (await ctx.call("GET", `/api/orders/${id}`)).json() as {
      items: { item_id: number; product_id: number }[];
    };
    const line = shown.items.find((item) => item.product_id === back?.product_id);
    const res = await ctx.call("POST", `/api/orders/${id}/returns`, {
      lines: [{ item_id: line?.item_id, quantity: 1 }],
      reason: "Too many",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().refund_amount).toBe("10.00");

    const after = await report("sales", q);
    // Today: one return more, its RM 10.00 refunded, one unit back.
    const today = periodOf(after, klDay(0));
    const todayBefore = periodOf(before, klDay(0));
    expect(today).toMatchObject({
      returns: (todayBefore?.returns ?? 0) + 1,
      refunds: fromSen(toSen(todayBefore?.refunds ?? "0.00") + 1000n),
      returned_items: (todayBefore?.returned_items ?? 0) + 1,
      // The sale is not made again today.
      orders: todayBefore?.orders,
      revenue: todayBefore?.revenue,
    });
    expect(after.totals).toMatchObject({
      returns: before.totals.returns + 1,
      refunds: fromSen(toSen(before.totals.refunds) + 1000n),
      returned_items: before.totals.returned_items + 1,
      orders: before.totals.orders,
      revenue: before.totals.revenue,
    });
    // The order's day keeps its sale whole (still a sale) and shows no return.
    expect(periodOf(after, paidDay)).toEqual(periodOf(before, paidDay));
    expect(periodOf(after, paidDay)).toMatchObject({ returns: 0, returned_items: 0 });

    // The products report: the unit back under its product, today.
    const products = await report("products", `from=${klDay(0)}&to=${klDay(0)}`);
    expect(products.totals.returned).toBe(productsBefore.totals.returned + 1);

    // The order deleted: its return leaves today's figures with it.
    await ctx.db.delete(orders).where(sql`orders_id = ${id}`);
    const gone = await report("sales", q);
    expect(periodOf(gone, klDay(0))).toMatchObject({
      returns: todayBefore?.returns ?? 0,
      refunds: todayBefore?.refunds ?? "0.00",
      returned_items: todayBefore?.returned_items ?? 0,
    });
  });

  it("shows a product's units returned beside its sales, and under no product once it is deleted", async () => {
    const [gone] = await addProducts(["Return Gone"]);
    const sold = await sellOne(gone?.product_id, 2000, klDay(-1), 3);
    await addPastReturn(sold, klDay(0), 2, 2000);
    const q = `from=${klDay(-1)}&to=${klDay(0)}&by=product&_limit=100`;
    const row = (body: { series: { id: number | null; returned?: number }[] }, id: number | null) =>
      body.series.find((r) => r.id === id);
    const before = await report("products", q);
    expect(row(before, gone?.product_id as number)).toMatchObject({ quantity: 3, returned: 2 });
    const orphansBefore = row(before, null)?.returned ?? 0;
    await ctx.db.delete(products).where(sql`product_id = ${gone?.product_id}`);
    const after = await report("products", q);
    expect(row(after, gone?.product_id as number)).toBeUndefined();
    expect(row(after, null)?.returned).toBe(orphansBefore + 2);
    expect(after.totals.returned).toBe(before.totals.returned);
    // By category: no per-row figure, the total still there.
    const byCategory = await report("products", `${q.replace("by=product", "by=category")}`);
    expect(byCategory.series.every((r: { returned?: number }) => r.returned === undefined)).toBe(
      true,
    );
    expect(byCategory.totals.returned).toBe(after.totals.returned);
    // Their files: the column by product only.
    const header = async (query: string) =>
      (await ctx.call("GET", `/api/reports/products?${query}&_format=csv`)).body
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0];
    expect(await header(q)).toBe("ID,Name,Quantity,Revenue,Returned");
    expect(await header(q.replace("by=product", "by=category"))).toBe("ID,Name,Quantity,Revenue");
  });

  it("refuses a range backwards or too long, and a date that is not one, with 400", async () => {
    for (const query of [
      "from=2026-03-02&to=2026-03-01",
      "from=2020-01-01&to=2026-01-01",
      "from=2026-02-30&to=2026-03-01",
      "from=yesterday&to=2026-03-01",
      "from=2020-01-01",
    ]) {
      const res = await ctx.call("GET", `/api/reports/sales?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("without a range, answers the last 30 days to today in the store's zone", async () => {
    const body = await report("sales", "");
    expect(body.range).toEqual({ from: klDay(-29), to: klDay(0) });
    expect(body.series).toHaveLength(30);
  });

  it("answers the series as CSV", async () => {
    const res = await ctx.call(
      "GET",
      "/api/reports/sales?from=2026-03-01&to=2026-03-02&_format=csv",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Period,Orders,Revenue,Paid,Not yet paid,Average order,Discount,Shipping,SST,Returns,Refunds,Items returned",
    );
    expect(lines).toHaveLength(3);
  });

  it("every report equals a fresh aggregate over the base tables after random writes", async () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant("order" as const),
        offset: fc.integer({ min: -500, max: 1 }),
        hour: fc.integer({ min: 0, max: 23 }),
        status: fc.integer({ min: 1, max: 9 }),
        state: fc.constantFrom(...STATES),
        coupon: fc.constantFrom(...COUPONS),
        lines: fc.array(
          fc.record({
            product: fc.integer({ min: 0, max: 2 }),
            quantity: fc.integer({ min: 1, max: 4 }),
            price: fc.integer({ min: 1, max: 5000 }),
            rate: fc.constantFrom(0, 6, 8, 10),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        shipping: fc.integer({ min: 0, max: 1000 }),
        discountPercent: fc.integer({ min: 0, max: 30 }),
        buyer: fc.nat(),
      }),
      fc.record({
        kind: fc.constant("status" as const),
        pick: fc.nat(),
        status: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({ kind: fc.constant("deleteOrder" as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant("user" as const),
        offset: fc.integer({ min: -500, max: 1 }),
        referrer: fc.option(fc.nat()),
        tier: fc.nat(),
      }),
      fc.record({
        kind: fc.constant("moveReferral" as const),
        pick: fc.nat(),
        to: fc.option(fc.nat()),
      }),
      fc.record({ kind: fc.constant("deleteUser" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("category" as const), product: fc.nat(), category: fc.nat() }),
      fc.record({
        kind: fc.constant("withdrawal" as const),
        pick: fc.nat(),
        amount: fc.integer({ min: 1, max: 50000 }),
        outcome: fc.constantFrom("processing", "completed", "rejected", "reversed"),
      }),
      fc.record({
        kind: fc.constant("ledger" as const),
        pick: fc.nat(),
        account: fc.constantFrom("wallet" as const, "cash_wallet" as const, "pv" as const),
        reason: fc.constantFrom("commission" as const, "pv_order" as const, "adjustment" as const),
        amount: fc.integer({ min: 1, max: 20000 }),
      }),
      fc.record({
        kind: fc.constant("owed" as const),
        pick: fc.nat(),
        amount: fc.integer({ min: 1, max: 9999 }),
      }),
      // Returns and refunds through the API (made today), and returns of past
      // days written directly (the API dates them now), deleted at times.
      fc.record({
        kind: fc.constant("return" as const),
        pick: fc.nat(),
        lines: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        shipping: fc.boolean(),
        smaller: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant("refund" as const),
        pick: fc.nat(),
        amount: fc.integer({ min: 1, max: 3000 }),
      }),
      fc.record({
        kind: fc.constant("pastReturn" as const),
        pick: fc.nat(),
        offset: fc.integer({ min: -500, max: 0 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        refund: fc.integer({ min: 0, max: 5000 }),
      }),
      fc.record({ kind: fc.constant("deleteReturn" as const), pick: fc.nat() }),
    );
    const pick = async <T>(rows: T[], n: number): Promise<T | undefined> =>
      rows[n % Math.max(rows.length, 1)];
    const memberIds = async () =>
      (
        await ctx.db.execute<{ user_id: number }>(
          sql`select user_id from users where role = 'Member' order by user_id`,
        )
      ).rows.map((r) => Number(r.user_id));
    const orderIds = async () =>
      (
        await ctx.db.execute<{ orders_id: number }>(
          sql`select orders_id from orders order by orders_id`,
        )
      ).rows.map((r) => Number(r.orders_id));

    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 5, maxLength: 14 }),
        fc.constantFrom("day" as const, "week" as const, "month" as const),
        fc.integer({ min: -500, max: -1 }),
        fc.boolean(),
        async (actions, group, start, toMonthEnd) => {
          for (const a of actions) {
            if (a.kind === "order") {
              const members = await memberIds();
              const buyer = (await pick(members, a.buyer)) ?? null;
              const local = `${klDay(a.offset)} ${String(a.hour).padStart(2, "0")}:30:00`;
              await addOrder({
                local,
                user_id: buyer,
                status: a.status,
                state: a.state,
                coupon: a.coupon,
                lines: a.lines.map((l) => ({ ...l, product: productIds[l.product] as number })),
                shipping: a.shipping,
                discountPercent: a.discountPercent,
              });
            } else if (a.kind === "status") {
              const id = await pick(await orderIds(), a.pick);
              if (id)
                await ctx.db
                  .update(orders)
                  .set({ order_status: a.status })
                  .where(sql`orders_id = ${id}`);
            } else if (a.kind === "deleteOrder") {
              const id = await pick(await orderIds(), a.pick);
              if (id) await ctx.db.delete(orders).where(sql`orders_id = ${id}`);
            } else if (a.kind === "user") {
              const members = await memberIds();
              const referrer =
                a.referrer === null ? null : ((await pick(members, a.referrer)) ?? null);
              await addUser(referrer, tierIds[a.tier % tierIds.length] as number, klDay(a.offset));
            } else if (a.kind === "moveReferral") {
              const members = await memberIds();
              const who = await pick(members, a.pick);
              const to = a.to === null ? null : ((await pick(members, a.to)) ?? null);
              if (who && to !== who)
                await ctx.db.update(users).set({ referral_of: to }).where(sql`user_id = ${who}`);
            } else if (a.kind === "deleteUser") {
              const members = await memberIds();
              const who = await pick(members, a.pick);
              if (who && members.length > 3) {
                await ctx.db.execute(sql`delete from withdraw_requests where user_id = ${who}`);
                await ctx.db.delete(users).where(sql`user_id = ${who}`);
              }
            } else if (a.kind === "category") {
              const product = productIds[a.product % productIds.length] as number;
              const category = categoryIds[a.category % categoryIds.length] as number;
              await ctx.db
                .update(products)
                .set({ category_id: category })
                .where(sql`product_id = ${product}`);
            } else if (a.kind === "withdrawal") {
              const who = await pick(await memberIds(), a.pick);
              if (!who) continue;
              const amount = (a.amount / 100).toFixed(2);
              const [w] = await ctx.db
                .insert(withdrawRequests)
                .values({
                  user_id: who,
                  bank_acc: "123",
                  bank_name: "Maybank",
                  withdraw_amt: amount,
                })
                .returning();
              if (!w) continue;
              if (a.outcome === "completed" || a.outcome === "reversed")
                await ctx.db.execute(sql`update withdraw_requests set withdraw_status = 'completed', "cashOut_at" = now()
                  where withdraw_id = ${w.withdraw_id}`);
              if (a.outcome === "reversed")
                await ctx.db.execute(
                  sql`update withdraw_requests set reversed_at = now() where withdraw_id = ${w.withdraw_id}`,
                );
              if (a.outcome === "rejected")
                await ctx.db.execute(sql`update withdraw_requests set withdraw_status = 'rejected', rejected_at = now()
                  where withdraw_id = ${w.withdraw_id}`);
            } else if (a.kind === "ledger") {
              const who = await pick(await memberIds(), a.pick);
              if (!who) continue;
              await ctx.db.transaction((tx) =>
                postEntry(tx, null, {
                  userId: who,
                  account: a.account,
                  amount: (a.amount / 100).toFixed(2),
                  reason: a.reason,
                }),
              );
            } else if (a.kind === "return" || a.kind === "refund") {
              const id = await pick(await orderIds(), a.pick);
              if (!id) continue;
              const shown = await ctx.call("GET", `/api/orders/${id}`);
              const order = shown.json() as {
                items: { item_id: number; quantity: number; returned: number }[];
              };
              const lines = a.kind === "return" ? returnedLines(order.items, a.lines) : [];
              if (a.kind === "return" && lines.length === 0) continue;
              const res =
                a.kind === "return"
                  ? await ctx.call("POST", `/api/orders/${id}/returns`, {
                      lines,
                      refund_shipping: a.shipping,
                      ...(a.smaller ? { refund_amount: "0.01" } : {}),
                      reason: "Property test",
                    })
                  : await ctx.call("POST", `/api/orders/${id}/refunds`, {
                      amount: (a.amount / 100).toFixed(2),
                      reason: "Property test",
                    });
              // Refused (unpaid, canceled, given back whole, more than is left) or made.
              expect([201, 409], res.body).toContain(res.statusCode);
            } else if (a.kind === "pastReturn") {
              const id = await pick(await orderIds(), a.pick);
              if (id) await addPastReturn(id, klDay(a.offset), a.quantity, a.refund);
            } else if (a.kind === "deleteReturn") {
              const ids = await ctx.db.execute<{ return_id: number }>(
                sql`select return_id from order_returns order by return_id`,
              );
              const id = await pick(
                ids.rows.map((r) => Number(r.return_id)),
                a.pick,
              );
              if (id) await ctx.db.execute(sql`delete from order_returns where return_id = ${id}`);
            } else if (a.kind === "owed") {
              const who = await pick(await memberIds(), a.pick);
              if (!who) continue;
              await ctx.db.insert(ledgerOwed).values({
                user_id: who,
                account: a.pick % 2 ? "pv" : "cash_wallet",
                orders_id: 1,
                amount: (a.amount / 100).toFixed(2),
              });
            }
          }
          // Whole months inside are read from month rows, the ends from days (both kinds checked).
          const lastOfLastMonth = `${klDay(0).slice(0, 8)}01`;
          const to = toMonthEnd
            ? new Date(Date.parse(`${lastOfLastMonth}T00:00:00Z`) - 86_400_000)
                .toISOString()
                .slice(0, 10)
            : klDay(0);
          await expectReportsExact(klDay(start) < to ? klDay(start) : to, to, group);
        },
      ),
      { numRuns: scaled(ON_POSTGRES ? 6 : 3, 40) },
    );
  }, 120_000);
});
