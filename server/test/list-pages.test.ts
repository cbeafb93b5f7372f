import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../src/db/schema";
import { FILTER_COUNT_CAP, SEARCH_COUNT_CAP, SIMPLE_COUNT_CAP } from "../src/lib/lists";
import { createTestContext, type TestContext } from "./helpers";
import { withLines } from "./orders.fixtures";

// Every way a page is read (docs/decisions/list-pages-by-key.md: the
// order directory, a deep page read from the far end, the trigram matches
// first, the walk and the sort of every match, parents in order) answers the
// rows a plain ORDER BY … LIMIT … OFFSET answers, and the totals say what
// they are: exact, or capped with X-Total-Count-Capped.

const ORDERS = 25_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // Three orders per timestamp (ties), about 1,300 a day over 19 days; every
  // 20th is a "capsearch" recipient (1,250: over the cap), every 40th from 1 a
  // "fewsearch" one (625).
  // Each with its line, checked at commit (migration 0021): the hook's longer timeout.
  await ctx.db.execute(
    withLines(sql`insert into orders
      (order_number, username, recipient_name, total_price, subtotal, order_status, created_at, paid_on)
    select 'PG' || g, 'cust' || (g % 700),
      case when g % 20 = 0 then 'Capsearch ' || g when g % 40 = 1 then 'Fewsearch ' || g else 'Someone ' || g end,
      (g % 500) + 0.5, (g % 500) + 0.5, 1 + g % 9, now() - make_interval(secs => (g / 3) * 200),
      case when g % 4 = 0 then null else now() - make_interval(secs => g) end
    from generate_series(1, ${ORDERS}) as g`),
  );
  // Users in every tier; every third refers to one of the first ten (others have no referrer).
  await ctx.db.execute(sql`insert into users (username, email, f_name, l_name, contact,
      password_hash, gender, role, membership, languages, currency)
    select 'pager' || lpad(g::text, 3, '0'), 'pager' || g || '@example.my', 'P', 'Q', '0100000000',
      'x', 'Male', 'Member', 1 + (g * 7) % 5, 'English', 'MYR'
    from generate_series(1, 120) as g`);
  await ctx.db.execute(sql`update users u set referral_of = r.user_id
    from users r where r.username = 'pager' || lpad((1 + u.user_id % 10)::text, 3, '0')
      and u.username like 'pager%' and u.user_id % 3 = 0 and u.user_id <> r.user_id`);
  await ctx.db.execute(sql`insert into withdraw_requests (user_id, payee_username, bank_acc,
      bank_name, withdraw_amt, withdraw_status)
    select case when g % 5 = 0 then null else (select user_id from users
        where username = 'pager' || lpad((1 + g % 120)::text, 3, '0')) end,
      'gone' || g, '1234' || g, 'Maybank', 10 + g, 'processing'
    from generate_series(1, 200) as g`);
}, 120_000);
afterAll(() => ctx.close());

async function keys(query: SQL): Promise<number[]> {
  return ((await ctx.db.execute(query)).rows as { id: number }[]).map((r) => r.id);
}

async function page(path: string, key: string) {
  const res = await ctx.call("GET", path);
  expect(res.statusCode, path).toBe(200);
  return {
    ids: (res.json() as Record<string, number>[]).map((row) => row[key]),
    total: res.headers["x-total-count"],
    capped: res.headers["x-total-count-capped"],
  };
}

const window = (limit: number, offset: number) => sql` limit ${limit} offset ${offset}`;

describe("the order list's pages", () => {
  it.each([
    [1, 10],
    [2, 10],
    [1301, 10], // inside the directory's second day
    [1250, 17],
    [2499, 10], // past the middle
    [2500, 10], // the last page
    [2501, 10], // past the end
  ])("page %i of %i, newest first, is the rows of a plain ORDER BY", async (n, limit) => {
    const got = await page(`/api/orders?_page=${n}&_limit=${limit}`, "orders_id");
    const want = await keys(
      sql`select orders_id as id from orders order by created_at desc, orders_id desc${window(limit, (n - 1) * limit)}`,
    );
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(String(ORDERS));
  });

  it.each([
    ["total_price", "asc", 1],
    ["total_price", "desc", 1200], // past 10,000 rows, before the middle
    ["total_price", "asc", 2001], // read from the far end
    ["order_status", "desc", 2400],
    ["paid_on", "asc", 2499], // nulls last
    ["paid_on", "desc", 3], // nulls first
  ])("sorted by %s %s, page %i, ties by id the same way", async (column, dir, n) => {
    const got = await page(
      `/api/orders?_page=${n}&_limit=10&_sort=${column}&_order=${dir}`,
      "orders_id",
    );
    const order = sql.raw(`${column} ${dir}, orders_id ${dir}`);
    const want = await keys(
      sql`select orders_id as id from orders order by ${order}${window(10, (n - 1) * 10)}`,
    );
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(String(ORDERS));
  });
});

