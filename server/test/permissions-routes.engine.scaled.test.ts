/**
 * The route walk of issue 22 (docs/decisions/permissions.md): every private
 * route declares who may call it, and for each permission a Staff member who
 * holds everything else gets 403 on every call that needs it, with nothing
 * changed; holding it, the same reads are answered. Over HTTP, on PGlite and
 * on PostgreSQL.
 */
import { grants, PERMISSIONS, type Permission } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoutePermission } from "../src/auth/permissions";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, type StaffMember } from "./staff.fixtures";
import { LONG_TIER, ON_POSTGRES } from "./tier";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface PrivateRoute {
  method: string;
  url: string;
  path: string;
  permission?: RoutePermission;
}

function privateRoutes(): PrivateRoute[] {
  return ctx.app.routeList
    .filter((r) => r.url.startsWith("/api/") && !r.public && r.method !== "HEAD")
    .map((r) => ({ ...r, path: r.url.replace(/:[A-Za-z_]+/g, "1").replace("/*", "/x") }));
}

const anyOf = (needed: RoutePermission): readonly Permission[] =>
  needed === "signed_in" ? [] : typeof needed === "string" ? [needed] : needed;

/** Everything but what would grant the route: the strongest caller who still may not. */
const allBut = (needed: readonly Permission[]) =>
  PERMISSIONS.filter((held) => !needed.some((code) => grants([held], code)));

const staffBySet = new Map<string, Promise<StaffMember>>();
function staffHolding(permissions: readonly Permission[]): Promise<StaffMember> {
  const key = [...permissions].sort().join(",");
  let staff = staffBySet.get(key);
  if (!staff) {
    staff = createStaff(ctx, permissions);
    staffBySet.set(key, staff);
  }
  return staff;
}

/** What any write would leave behind: an audit row, a changed total, a new version. */
async function fingerprint(): Promise<string> {
  const result = await ctx.db.execute<{ print: string }>(sql`
    select concat_ws('|',
      (select count(*) from audit_log),
      (select md5(coalesce(string_agg(name || '=' || value, ',' order by name), '')) from running_totals),
      (select coalesce(sum(version), 0) from users),
      (select count(*) from user_groups),
      (select count(*) from permission_groups)) as print`);
  return result.rows[0]?.print ?? "";
}

// On PGlite the walk runs in the long tier only: the guard is the server's, not
// the engine's, and `npm test` walks it on PostgreSQL (docs/decisions/test-tiers.md).
describe.skipIf(!ON_POSTGRES && !LONG_TIER)("who may call each private route", () => {
  it("every private route declares its permission", () => {
    const routes = privateRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(
      routes.filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });

  it("without the permission: 403 forbidden naming it, on every call that needs it, and nothing changes", async () => {
    const guarded = privateRoutes().filter((r) => anyOf(r.permission ?? "signed_in").length > 0);
    // Every permission of the catalogue guards some route, but `export` (a list's
    // file, below) and `audit:manage` (the audit log has no writes; it grants its view).
    const guarding = new Set(guarded.flatMap((r) => anyOf(r.permission ?? "signed_in")));
    const unguarded = PERMISSIONS.filter((p) => !guarding.has(p));
    expect(unguarded).toEqual(["audit:manage", "export"]);
    for (const route of guarded) await staffHolding(allBut(anyOf(route.permission ?? "signed_in")));
    const before = await fingerprint();
    for (const route of guarded) {
      const needed = anyOf(route.permission ?? "signed_in");
      const staff = await staffHolding(allBut(needed));
      const res = await staff.call(
        route.method,
        route.path,
        route.method === "GET" || route.method === "DELETE" ? undefined : {},
      );
      const where = `${route.method} ${route.url}`;
      expect(res.statusCode, `${where}: ${res.body}`).toBe(403);
      expect(res.json(), where).toMatchObject({ status: 403, code: "forbidden" });
      expect(needed, where).toContain(res.json().permission);
    }
    expect(await fingerprint()).toBe(before);
  });

  it("holding only the permission, every read it guards is answered", async () => {
    const reads = privateRoutes().filter(
      (r) => r.method === "GET" && !r.url.startsWith("/api/docs"),
    );
    for (const route of reads) {
      const needed = anyOf(route.permission ?? "signed_in");
      const staff = await staffHolding(needed.slice(0, 1));
      const res = await staff.call("GET", route.path);
      expect(res.statusCode, `GET ${route.url}: ${res.body}`).not.toBe(403);
      expect(res.statusCode, `GET ${route.url}`).toBeLessThan(500);
    }
  });

  it("a list as a CSV or Excel file needs `export` as well", async () => {
    const viewer = await staffHolding(["orders:view"]);
    const exporter = await staffHolding(["orders:view", "export"]);
    for (const format of ["csv", "xlsx"]) {
      const refused = await viewer.call("GET", `/api/orders?_format=${format}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "forbidden", permission: "export" });
      expect((await exporter.call("GET", `/api/orders?_format=${format}`)).statusCode).toBe(200);
    }
    // The JSON page needs no `export`.
    expect((await viewer.call("GET", "/api/orders")).statusCode).toBe(200);
  });

  it("a Staff member with no group signs in and may call only what every signed-in person may", async () => {
    const nobody = await staffHolding([]);
    const me = await nobody.call("GET", "/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: "Staff", permissions: [] });
    expect((await nobody.call("GET", "/api/products")).statusCode).toBe(403);
    const admin = await ctx.call("GET", "/api/me");
    expect(admin.json().permissions).toEqual([...PERMISSIONS]);
  });
});
