import { auditEntry, isScreenOnly, user } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { csvCell } from "../src/lib/csv";
import { createTestContext, type TestContext } from "./helpers";
import { LISTS, SCREEN_ONLY_FIELDS, seedLists } from "./lists.fixtures";
import { withLines } from "./orders.fixtures";

// `_format=csv` on every list call: the whole filtered, sorted list as a file
// (docs/decisions/csv-export.md).

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedLists(ctx);
}, 120_000);
afterAll(() => ctx.close());

/** RFC 4180: rows of cells, quoted cells with "" for a quote and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function csv(url: string) {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const raw = res.rawPayload.toString("utf8");
  const [header = [], ...rows] = parseCsv(raw.replace(/^\uFEFF/, ""));
  return { res, raw, header, rows };
}

async function json(url: string) {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, url).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], total: res.headers["x-total-count"] };
}

it("leaves out the fields worked out for the screen only", () => {
  expect(isScreenOnly(auditEntry.shape.names)).toBe(true);
  expect(isScreenOnly(user.shape.totp_enabled)).toBe(true);
  expect(isScreenOnly(user.shape.totp_locked)).toBe(true);
  expect(isScreenOnly(user.shape.username)).toBe(false);
  expect([...SCREEN_ONLY_FIELDS].sort()).toEqual([
    "names",
    // A product's tax category now, for Add Order's preview (the list keeps tax_category_id).
    "tax_category_name",
    "tax_rate",
    "tax_type",
    "totp_enabled",
    "totp_locked",
  ]);
});

describe.each(LISTS)("$path?_format=csv", ({ path, key }) => {
  it("answers every row as a UTF-8 CSV file with a BOM, a header and a dated file name", async () => {
    const { res, raw, header, rows } = await csv(`${path}?_format=csv&_page=2&_limit=3`);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const name = path.split("/").pop();
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(raw.startsWith("\uFEFF")).toBe(true);
    const page = await json(`${path}?_page=1&_limit=5`);
    // Every answered field but those worked out for the screen only (contract: screenOnly).
    expect(header).toEqual(
      Object.keys(page.rows[0] ?? {}).filter((f) => !SCREEN_ONLY_FIELDS.includes(f)),
    );
    // Paging is ignored: every row of the list, as many as X-Total-Count says.
    expect(rows.length).toBe(Number(page.total));
    const all = await json(`${path}?_page=1&_limit=1000`);
    const at = header.indexOf(key);
    expect(rows.map((r) => Number(r[at]))).toEqual(all.rows.map((r) => r[key]));
    // Each cell is the answered value as written to a cell (JSON compared as JSON).
    const cells = (row: string[]) =>
      row.map((cell) => (cell.startsWith("{") ? JSON.parse(cell) : cell));
    expect(cells(rows[0] ?? [])).toEqual(
      cells(header.map((f) => parseCsv(csvCell(all.rows[0]?.[f]))[0]?.[0] ?? "")),
    );
  });
});

describe("what the file holds", () => {
  it("the filtered, sorted list, both ways, with a search too", async () => {
    const cases: [string, string, string][] = [
      ["/api/orders", "order_status=6&_sort=total_price&_order=desc", "orders_id"],
      ["/api/orders", "order_status=2&order_status=3&_sort=paid_on&_order=asc", "orders_id"],
      ["/api/orders", "q=a&_sort=username&_order=asc", "orders_id"],
      ["/api/orders", "created_at_gte=2026-04-01&_sort=recipient_name&_order=desc", "orders_id"],
      // A parent's column, a one-to-one join's column, a search across a join.
      ["/api/users", "_sort=membership_name&_order=desc", "user_id"],
      ["/api/users", "_sort=referrer_username&_order=asc&user_status=1", "user_id"],
      ["/api/usersWallet", "_sort=username&_order=desc", "wallet_id"],
      ["/api/withdrawRequest", "q=a&_sort=email&_order=asc", "withdraw_id"],
      ["/api/products", "category_id=2&_sort=price&_order=desc", "product_id"],
    ];
    for (const [path, query, key] of cases) {
      const file = await csv(`${path}?_format=csv&${query}`);
      const list = await json(`${path}?_page=1&_limit=1000&${query}`);
      const at = file.header.indexOf(key);
      expect(list.rows.length, query).toBeGreaterThan(0);
      expect(
        file.rows.map((r) => Number(r[at])),
        `${path}?${query}`,
      ).toEqual(list.rows.map((r) => r[key]));
    }
  });

  it("reads a nullable sort in batches without losing or repeating a row (nulls where ORDER BY puts them)", async () => {
    // More rows than one batch (lib/lists/csvExport.ts ALL_BATCH), a third without paid_on.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, paid_on)
      select 'CSVB' || g, 'batch' || g, (g % 97) + 0.25, (g % 97) + 0.25, 1 + g % 9,
        case when g % 3 = 0 then null else now() - make_interval(mins => g % 500) end
      from generate_series(1, 4500) as g`),
    );
    for (const order of ["asc", "desc"]) {
      const file = await csv(`/api/orders?_format=csv&_sort=paid_on&_order=${order}`);
      const want = await ctx.db.execute<{ id: number }>(
        sql.raw(`select orders_id as id from orders order by paid_on ${order}, orders_id ${order}`),
      );
      const at = file.header.indexOf("orders_id");
      expect(file.rows.map((r) => Number(r[at]))).toEqual(want.rows.map((r) => r.id));
    }
  });

  it("neutralises cells that would run as formulas; money stays a plain decimal", async () => {
    const names = ['=HYPERLINK("http://x")', "+SUM(1)", "-2+3", "@cmd", "\tTab", "\rReturn"];
    // Written straight to the table: the form's schema trims a leading tab or CR away.
    for (const name of names) {
      await ctx.db.execute(sql`insert into brands (brand_name, brand_status) values (${name}, 1)`);
    }
    const file = await csv("/api/brands?_format=csv&_sort=brand_id&_order=desc");
    const nameAt = file.header.indexOf("brand_name");
    const written = file.rows.slice(0, names.length).map((r) => r[nameAt]);
    expect(written).toEqual([...names].reverse().map((n) => `'${n}`));
    const orders = await csv("/api/orders?_format=csv&_sort=total_price&_order=desc");
    const priceAt = orders.header.indexOf("total_price");
    for (const row of orders.rows) expect(row[priceAt]).toMatch(/^\d+\.\d{2}$/);
  });

  it("reads a sort no index holds once, not once per batch, in the list's order", async () => {
    // More users than one batch (lib/lists/csvExport.ts ALL_BATCH), sorted by their joined membership name.
    await ctx.db.execute(sql`insert into users (username, email, f_name, l_name, contact,
        password_hash, gender, role, membership, languages, currency)
      select 'bulk' || g, 'bulk' || g || '@example.my', 'F', 'L', '1', 'x', 'Male', 'Member',
        1 + g % 3, 'English', 'MYR'
      from generate_series(1, 4500) as g`);
    const dialect = new PgDialect();
    const spy = vi.spyOn(ctx.db, "execute");
    try {
      for (const order of ["asc", "desc"]) {
        spy.mockClear();
        const file = await csv(`/api/users?_format=csv&_sort=membership_name&_order=${order}`);
        const want = await ctx.db.execute<{ id: number }>(
          sql.raw(`select u.user_id as id from users u left join memberships m
            on m.member_id = u.membership order by m.membership ${order}, u.user_id ${order}`),
        );
        const at = file.header.indexOf("user_id");
        expect(file.rows.map((r) => Number(r[at]))).toEqual(want.rows.map((r) => r.id));
        const scans = spy.mock.calls
          .map(([query]) => dialect.sqlToQuery(query as SQL).sql)
          .filter((text) => text.includes('"memberships"') && !text.includes("unnest"));
        // One ordering read of the table (keyset batches would read it 3 times).
        expect(scans).toHaveLength(1);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it("quotes every cell holding a separator of any locale or a line break (docs/decisions/csv-export.md)", async () => {
    const names = [
      "Kedai;=cmd|' /C calc'!A0",
      "Tab\tinside",
      "Line\nbreak",
      "Car\rriage",
      'Say "hi"',
    ];
    for (const name of names) {
      await ctx.db.execute(sql`insert into brands (brand_name, brand_status) values (${name}, 1)`);
    }
    const file = await csv("/api/brands?_format=csv&_sort=brand_id&_order=desc");
    for (const name of names) {
      // Written by PostgreSQL (csvLineSql) and by csvCell alike: one quoted cell.
      const quoted = `"${name.replace(/"/g, '""')}"`;
      expect(file.raw, JSON.stringify(name)).toContain(`,${quoted},`);
      expect(csvCell(name)).toBe(quoted);
    }
    const nameAt = file.header.indexOf("brand_name");
    expect(file.rows.slice(0, names.length).map((r) => r[nameAt])).toEqual([...names].reverse());
    // A formula start is still neutralised, and then quoted for its tab.
    expect(csvCell("=1+2\t")).toBe(`"'=1+2\t"`);
    expect(csvCell("a;b")).toBe('"a;b"');
  });

  it("refuses a bad filter before the file starts", async () => {
    const res = await ctx.call("GET", "/api/orders?_format=csv&order_status=paid");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("order_status");
    expect((await ctx.call("GET", "/api/orders?_format=pdf")).statusCode).toBe(400);
  });
});
