import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { LISTS, SCREEN_ONLY_FIELDS, seedLists } from "./lists.fixtures";
import { ON_POSTGRES, sampled } from "./tier";

// Every list sorts by every field it answers, in the database's own order,
// and filters json-server style (docs/decisions/list-sort-filter.md); anything it does not answer is a 400 naming it.
// `npm test` takes a third of each list's fields on PostgreSQL (a different third per list) and a
// sixth on PGlite (a different sixth per list), the long tier all of them on both.

type Row = Record<string, unknown>;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedLists(ctx);
  // A few history rows of every kind for the audit list.
  for (const name of ["Sorted A", "Sorted B"]) {
    const res = await ctx.call("POST", "/api/brands", { brand_name: name, brand_status: 1 });
    await ctx.call("PUT", `/api/brands/${res.json().brand_id}`, { brand_name: `${name}!` });
  }
}, 120_000);
afterAll(() => ctx.close());

async function rowsOf(url: string): Promise<{ rows: Row[]; total: string }> {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return { rows: res.json() as Row[], total: String(res.headers["x-total-count"]) };
}

const MONEY = /^-?\d+\.\d{1,2}$/;
/** How the database compares a field: as a number when every value is one, else as text. */
function kindOf(values: unknown[]): "numeric" | "text" {
  const present = values.filter((v) => v !== null && v !== undefined);
  return present.every((v) => typeof v === "number" || (typeof v === "string" && MONEY.test(v)))
    ? "numeric"
    : "text";
}

/** The values sorted by PostgreSQL (its collation, its NULL placement). */
async function sortedByDatabase(values: unknown[], descending: boolean): Promise<unknown[]> {
  const kind = kindOf(values);
  const order = descending ? sql`desc` : sql`asc`;
  const result = await ctx.db.execute<{ v: string | null }>(
    sql`select v from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as t(v)
      order by ${kind === "numeric" ? sql`v::numeric` : sql`v`} ${order}`,
  );
  return result.rows.map((r) => r.v);
}

const asText = (values: unknown[]) =>
  values.map((v) => (v === null || v === undefined ? null : String(v)));

