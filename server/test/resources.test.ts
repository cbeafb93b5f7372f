import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resource } from "../../web/src/resources/define";
import { SERVER_ROOT } from "../src/serverRoot";
import { createTestContext, type TestContext } from "./helpers";

// The server half of docs/ARCHITECTURE.md's "How to add a list and form": every
// resource the web app declares (web/src/resources/) has its list on the server
// (a page with its X-Total-Count, read through the list's spec and its running
// total) and an audit entity the database labels and the audit log filters by.
// The web half is web/test/resources.test.tsx.

/** The web app's declarations, read as the web app reads them (a path tsc does not follow into the screens). */
async function declaredResources(): Promise<readonly Resource[]> {
  const file = path.resolve(SERVER_ROOT, "..", "web/src/resources/index.ts");
  const loaded: { resources: readonly Resource[] } = await import(file);
  return loaded.resources;
}

let ctx: TestContext;
let resources: readonly Resource[];
beforeAll(async () => {
  [ctx, resources] = await Promise.all([createTestContext(), declaredResources()]);
});
afterAll(() => ctx.close());

describe("every resource the web app declares", () => {
  it("is read (at least 15 of them, the store's screens)", () => {
    expect(resources.length).toBeGreaterThanOrEqual(15);
    expect(resources.map((r) => r.name)).toContain("brands");
  });

  it("with a list, has it on the server: a page and its total", async () => {
    const lists = resources.flatMap((r) => (r.api ? [r] : []));
    expect(lists.length).toBeGreaterThanOrEqual(12);
    for (const r of lists) {
      const res = await ctx.call("GET", `/api/${r.api}?_page=1&_limit=1`);
      expect(res.statusCode, `${r.name}: GET /api/${r.api} ${res.body.slice(0, 200)}`).toBe(200);
      expect(Array.isArray(res.json()), r.name).toBe(true);
      expect(res.headers["x-total-count"], `${r.name}: X-Total-Count`).toMatch(/^\d+$/);
    }
  });

  it("names an audit entity the database labels and the audit log filters by", async () => {
    const found = await ctx.db.execute<{ definition: string }>(
      sql`select pg_get_functiondef('audit_label(text, text, jsonb, jsonb)'::regprocedure) as definition`,
    );
    const definition = found.rows[0]?.definition ?? "";
    const entities = resources.flatMap((r) => (r.entity ? [r.entity] : []));
    expect(entities.length).toBeGreaterThanOrEqual(10);
    for (const entity of entities) {
      expect(definition, `audit_label knows ${entity}`).toContain(`WHEN '${entity}'`);
      const res = await ctx.call("GET", `/api/auditLog?entity=${encodeURIComponent(entity)}`);
      expect(res.statusCode, entity).toBe(200);
    }
  });
});
