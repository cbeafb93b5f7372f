import { Column, is, SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivedProblems, type TriggerSql } from "../src/db/derived";
import { applyDerivedTriggers, derivedFunctions, derivedTriggers } from "../src/derivedObjects";
import { definedLists, plannerHints, searchCache } from "../src/lib/lists";
import { ownTable } from "../src/lib/lists/triggers";
import { createTestContext, type TestContext } from "./helpers";

// The database holds exactly the triggers the declarations derive, and the
// hand-written ones by name (src/db/derived.ts): without a list's running-total
// trigger a page shows rows with X-Total-Count 0, without a write counter a
// paged search keeps answering what it counted before a write, without a
// version trigger a stale save is not refused.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const problems = () => derivedProblems(ctx.db, derivedTriggers(), derivedFunctions());
const declared = (name: string): TriggerSql => {
  const trigger = derivedTriggers().find((t) => t.name === name);
  if (!trigger) throw new Error(`${name} is not declared`);
  return trigger;
};
const create = (trigger: TriggerSql) => ctx.db.execute(sql.raw(trigger.sql));

describe("derived triggers", () => {
  it("the database holds every declared trigger and no other", async () => {
    // Every list the API answers (18 at the time of writing) is walked.
    expect(definedLists().length).toBeGreaterThanOrEqual(18);
    const names = derivedTriggers().map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "products_totals_insert",
        "products_writes",
        "orders_totals_update",
        "brands_uploads_unnamed",
        "orders_version",
      ]),
    );
    // A simple list keeps no total and no write counter (docs/decisions/list-scale.md).
    expect(names.filter((name) => /^(brands|banners)_(totals|writes)/.test(name))).toEqual([]);
    expect(await problems()).toEqual([]);
  });

  it("every table with a version column has its version trigger, roles too", async () => {
    const versioned = await ctx.db.execute<{ table: string }>(
      sql`select table_name as "table" from information_schema.columns
        where table_schema = current_schema() and column_name = 'version' order by 1`,
    );
    const declaredVersions = derivedTriggers()
      .filter((t) => t.name.endsWith("_version"))
      .map((t) => t.table)
      .sort();
    expect(declaredVersions).toEqual(versioned.rows.map((row) => row.table));
    expect(declaredVersions).toContain("permission_groups");
    // What it prevents: a save from version 1 after another save is refused.
    const group = await ctx.call("POST", "/api/permissionGroups", {
      name: "Derived check",
      permissions: ["orders:view"],
    });
    expect(group.statusCode).toBe(201);
    const id = group.json().group_id as number;
    const put = (etag: string, permissions: string[]) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/permissionGroups/${id}`,
        headers: { cookie: ctx.cookie, "if-match": etag },
        payload: { name: "Derived check", permissions },
      });
    const first = await put('"1"', []);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    expect((await put('"1"', ["orders:view"])).statusCode).toBe(412);
  });

  it("names a dropped, changed or undeclared trigger", async () => {
    const writes = declared("products_writes");
    const orders = declared("orders_totals_insert");
    await ctx.db.execute(sql`drop trigger products_writes on products`);
    // orders' insert trigger as migration 0005 wrote it: no total per status.
    await ctx.db.execute(sql`drop trigger orders_totals_insert on orders`);
    await ctx.db.execute(
      sql.raw(`CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION keep_running_totals('(''orders'', c.sign)')`),
    );
    await ctx.db.execute(
      sql`create trigger brands_second_version before update on brands for each row execute function bump_version('version')`,
    );
    try {
      expect(await problems()).toEqual([
        "orders: orders_totals_insert differs from its declaration",
        "products: products_writes is missing",
        "brands: brands_second_version is not declared",
      ]);
    } finally {
      await create(writes);
      await ctx.db.execute(sql`drop trigger orders_totals_insert on orders`);
      await create(orders);
      await ctx.db.execute(sql`drop trigger brands_second_version on brands`);
    }
    expect(await problems()).toEqual([]);
  });

  it("a start puts back what is missing, drops what is not declared and counts the totals again", async () => {
    // The audit log keeps its total (a large list); a new brand adds a row to it.
    const count = async () =>
      (await ctx.call("GET", "/api/auditLog?_page=1&_limit=10")).headers["x-total-count"];
    const before = Number(await count());
    await ctx.db.execute(sql`drop trigger audit_log_totals_insert on audit_log`);
    await ctx.db.execute(
      sql`create trigger brands_second_version before update on brands for each row execute function bump_version('version')`,
    );
    const created = await ctx.call("POST", "/api/brands", {
      brand_name: "Uncounted",
      brand_status: 1,
    });
    expect(created.statusCode).toBe(201);
    // What the check prevents: a new audit row listed, but not counted.
    expect(await count()).toBe(String(before));
    expect(await applyDerivedTriggers(ctx.db)).toEqual([
      "audit_log.audit_log_totals_insert",
      "brands.brands_second_version (dropped)",
    ]);
    expect(await count()).toBe(String(before + 1));
    expect(await problems()).toEqual([]);
    // Nothing left to do: the next start changes nothing.
    expect(await applyDerivedTriggers(ctx.db)).toEqual([]);
  });
});

describe("derived functions", () => {
  it("the audit log's labels come from their declaration; a changed function is named and put back", async () => {
    await ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_label("entity" text, "entity_id" text, "before" jsonb, "after" jsonb)
        RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT NULL::text $$`),
    );
    expect(await problems()).toEqual(["function audit_label differs from its declaration"]);
    const unlabelled = await ctx.call("POST", "/api/brands", {
      brand_name: "Label Lost",
      brand_status: 1,
    });
    expect(unlabelled.statusCode).toBe(201);
    const labelOf = async (name: string) => {
      const rows = await ctx.db.execute<{ label: string | null }>(
        sql`select label from audit_log where entity = 'Brand' and after->>'brand_name' = ${name}`,
      );
      return rows.rows[0]?.label;
    };
    // What it prevents: an audit row the log cannot name or find by its name.
    expect(await labelOf("Label Lost")).toBeNull();
    expect(await applyDerivedTriggers(ctx.db)).toEqual(["function audit_label"]);
    expect(await problems()).toEqual([]);
    const labelled = await ctx.call("POST", "/api/brands", {
      brand_name: "Label Kept",
      brand_status: 1,
    });
    expect(labelled.statusCode).toBe(201);
    expect(await labelOf("Label Kept")).toBe("Label Kept");
  });
});

