import { PERMISSIONS } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { unique } from "./people.fixtures";
import { createStaff } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const createGroup = async (body: object) => ctx.call("POST", "/api/permissionGroups", body);

describe("GET /api/permissions", () => {
  it("answers the fixed catalogue, each code with its label", async () => {
    const res = await ctx.call("GET", "/api/permissions");
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { code: string }) => p.code)).toEqual([...PERMISSIONS]);
    expect(res.json()).toContainEqual({ code: "secrets:manage", label: "Manage secret keys" });
    expect(res.json()).toContainEqual({
      code: "catalog:view",
      label: "View: Catalog (products, variants, categories, brands)",
    });
  });
});

describe("permission groups", () => {
  it("creates a group with its permissions once each, in the catalogue's order", async () => {
    const name = unique("Catalog");
    const res = await createGroup({
      name: `  ${name} `,
      permissions: ["export", "catalog:manage", "export", "catalog:view"],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name,
      permissions: ["catalog:view", "catalog:manage", "export"],
      version: 1,
    });
    const read = await ctx.call("GET", `/api/permissionGroups/${res.json().group_id}`);
    expect(read.json().permissions).toEqual(["catalog:view", "catalog:manage", "export"]);
  });

  it("refuses a permission outside the catalogue and an empty name, writing nothing", async () => {
    const before = Number(
      (await ctx.call("GET", "/api/permissionGroups")).headers["x-total-count"],
    );
    const unknown = await createGroup({ name: unique("g"), permissions: ["orders:delete"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe("permissions.0");
    const empty = await createGroup({ name: " ", permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ path: "name", code: "required" });
    const after = Number((await ctx.call("GET", "/api/permissionGroups")).headers["x-total-count"]);
    expect(after).toBe(before);
  });

  it("keeps names unique whatever their case (409), on create and on rename", async () => {
    const name = unique("Finance");
    expect((await createGroup({ name, permissions: [] })).statusCode).toBe(201);
    const again = await createGroup({ name: name.toUpperCase(), permissions: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "group_exists",
      params: { name: name.toUpperCase() },
    });
    const other = (await createGroup({ name: unique("Other"), permissions: [] })).json();
    const rename = await ctx.call("PUT", `/api/permissionGroups/${other.group_id}`, {
      name,
      permissions: [],
    });
    expect(rename.statusCode).toBe(409);
  });

  it("is a list like every other: paging, search, sort, CSV, and an audit row per write", async () => {
    const name = unique("Searchable");
    const created = (await createGroup({ name, permissions: ["audit:view"] })).json();
    const page = await ctx.call("GET", `/api/permissionGroups?q=${name}&_sort=name&_order=asc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("1");
    expect(page.json()[0].group_id).toBe(created.group_id);
    const csv = await ctx.call("GET", `/api/permissionGroups?q=${name}&_format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(name);
    const audit = await ctx.call("GET", `/api/auditLog?entity=Permission%20group&q=${name}`);
    expect(audit.json()[0]).toMatchObject({ action: "create", label: name });
  });

  it("keeps a group still held by someone (409 with how many); a change to it holds at the next call", async () => {
    const staff = await createStaff(ctx, ["content:manage"]);
    const me = (await staff.call("GET", "/api/me")).json();
    const [groupName] = me.group_names;
    const list = await ctx.call("GET", `/api/permissionGroups?q=${groupName}`);
    const group = list.json()[0];
    const refused = await ctx.call("DELETE", `/api/permissionGroups/${group.group_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "group_in_use", params: { count: 1 } });
    expect((await staff.call("GET", "/api/banner")).statusCode).toBe(200);
    // Emptied, the group grants nothing at the member's next call, without a new login.
    const emptied = await ctx.call("PUT", `/api/permissionGroups/${group.group_id}`, {
      name: group.name,
      permissions: [],
    });
    expect(emptied.statusCode).toBe(200);
    expect((await staff.call("GET", "/api/banner")).statusCode).toBe(403);
  });
});
