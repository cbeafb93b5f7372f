import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_COUNT_CAP } from "../src/lib/lists";
import { accountDigits, phoneDigits, phoneTerm } from "../src/lib/phones";
import { createTestContext, type TestContext } from "./helpers";
import { withLines } from "./orders.fixtures";

// A term under three characters has no trigram; search_grams (migration 0011)
// finds it by its one- and two-character pieces (docs/decisions/short-search-terms.md). What a caller notices: the same totals and rows as ILIKE over
// every row, in every case and script, and a rare term looked up in the index
// instead of read row by row.

let ctx: TestContext;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestContext();
  // 3,000 orders: every one "KH…" (a piece in every row: common), every 50th
  // to "Zqx Érica" (rare, accented), every 7th to "李 Ming" (Chinese).
  // Phones in every form on some: "+60 1x-…", "01x…", "60 1x …" (phone_digits, migration 0016).
  await ctx.db.execute(
    withLines(sql`insert into orders (order_number, username, recipient_name, tracking_number, total_price, subtotal, order_status, created_at, contact, recipient_contact)
    select 'KH' || g, 'buyer' || g,
      case when g % 50 = 0 then 'Zqx Érica' when g % 7 = 0 then '李 Ming' else 'Tan Ah Kow' end,
      case when g % 3 = 0 then 'MY' || g else '' end, 1 + g % 90, 1 + g % 90, 1, now() - make_interval(secs => g),
      case g % 4 when 0 then '+60 1' || (g % 10) || '-' || lpad(g::text, 7, '5')
        when 1 then '01' || (g % 10) || lpad(g::text, 7, '5') else '' end,
      case when g % 5 = 0 then '60 1' || (g % 9) || ' ' || lpad(g::text, 7, '7') else '' end
    from generate_series(1, 3000) as g`),
  );
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

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What ILIKE over every row says: the count and the first page's keys in the
 * list's order. `phones`: matched by their digits when the term reads as a phone.
 */
async function truth(
  table: string,
  key: string,
  columns: string[],
  phones: string[],
  term: string,
  order: string,
) {
  const digits = phoneTerm(term);
  const where = sql.join(
    [
      ...columns.map((c) => sql`${sql.identifier(c)} ilike ${like(term)}`),
      ...(digits === undefined ? [] : phones).map(
        (c) => sql`phone_digits(${sql.identifier(c)}) like ${like(digits ?? "")}`,
      ),
    ],
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
    phones: ["contact", "recipient_contact"],
    order: "created_at desc, orders_id desc",
    // Digits: every form a phone is typed in, short and long, common and rare.
    terms: [
      "zq",
      "ZQ",
      "é",
      "É",
      "李",
      "kh",
      "k",
      "my",
      "9",
      "h 1",
      "%",
      "qq",
      "+6",
      "60",
      "017",
      "12-55",
      "+60 13-555",
      "5555",
      "(01",
      "0135551",
      "89",
    ],
  },
  {
    path: "/api/users",
    table: "users",
    key: "user_id",
    columns: ["username", "f_name", "l_name", "email"],
    phones: ["contact"],
    order: "user_id asc",
    terms: ["ñ", "Ño", "si", "@", "zz", "013", "+60 13", "7"],
  },
  {
    path: "/api/products",
    table: "products",
    key: "product_id",
    columns: ["product_name", "sku"],
    phones: [],
    order: "product_id desc",
    terms: ["a", "zq"],
  },
] as const;