describe("searched and filtered totals", () => {
  const matches = (term: string) =>
    sql`(order_number ilike ${`%${term}%`} or username ilike ${`%${term}%`} or recipient_name ilike ${`%${term}%`} or tracking_number ilike ${`%${term}%`})`;

  it.each([
    [1, "created_at desc, orders_id desc", ""],
    [7, "created_at desc, orders_id desc", ""], // beyond the walk of the first rows: every match sorted
    [2, "total_price desc, orders_id desc", "&_sort=total_price&_order=desc"],
  ])(
    "more matches than the cap: the cap, X-Total-Count-Capped and the right rows (page %i)",
    async (n, order, sort) => {
      const got = await page(`/api/orders?q=capsearch&_page=${n}&_limit=100${sort}`, "orders_id");
      expect(got.total).toBe(String(SEARCH_COUNT_CAP));
      expect(got.capped).toBe("true");
      const want = await keys(
        sql`select orders_id as id from orders where ${matches("capsearch")}
        order by ${sql.raw(order)}${window(100, (n - 1) * 100)}`,
      );
      expect(got.ids).toEqual(want);
    },
  );

  it("fewer matches than the cap: the exact count and the rows in order", async () => {
    for (const [n, sort, order] of [
      [1, "", "created_at desc, orders_id desc"],
      [7, "", "created_at desc, orders_id desc"],
      [3, "&_sort=total_price&_order=asc", "total_price asc, orders_id asc"],
      // The same search and direction by another column: its own order.
      [3, "&_sort=order_status&_order=asc", "order_status asc, orders_id asc"],
      [2, "&_sort=total_price&_order=desc", "total_price desc, orders_id desc"],
      [2, "&_sort=created_at&_order=desc", "created_at desc, orders_id desc"],
    ] as const) {
      const got = await page(`/api/orders?q=FEWSEARCH&_page=${n}&_limit=25${sort}`, "orders_id");
      expect(got.total).toBe("625");
      expect(got.capped).toBeUndefined();
      const want = await keys(
        sql`select orders_id as id from orders where ${matches("fewsearch")}
          order by ${sql.raw(order)}${window(25, (n - 1) * 25)}`,
      );
      expect(got.ids).toEqual(want);
    }
  });

  it("a search known to match more than the cap is counted again once its table is written", async () => {
    // 1,001 "Justover" orders: one more than the cap.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status)
      select 'JO' || g, 'justover' || g, 1, 1, 1 from generate_series(1, ${SEARCH_COUNT_CAP + 1}) as g`),
    );
    const ask = () => page("/api/orders?q=justover&_page=1&_limit=10", "orders_id");
    expect((await ask()).capped).toBe("true");
    expect((await ask()).capped).toBe("true"); // remembered
    await ctx.db.execute(sql`delete from orders where order_number in ('JO1', 'JO2')`);
    expect(await ask()).toMatchObject({ total: String(SEARCH_COUNT_CAP - 1), capped: undefined });
    // Remembered with its rows; a new match (newest of all) is there at once.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status)
      values ('JO-NEW', 'justover-new', 1, 1, 1)`),
    );
    const withNew = await ask();
    expect(withNew.total).toBe(String(SEARCH_COUNT_CAP));
    const [newest] = await keys(
      sql`select orders_id as id from orders where order_number = 'JO-NEW'`,
    );
    expect(withNew.ids[0]).toBe(newest);
    await ctx.db.execute(sql`delete from orders where order_number = 'JO-NEW'`);
    await ctx.db.execute(sql`update orders set username = 'justover' where order_number = 'PG7'`);
    await ctx.db.execute(sql`update orders set username = 'justover2' where order_number = 'PG8'`);
    const again = await ask();
    expect(again).toMatchObject({ total: String(SEARCH_COUNT_CAP), capped: "true" });
    // A write that leaves the count where it was still moves the version: counted afresh, same answer.
    await ctx.db.execute(sql`update orders set tracking_number = 'MY9' where order_number = 'PG9'`);
    expect((await ask()).capped).toBe("true");
  });

  it("a term under three characters (no trigram) counts and pages as a longer one does", async () => {
    for (const [term, order, sort] of [
      ["g1", "created_at desc, orders_id desc", ""],
      ["7", "total_price desc, orders_id desc", "&_sort=total_price&_order=desc"],
      ["q9", "created_at desc, orders_id desc", ""],
      ["h 1", "created_at desc, orders_id desc", ""], // three characters: the trigram path
    ] as const) {
      const [counted] = (
        await ctx.db.execute(sql`select count(*)::int as n from orders where ${matches(term)}`)
      ).rows as { n: number }[];
      const n = counted?.n ?? 0;
      for (const at of [1, 3]) {
        const got = await page(
          `/api/orders?q=${encodeURIComponent(term)}&_page=${at}&_limit=10${sort}`,
          "orders_id",
        );
        expect(got.total, term).toBe(String(Math.min(n, SEARCH_COUNT_CAP)));
        expect(got.capped, term).toBe(n > SEARCH_COUNT_CAP ? "true" : undefined);
        const want = await keys(
          sql`select orders_id as id from orders where ${matches(term)}
            order by ${sql.raw(order)}${window(10, (at - 1) * 10)}`,
        );
        expect(got.ids, term).toEqual(want);
      }
    }
  });

  it("more matches than the cap, none among the newest: pages sorted once, kept until a write", async () => {
    // 1,100 "Agedmatch" orders older than every other: the walk of the newest rows meets none.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, created_at)
      select 'AM' || g, 'agedmatch' || g, 1, 1, 1, now() - interval '400 days' - make_interval(secs => g)
      from generate_series(1, 1100) as g`),
    );
    const want = (n: number) =>
      keys(sql`select orders_id as id from orders where ${matches("agedmatch")}
        order by created_at desc, orders_id desc${window(10, (n - 1) * 10)}`);
    for (const n of [1, 2, 10, 11, 2]) {
      const got = await page(`/api/orders?q=agedmatch&_page=${n}&_limit=10`, "orders_id");
      expect(got).toMatchObject({ total: String(SEARCH_COUNT_CAP), capped: "true" });
      expect(got.ids, `page ${n}`).toEqual(await want(n));
    }
    // A newer match: the kept pages are stale, so the search is counted and sorted again.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, created_at)
      values ('AM-NEW', 'agedmatch-new', 1, 1, 1, now() - interval '399 days')`),
    );
    const again = await page("/api/orders?q=agedmatch&_page=1&_limit=10", "orders_id");
    expect(again.ids).toEqual(await want(1));
    const [newest] = await keys(
      sql`select orders_id as id from orders where order_number = 'AM-NEW'`,
    );
    expect(again.ids[0]).toBe(newest);
  });

  it("a term that is absent answers 0 and no rows", async () => {
    const got = await page("/api/orders?q=Selangor&_page=1&_limit=10", "orders_id");
    expect(got).toEqual({ ids: [], total: "0", capped: undefined });
  });

  it("a filter with more rows than its cap answers the cap, capped; fewer: exact", async () => {
    const [category] = await ctx.db
      .insert(categories)
      .values({ category_name: "Many" })
      .returning();
    const id = category?.category_id ?? 0;
    await ctx.db.execute(sql`insert into products (product_name, normal_price, category_id, sku)
      select 'Bulk ' || g, 10 + g % 50, ${id}, 'BULK-' || g
      from generate_series(1, ${FILTER_COUNT_CAP + 50}) as g`);
    const all = await page(
      "/api/products?_page=1&_limit=12&min_price=1&max_price=1500",
      "product_id",
    );
    expect(all.total).toBe(String(FILTER_COUNT_CAP));
    expect(all.capped).toBe("true");
    const want = await keys(
      sql`select product_id as id from products where deleted_at is null
        and coalesce(nullif(discount_price, 0), normal_price) between 1 and 1500
        order by product_id desc limit 12`,
    );
    expect(all.ids).toEqual(want);
    const few = await page(
      "/api/products?_page=1&_limit=12&min_price=59&max_price=59",
      "product_id",
    );
    expect(few.total).toBe(String(Math.floor((FILTER_COUNT_CAP + 50) / 50)));
    expect(few.capped).toBeUndefined();
    // Unfiltered, the running total: exact however many.
    const unfiltered = await page("/api/products?_page=1&_limit=12", "product_id");
    expect(unfiltered.total).toBe(String(FILTER_COUNT_CAP + 50));
  }, 60_000);
});

