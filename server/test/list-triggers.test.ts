import { Column, is, SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { definedLists, plannerHints, searchCache } from "../src/lib/lists";
import { listTriggers, type TriggerSql } from "../src/lib/lists/triggers";
import { createTestContext, type TestContext } from "./helpers";

// Every list's tables carry the triggers its spec declares
// (src/lib/lists/triggers.ts; docs/ARCHITECTURE.md, "How to add a list and
// form"): without its running-total triggers a page shows rows with
// X-Total-Count 0, without a write counter a paged search keeps answering
// what it counted before a write.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A trigger definition as pg_get_triggerdef and triggers.ts both write it, compared without quotes or schema. */
const normal = (definition: string) =>
  definition.replaceAll('"', "").replaceAll("public.", "").replace(/\s+/g, " ").trim();

/** What the database lacks or holds differently of the declared triggers, one line each. */
async function triggerProblems(db: Db, wanted: readonly TriggerSql[]): Promise<string[]> {
  const found = await db.execute<{ table: string; name: string; definition: string }>(
    sql`select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
  );
  const byName = new Map(found.rows.map((row) => [`${row.table}.${row.name}`, row.definition]));
  return wanted.flatMap((trigger) => {
    const definition = byName.get(`${trigger.table}.${trigger.name}`);
    if (definition === undefined) return [`${trigger.table}: ${trigger.name} is missing`];
    return normal(definition) === normal(trigger.sql)
      ? []
      : [`${trigger.table}: ${trigger.name} differs from its declaration`];
  });
}

const brandsWanted = () => listTriggers(definedLists()).filter((t) => t.table === "brands");

async function create(trigger: TriggerSql) {
  await ctx.db.execute(sql.raw(trigger.sql));
}

describe("list triggers", () => {
  it("every list's tables have the triggers its spec declares", async () => {
    const lists = definedLists();
    // Every list the API answers (18 at the time of writing) is walked.
    expect(lists.length).toBeGreaterThanOrEqual(18);
    const wanted = listTriggers(lists);
    expect(wanted.map((t) => t.name)).toEqual(
      expect.arrayContaining(["brands_totals_insert", "brands_writes", "orders_totals_update"]),
    );
    expect(await triggerProblems(ctx.db, wanted)).toEqual([]);
  });

  it("fails when a list's running-total trigger is dropped, as a caller would see", async () => {
    const insert = brandsWanted().find((t) => t.name === "brands_totals_insert");
    if (!insert) throw new Error("brands declares no insert trigger");
    await ctx.db.execute(sql`drop trigger brands_totals_insert on brands`);
    try {
      expect(await triggerProblems(ctx.db, listTriggers(definedLists()))).toEqual([
        "brands: brands_totals_insert is missing",
      ]);
      // What the check prevents: a new brand listed, but not counted.
      const before = await ctx.call("GET", "/api/brands?_page=1&_limit=50");
      const created = await ctx.call("POST", "/api/brands", {
        brand_name: "Uncounted",
        brand_status: 1,
      });
      expect(created.statusCode).toBe(201);
      const after = await ctx.call("GET", "/api/brands?_page=1&_limit=50");
      expect(after.json()).toHaveLength(before.json().length + 1);
      expect(after.headers["x-total-count"]).toBe(before.headers["x-total-count"]);
    } finally {
      await create(insert);
    }
    expect(await triggerProblems(ctx.db, listTriggers(definedLists()))).toEqual([]);
  });

  it("fails when a write counter is dropped or a trigger differs from its declaration", async () => {
    const writes = brandsWanted().find((t) => t.name === "brands_writes");
    const orders = listTriggers(definedLists()).find((t) => t.name === "orders_totals_insert");
    if (!writes || !orders) throw new Error("a declared trigger is not written");
    await ctx.db.execute(sql`drop trigger brands_writes on brands`);
    // orders' insert trigger as migration 0005 wrote it: no total per status.
    await ctx.db.execute(sql`drop trigger orders_totals_insert on orders`);
    await ctx.db.execute(
      sql.raw(`CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION keep_running_totals('(''orders'', c.sign)')`),
    );
    try {
      expect(await triggerProblems(ctx.db, listTriggers(definedLists()))).toEqual([
        "brands: brands_writes is missing",
        "orders: orders_totals_insert differs from its declaration",
      ]);
    } finally {
      await create(writes);
      await ctx.db.execute(sql`drop trigger orders_totals_insert on orders`);
      await create(orders);
    }
    expect(await triggerProblems(ctx.db, listTriggers(definedLists()))).toEqual([]);
  });
});

describe("the search cache and its switch", () => {
  const search = async (q: string) => {
    const page = await ctx.call("GET", `/api/brands?_page=1&_limit=10&q=${q}`);
    return { rows: page.json().length as number, total: page.headers["x-total-count"] };
  };
  const addBrand = (name: string) =>
    ctx.db.execute(sql`insert into brands (brand_name) values (${name})`);

  it("without the write counter a paged search keeps its old count; switched off, it counts again", async () => {
    const writes = brandsWanted().find((t) => t.name === "brands_writes");
    if (!writes) throw new Error("brands declares no write counter");
    await addBrand("Quokka One");
    expect(await search("quokka")).toEqual({ rows: 1, total: "1" });
    await ctx.db.execute(sql`drop trigger brands_writes on brands`);
    try {
      await addBrand("Quokka Two");
      // Remembered with versions that did not move: the new brand is not found.
      expect(await search("quokka")).toEqual({ rows: 1, total: "1" });
      searchCache.enabled = false;
      expect(await search("quokka")).toEqual({ rows: 2, total: "2" });
    } finally {
      searchCache.enabled = true;
      await create(writes);
    }
    // With the counter back, a write is seen at once.
    await addBrand("Quokka Three");
    expect(await search("quokka")).toEqual({ rows: 3, total: "3" });
  });

  it("answers the same with the planner hints switched off", async () => {
    searchCache.enabled = false;
    try {
      const hinted = await ctx.call(
        "GET",
        "/api/brands?_page=1&_limit=10&q=quokka&_sort=brand_name",
      );
      plannerHints.enabled = false;
      const plain = await ctx.call(
        "GET",
        "/api/brands?_page=1&_limit=10&q=quokka&_sort=brand_name",
      );
      expect(plain.json()).toEqual(hinted.json());
      expect(plain.json()).toHaveLength(3);
    } finally {
      plannerHints.enabled = true;
      searchCache.enabled = true;
    }
  });
});

describe("list specs", () => {
  it("declare no sort a field already gives", () => {
    const redundant = definedLists().flatMap((spec) =>
      Object.entries(spec.sort ?? {}).flatMap(([name, key]) => {
        const field = spec.fields?.[name];
        const plain = is(key, Column) || is(key, SQL);
        return plain && field?.by === key ? [`${spec.total}.${name}`] : [];
      }),
    );
    expect(redundant).toEqual([]);
  });
});