describe.each(LISTS)("$path", ({ path, key }) => {
  let all: Row[] = [];
  let fields: string[] = [];

  beforeAll(async () => {
    all = (await rowsOf(`${path}?_page=1&_limit=1000`)).rows;
    // Screen-only fields are answered but are not list fields (no sort, no filter).
    const answered = Object.keys(all[0] ?? {}).filter((f) => {
      const v = all[0]?.[f];
      return (v === null || typeof v !== "object") && !SCREEN_ONLY_FIELDS.includes(f);
    });
    const every = Math.min(ON_POSTGRES ? 3 : 6, answered.length);
    fields = sampled(answered, LISTS.findIndex((list) => list.path === path) % every, every);
  });

  it("has rows to sort", () => {
    expect(all.length).toBeGreaterThan(2);
  });

  it("sorts by the fields it answers, both ways, as the database orders them", async () => {
    for (const field of fields) {
      for (const order of ["asc", "desc"] as const) {
        const { rows, total } = await rowsOf(
          `${path}?_page=1&_limit=1000&_sort=${field}&_order=${order}`,
        );
        expect(rows.length, `${field} ${order}`).toBe(all.length);
        expect(total).toBe(String(all.length));
        const got = rows.map((r) => r[field]);
        expect(asText(got), `${path} _sort=${field}&_order=${order}`).toEqual(
          await sortedByDatabase(got, order === "desc"),
        );
        // A page of the sort is the same rows as the whole sorted list's slice.
        const page2 = await rowsOf(`${path}?_page=2&_limit=2&_sort=${field}&_order=${order}`);
        expect(page2.rows.map((r) => r[key])).toEqual(rows.slice(2, 4).map((r) => r[key]));
      }
    }
  });

  it("filters the fields by an exact value, and numbers and dates by a range", async () => {
    for (const field of fields) {
      // A filter value is at most 200 characters (common.ts): a longer value (a
      // product's three image names) is refused as such, not looked for.
      const sample = all.find(
        (r) => r[field] !== null && r[field] !== "" && String(r[field]).length <= 200,
      )?.[field];
      if (sample === undefined) continue;
      const value = String(sample);
      const want = all.filter((r) => String(r[field]) === value).map((r) => r[key]);
      const got = await rowsOf(`${path}?_page=1&_limit=1000&${field}=${encodeURIComponent(value)}`);
      expect(got.rows.map((r) => r[key]).sort(), `${field}=${value}`).toEqual(want.sort());
      expect(got.total).toBe(String(want.length));
      if (kindOf(all.map((r) => r[field])) === "numeric" || /^\d{4}-\d\d-\d\d/.test(value)) {
        const values = all.map((r) => r[field]).filter((v) => v !== null);
        const sorted = asText(await sortedByDatabase(values, false)) as string[];
        const [low, high] = [
          sorted[Math.floor(sorted.length / 4)],
          sorted[Math.floor((sorted.length * 3) / 4)],
        ];
        const ranged = await rowsOf(
          `${path}?_page=1&_limit=1000&${field}_gte=${encodeURIComponent(String(low))}&${field}_lte=${encodeURIComponent(String(high))}`,
        );
        const numeric = kindOf(values) === "numeric";
        const inside = (v: unknown) =>
          v !== null &&
          (numeric
            ? Number(v) >= Number(low) && Number(v) <= Number(high)
            : String(v) >= String(low) && String(v) <= String(high));
        expect(ranged.rows.map((r) => r[key]).sort(), `${field} ${low}..${high}`).toEqual(
          all
            .filter((r) => inside(r[field]))
            .map((r) => r[key])
            .sort(),
        );
      }
    }
  });

  it("refuses an unknown sort or filter field with a 400 naming it", async () => {
    const sort = await ctx.call("GET", `${path}?_sort=no_such_field`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain("no_such_field");
    expect(sort.json().issues[0].path).toBe("_sort");
    const filter = await ctx.call("GET", `${path}?_page=1&_limit=10&no_such_field=1`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toContain("no_such_field");
    expect(filter.json().issues[0].path).toBe("no_such_field");
    const range = await ctx.call("GET", `${path}?no_such_field_gte=1`);
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain("no_such_field_gte");
    const proto = await ctx.call("GET", `${path}?__proto__=1&_sort=constructor`);
    expect(proto.statusCode).toBe(400);
  });
});

describe("the filters the screens offer", () => {
  it("orders: status (any of several) and a date range, a date alone taking in its whole day", async () => {
    const all = (await rowsOf("/api/orders?_page=1&_limit=1000")).rows;
    const toShip = all.filter((o) => [2, 3].includes(o.order_status as number));
    // The day of the middle order to ship: some are on or before it, some after.
    const day = String(toShip[Math.floor(toShip.length / 2)]?.created_at).slice(0, 10);
    const got = await rowsOf(
      `/api/orders?_page=1&_limit=1000&order_status=2&order_status=3&created_at_lte=${day}`,
    );
    const want = all.filter(
      (o) => [2, 3].includes(o.order_status as number) && String(o.created_at).slice(0, 10) <= day,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(got.rows.map((o) => o.orders_id)).toEqual(want.map((o) => o.orders_id));
    expect(got.total).toBe(String(want.length));
    const oneDay = await rowsOf(`/api/orders?_page=1&_limit=1000&created_at=${day}`);
    expect(oneDay.rows.map((o) => o.orders_id)).toEqual(
      all.filter((o) => String(o.created_at).startsWith(day)).map((o) => o.orders_id),
    );
    // The datetime-local form of a browser is read too.
    const since = await rowsOf(`/api/orders?_page=1&_limit=1000&created_at_gte=${day}T12:00`);
    expect(since.rows.every((o) => String(o.created_at) >= `${day} 12:00:00`)).toBe(true);
  });

  it("withdrawals: status and request date", async () => {
    const all = (await rowsOf("/api/withdrawRequest?_page=1&_limit=1000")).rows;
    const day = String(all[Math.floor(all.length / 3)]?.request_at).slice(0, 10);
    const got = await rowsOf(
      `/api/withdrawRequest?_page=1&_limit=1000&withdraw_status=processing&request_at_gte=${day}`,
    );
    const want = all.filter(
      (w) => w.withdraw_status === "processing" && String(w.request_at) >= `${day} 00:00:00`,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(got.rows.map((w) => w.withdraw_id)).toEqual(want.map((w) => w.withdraw_id));
  });

  it("users: membership, role and status together", async () => {
    const all = (await rowsOf("/api/users?_page=1&_limit=1000")).rows;
    const got = await rowsOf(
      "/api/users?_page=1&_limit=1000&membership=1&role=Member&user_status=1",
    );
    const want = all.filter(
      (u) => u.membership === 1 && u.role === "Member" && u.user_status === 1,
    );
    expect(got.rows.map((u) => u.user_id)).toEqual(want.map((u) => u.user_id));
  });

  it("agencies and coupons: expiry ranges", async () => {
    for (const [path, key] of [
      ["/api/agencyStore", "store_id"],
      ["/api/vouchers", "voucher_id"],
    ] as const) {
      const all = (await rowsOf(`${path}?_page=1&_limit=1000`)).rows;
      const middle = String(all[Math.floor(all.length / 2)]?.expired_at);
      const got = await rowsOf(
        `${path}?_page=1&_limit=1000&expired_at_lte=${encodeURIComponent(middle)}`,
      );
      expect(got.rows.map((r) => r[key])).toEqual(
        all.filter((r) => String(r.expired_at) <= middle).map((r) => r[key]),
      );
    }
  });

  it("a filter with a search narrows both ways", async () => {
    const all = (await rowsOf("/api/orders?_page=1&_limit=1000&q=a")).rows;
    const got = await rowsOf("/api/orders?_page=1&_limit=1000&q=a&order_status=6");
    expect(got.rows.map((o) => o.orders_id)).toEqual(
      all.filter((o) => o.order_status === 6).map((o) => o.orders_id),
    );
  });

  it("refuses values of the wrong kind, ranges on text and unsafe text, naming the parameter", async () => {
    const cases: [string, string][] = [
      ["/api/orders?order_status=paid", "order_status"],
      ["/api/orders?total_price_gte=lots", "total_price_gte"],
      ["/api/orders?created_at_gte=yesterday", "created_at_gte"],
      ["/api/orders?created_at_lte=2026-02-30", "created_at_lte"],
      ["/api/orders?username_gte=a", "username_gte"],
      ["/api/orders?created_at_gte=2026-01-01&created_at_gte=2026-02-01", "created_at_gte"],
      ["/api/users?username=a%00b", "username"],
      ["/api/users?DOB=2000-13-01", "DOB"],
    ];
    for (const [url, param] of cases) {
      const res = await ctx.call("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().issues[0].path, url).toBe(param);
    }
  });
});