describe("sorts on a joined column", () => {
  const userOrder = (expr: string) => sql.raw(expr);

  it.each([
    ["membership_name", "asc", "m.membership asc, u.user_id asc"],
    ["membership_name", "desc", "m.membership desc, u.user_id desc"],
    ["referrer_username", "asc", "r.username asc nulls last, u.user_id asc"],
    ["referrer_username", "desc", "r.username desc nulls first, u.user_id desc"],
  ])("users by %s %s", async (sort, dir, order) => {
    for (const n of [1, 4, 12]) {
      const got = await page(
        `/api/users?_page=${n}&_limit=10&_sort=${sort}&_order=${dir}`,
        "user_id",
      );
      const want = await keys(
        sql`select u.user_id as id from users u
          join memberships m on m.member_id = u.membership
          left join users r on r.user_id = u.referral_of
          order by ${userOrder(order)}${window(10, (n - 1) * 10)}`,
      );
      expect(got.ids, `page ${n}`).toEqual(want);
    }
  });

  it.each([
    ["asc", "u.username asc nulls last, w.withdraw_id asc"],
    ["desc", "u.username desc nulls first, w.withdraw_id desc"],
  ])(
    "withdrawal requests by the payee's username %s (a deleted payee's as none)",
    async (dir, order) => {
      for (const n of [1, 9, 20]) {
        const got = await page(
          `/api/withdrawRequest?_page=${n}&_limit=10&_sort=username&_order=${dir}`,
          "withdraw_id",
        );
        const want = await keys(
          sql`select w.withdraw_id as id from withdraw_requests w left join users u on u.user_id = w.user_id
          order by ${sql.raw(order)}${window(10, (n - 1) * 10)}`,
        );
        expect(got.ids, `page ${n}`).toEqual(want);
      }
    },
  );

  it("wallets by their user's username", async () => {
    const got = await page(
      "/api/usersWallet?_page=2&_limit=10&_sort=username&_order=desc",
      "wallet_id",
    );
    const want = await keys(
      sql`select w.wallet_id as id from user_wallets w join users u on u.user_id = w.user_id
        order by u.username desc, u.user_id desc limit 10 offset 10`,
    );
    expect(got.ids).toEqual(want);
  });
});

