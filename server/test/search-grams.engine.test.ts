import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_COUNT_CAP } from "../src/lib/lists";
import { createTestContext, type TestContext } from "./helpers";

// A term under three characters has no trigram; search_grams (migration 0011)
// finds it by its one- and two-character pieces (docs/DECISIONS.md, "Lists at
// any size"). What a caller notices: the same totals and rows as ILIKE over
// every row, in every case and script, and a rare term looked up in the index
// instead of read row by row.

let ctx: TestContext;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestContext();
  // 3,000 orders: every one "KH…" (a piece in every row: common), every 50th
  // to "Zqx Érica" (rare, accented), every 7th to "李 Ming" (Chinese).
  await ctx.db.execute(sql`insert into orders (order_number, username, recipient_name, tracking_number, total_price, order_status, created_at)
    select 'KH' || g, 'buyer' || g,
      case when g % 50 = 0 then 'Zqx Érica' when g % 7 = 0 then '李 Ming' else 'Tan Ah Kow' end,
      case when g % 3 = 0 then 'MY' || g else '' end, 1 + g % 90, 1, now() - make_interval(secs => g)
    from generate_series(1, 3000) as g`);
  await ctx.db.execute(sql`insert into users (username, email, f_name, l_name, contact,
      password_hash, gender, role, languages, currency)
    select 'member' || g, 'm' || g || '@example.my', case when g % 40 = 0 then 'Ñoño' else 'Siti' end,
      'Razak', '01' || g, 'x', 'Female', 'Member', 'English', 'MYR'
    from generate_series(1, 400) as g`);
  await ctx.db.execute(sql`insert into withdraw_requests (user_id, payee_username, bank_acc, bank_name, withdraw_amt)
    select (select user_id from users where username = 'member' || g), 'member' || g,
      '88' || g, case when g % 25 = 0 then 'CIMB' else 'Maybank' end, 10
    from generate_series(1, 200) as g`);
});
afterAll(() => ctx.close());

/** What ILIKE over every row says: the count and the first page's keys in the list's order. */
async function truth(table: string, key: string, columns: string[], term: string, order: string) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} ilike ${pattern}`),
    sql` or `,
  );
  const from = sql`${sql.identifier(table)} where ${where}`;
  const [counted] = (
    await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${from}`)
  ).rows;
  const rows = await ctx.db.execute<{ id: number }>(
    sql`select ${sql.identifier(key)} as id from ${from} order by ${sql.raw(order)} limit 10`,
  );
  return { n: Number(counted?.n ?? 0), ids: rows.rows.map((r) => Number(r.id)) };
}

const lists = [
  {
    path: "/api/orders",
    table: "orders",
    key: "orders_id",
    columns: ["order_number", "username", "recipient_name", "tracking_number"],
    order: "created_at desc, orders_id desc",
    terms: ["zq", "ZQ", "é", "É", "李", "kh", "k", "my", "9", "h 1", "%", "qq"],
  },
  {
    path: "/api/users",
    table: "users",
    key: "user_id",
    columns: ["username", "f_name", "l_name", "email", "contact"],
    order: "user_id asc",
    terms: ["ñ", "Ño", "si", "@", "zz"],
  },
  {
    path: "/api/products",
    table: "products",
    key: "product_id",
    columns: ["product_name", "sku"],
    order: "product_id desc",
    terms: ["a", "zq"],
  },
] as const;

describe("a term under three characters", () => {
  for (const list of lists) {
    it(`${list.path}: the total and first page ILIKE over every row gives, for ${list.terms.join(" ")}`, async () => {
      for (const term of list.terms) {
        const want = await truth(list.table, list.key, [...list.columns], term, list.order);
        const res = await ctx.call(
          "GET",
          `${list.path}?q=${encodeURIComponent(term)}&_page=1&_limit=10`,
        );
        expect(res.statusCode, term).toBe(200);
        expect(res.headers["x-total-count"], term).toBe(String(Math.min(want.n, SEARCH_COUNT_CAP)));
        expect(res.headers["x-total-count-capped"], term).toBe(
          want.n > SEARCH_COUNT_CAP ? "true" : undefined,
        );
        expect(
          (res.json() as Record<string, number>[]).map((r) => r[list.key]),
          term,
        ).toEqual(want.ids);
      }
    });
  }

  it("a withdrawal request is found by its own fields and its payee's", async () => {
    for (const [term, n] of [
      ["ci", 8], // bank_name CIMB
      ["ño", 5], // the payee's first name Ñoño
      ["qz", 0],
    ] as const) {
      const res = await ctx.call(
        "GET",
        `/api/withdrawRequest?q=${encodeURIComponent(term)}&_page=1&_limit=10`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"], term).toBe(String(n));
    }
  });
});

/** How often an index has been scanned, as the statistics say once the last reads are flushed. */
async function scansOf(index: string): Promise<number> {
  await ctx.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = (
    await ctx.db.execute<{ n: string }>(
      sql`select idx_scan as n from pg_stat_user_indexes where indexrelname = ${index}`,
    )
  ).rows;
  return Number(row?.n ?? 0);
}

/** Waits until the index was scanned after `before` (the server's connection flushes its statistics when idle). */
async function scannedSince(index: string, before: number): Promise<boolean> {
  const deadline = Date.now() + (onPostgres ? 15_000 : 2_000);
  while (Date.now() < deadline) {
    if ((await scansOf(index)) > before) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe("a rare short term is looked up, not read row by row", () => {
  const cases: [string, string][] = [
    // Terms no test above asked: one asked before is answered from memory.
    ["/api/orders?q=qx", "orders_search_grams"],
    ["/api/users?q=oñ", "users_search_grams"],
    ["/api/usersWallet?q=ñ", "users_search_grams"],
    ["/api/products?q=zz", "products_search_grams"],
    ["/api/withdrawRequest?q=im", "withdraw_requests_search_grams"],
  ];
  it.each(cases)(
    "%s reads %s",
    async (path, index) => {
      const before = await scansOf(index);
      const res = await ctx.call("GET", `${encodeURI(path)}&_page=1&_limit=10`);
      expect(res.statusCode).toBe(200);
      expect(await scannedSince(index, before)).toBe(true);
    },
    30_000,
  );
});

describe("search_grams", () => {
  it("holds every one- and two-character piece, lower-cased, of each text alone", async () => {
    const grams = async (texts: SQL) =>
      (await ctx.db.execute<{ g: string[] }>(sql`select search_grams(${texts}) as g`)).rows[0]?.g;
    const got = await grams(sql`'AbC', null, 'É'`);
    expect([...(got ?? [])].sort()).toEqual(["a", "ab", "b", "bc", "c", "c", "é", "é"].sort());
  });
});