describe("the search cache and its switch", () => {
  // Withdrawal requests: a large list, searched with a cache (a simple list has none).
  const search = async (q: string) => {
    const page = await ctx.call("GET", `/api/withdrawRequest?_page=1&_limit=10&q=${q}`);
    return { rows: page.json().length as number, total: page.headers["x-total-count"] };
  };
  const addRequest = (bank: string) =>
    ctx.db.execute(sql`insert into withdraw_requests (user_id, payee_username, bank_acc, bank_name, withdraw_amt)
      select user_id, username, '1234', ${bank}, 10.00 from users order by user_id limit 1`);

  it("without the write counter a paged search keeps its old count; switched off, it counts again", async () => {
    const writes = declared("withdraw_requests_writes");
    await addRequest("Quokka One");
    expect(await search("quokka")).toEqual({ rows: 1, total: "1" });
    await ctx.db.execute(sql`drop trigger withdraw_requests_writes on withdraw_requests`);
    try {
      await addRequest("Quokka Two");
      // Remembered with versions that did not move: the new request is not found.
      expect(await search("quokka")).toEqual({ rows: 1, total: "1" });
      searchCache.enabled = false;
      expect(await search("quokka")).toEqual({ rows: 2, total: "2" });
    } finally {
      searchCache.enabled = true;
      await create(writes);
    }
    // With the counter back, a write is seen at once.
    await addRequest("Quokka Three");
    expect(await search("quokka")).toEqual({ rows: 3, total: "3" });
  });

  it("answers the same with the planner hints switched off", async () => {
    searchCache.enabled = false;
    try {
      const hinted = await ctx.call(
        "GET",
        "/api/withdrawRequest?_page=1&_limit=10&q=quokka&_sort=bank_name",
      );
      plannerHints.enabled = false;
      const plain = await ctx.call(
        "GET",
        "/api/withdrawRequest?_page=1&_limit=10&q=quokka&_sort=bank_name",
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
        return plain && field?.by === key ? [`${ownTable(spec)}.${name}`] : [];
      }),
    );
    expect(redundant).toEqual([]);
  });
});