describe("a simple list (docs/decisions/list-scale.md)", () => {
  it("reads any page as ORDER BY … LIMIT … OFFSET with an exact count, capped past SIMPLE_COUNT_CAP", async () => {
    // Brands keep no running total: the count comes with the page.
    await ctx.db.execute(sql`insert into brands (brand_name, brand_status)
      select 'Simple ' || lpad(g::text, 5, '0'), g % 2 from generate_series(1, 1500) as g`);
    const all = await keys(sql`select count(*)::int as id from brands`);
    const unfiltered = await page("/api/brands?_page=3&_limit=10&_sort=brand_name", "brand_id");
    expect(unfiltered.total).toBe(String(all[0]));
    expect(unfiltered.capped).toBeUndefined();
    expect(unfiltered.ids).toEqual(
      await keys(
        sql`select brand_id as id from brands order by brand_name, brand_id${window(10, 20)}`,
      ),
    );
    // A filter and a search past a large list's cap (1,000): still exact.
    const searched = await page(
      "/api/brands?_page=2&_limit=10&q=simple&brand_status=1",
      "brand_id",
    );
    expect(searched.total).toBe("750");
    expect(searched.capped).toBeUndefined();
    expect(searched.ids).toEqual(
      await keys(sql`select brand_id as id from brands where brand_name ilike '%simple%'
        and brand_status = 1 order by brand_id desc${window(10, 10)}`),
    );
    // Grown past its cap, the count says "at least" and the list should be declared large.
    await ctx.db.execute(sql`insert into brands (brand_name)
      select 'More ' || g from generate_series(1, ${SIMPLE_COUNT_CAP}) as g`);
    const grown = await page("/api/brands?_page=1&_limit=10", "brand_id");
    expect(grown.total).toBe(String(SIMPLE_COUNT_CAP));
    expect(grown.capped).toBe("true");
  });
});