describe("a term under three characters", () => {
  for (const list of lists) {
    it(`${list.path}: the total and first page ILIKE over every row gives, for ${list.terms.join(" ")}`, async () => {
      for (const term of list.terms) {
        const want = await truth(
          list.table,
          list.key,
          [...list.columns],
          [...list.phones],
          term,
          list.order,
        );
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

describe("a phone in any form (lib/phones.ts, migration 0016)", () => {
  const FORMS = ["+60 12-345 6789", "012-345 6789", "0123456789", "60123456789"];
  let member = 0;
  beforeAll(async () => {
    // The same phone stored four ways as the buyer's, once as the recipient's;
    // an unrelated one; and thirteen orders of another buyer, for the pages.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, created_at, contact, recipient_contact)
      select 'PH' || g, 'caller', 10, 10, 1, now() - make_interval(days => 1, secs => g),
        (array[${FORMS[0]}, ${FORMS[1]}, ${FORMS[2]}, ${FORMS[3]}, '', '019-876 5432'])[g],
        case g when 5 then '+60 12 345 6789' when 6 then '03-1234 5678' else '' end
      from generate_series(1, 6) as g`),
    );
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, created_at, contact)
      select 'PG' || g, 'regular', 10, 10, 1, now() - make_interval(days => 2, secs => g),
        case when g % 2 = 0 then '+60 11-2222 3333' else '011 2222 3333' end
      from generate_series(1, 13) as g`),
    );
    const [row] = (
      await ctx.db.execute<{
        user_id: number;
      }>(sql`insert into users (username, email, f_name, l_name, contact,
          password_hash, gender, role, languages, currency)
        values ('ringer', 'ringer@example.my', 'Ring', 'Er', '+60 17-555 1234', 'x', 'Female', 'Member', 'English', 'MYR')
        returning user_id`)
    ).rows;
    member = Number(row?.user_id);
    await ctx.db.execute(sql`insert into user_wallets (user_id) values (${member})`);
    await ctx.db.execute(sql`insert into withdraw_requests (user_id, payee_username, bank_acc, bank_name, withdraw_amt)
      values (${member}, 'ringer', '5140-1234-9876', 'Maybank', 10)`);
  });

  const numbers = async (q: string, page = 1) => {
    const res = await ctx.call(
      "GET",
      `/api/orders?q=${encodeURIComponent(q)}&_page=${page}&_limit=10`,
    );
    expect(res.statusCode, q).toBe(200);
    return {
      total: res.headers["x-total-count"],
      numbers: (res.json() as { order_number: string }[]).map((o) => o.order_number),
    };
  };

  it("finds the order by the buyer's or the recipient's phone, typed in any form, and no other", async () => {
    for (const q of [...FORMS, "345 6789", "+60123456789", "(012) 345-6789"]) {
      expect(await numbers(q), q).toEqual({
        total: "5",
        numbers: ["PH1", "PH2", "PH3", "PH4", "PH5"],
      });
    }
    expect(await numbers("019-876 5432")).toEqual({ total: "1", numbers: ["PH6"] });
    expect(await numbers("+60 3-1234 5678")).toEqual({ total: "1", numbers: ["PH6"] });
    // Digits that are in no phone in that order find nothing, however close.
    expect(await numbers("012-345 6788")).toEqual({ total: "0", numbers: [] });
    expect(await numbers("+65 12-345 6789")).toEqual({ total: "0", numbers: [] });
  });

  it("pages through a phone's orders with the right total", async () => {
    const first = await numbers("011-2222 3333");
    const second = await numbers("+60 11 2222 3333", 2);
    expect(first.total).toBe("13");
    expect(second.total).toBe("13");
    expect([...first.numbers, ...second.numbers]).toEqual(
      Array.from({ length: 13 }, (_, i) => `PG${i + 1}`),
    );
  });

  it("finds a member by phone or e-mail on Users and Wallet, a request by phone or bank account", async () => {
    const usernames = async (path: string, q: string) => {
      const res = await ctx.call("GET", `${path}?q=${encodeURIComponent(q)}&_page=1&_limit=10`);
      expect(res.statusCode, `${path} ${q}`).toBe(200);
      return (res.json() as { username: string }[]).map((r) => r.username);
    };
    for (const path of ["/api/users", "/api/usersWallet", "/api/withdrawRequest"]) {
      for (const q of [
        "017-555 1234",
        "+60175551234",
        "0175551234",
        "555 1234",
        "ringer@example",
      ]) {
        expect(await usernames(path, q), `${path} ${q}`).toEqual(["ringer"]);
      }
      expect(await usernames(path, "017-555 1235"), path).toEqual([]);
    }
    // The account number as stored, as its digits alone, or a part of either.
    for (const q of ["5140-1234-9876", "514012349876", "5140 1234 9876", "1234-98", "1234987"]) {
      expect(await usernames("/api/withdrawRequest", q), q).toEqual(["ringer"]);
    }
    expect(await usernames("/api/withdrawRequest", "514012349877")).toEqual([]);
  });

  it("normalises a phone in TypeScript exactly as phone_digits() does in SQL", async () => {
    const phones = [
      ...FORMS,
      "+60 (12) 345-6789",
      "  +6012 3456789 ",
      "6012345",
      "+6012",
      "+60",
      "60",
      "+65 9123 4567",
      "0060123456789",
      "601234567890",
      "１２３",
      "",
      "call 012-345 6789 after 6",
    ];
    for (const phone of phones) {
      const [row] = (await ctx.db.execute<{ d: string }>(sql`select phone_digits(${phone}) as d`))
        .rows;
      expect(phoneDigits(phone), phone).toBe(row?.d);
    }
    expect(phones.slice(0, 4).map(phoneDigits)).toEqual(Array(4).fill("0123456789"));
    for (const account of ["5140-1234-9876", " 88 12/3 ", "AB-12", ""]) {
      const [row] = (
        await ctx.db.execute<{ d: string }>(
          sql`select regexp_replace(${account}, '[^0-9]', '', 'g') as d`,
        )
      ).rows;
      expect(accountDigits(account), account).toBe(row?.d);
    }
  });
});

describe("search_grams", () => {
  it("holds every one- and two-character piece, lower-cased, of each text alone", async () => {
    const grams = async (texts: SQL) =>
      (await ctx.db.execute<{ g: string[] }>(sql`select search_grams(${texts}) as g`)).rows[0]?.g;
    const got = await grams(sql`'AbC', null, 'É'`);
    expect([...(got ?? [])].sort()).toEqual(["a", "ab", "b", "bc", "c", "c", "é", "é"].sort());
  });
});
