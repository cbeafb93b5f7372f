/**
 * Staff accounts (issue 22; docs/decisions/staff-accounts.md): a person's
 * permission groups on the user record, who may change whom (staff:manage),
 * the step-up list, the last active Admin, one's own access, and the
 * three-call takeover stopped at its first step. Over HTTP, on both databases.
 */
import { and, count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, sessions, userGroups, users } from "../src/db/schema";
import { ADMIN, createTestContext, login, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";
import { createStaff, STAFF_PASSWORD, type StaffMember, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Call = (method: string, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** inject() with another session cookie. */
const as =
  (cookie: string): Call =>
  (method, url, payload) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

async function group(name: string, permissions: string[] = ["catalog:view"]): Promise<number> {
  const res = await ctx.call("POST", "/api/permissionGroups", { name: unique(name), permissions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().group_id;
}

/** How many users and audit rows there are: a refused call changes neither. */
async function written() {
  const [u] = await ctx.db.select({ n: count() }).from(users);
  const [a] = await ctx.db.select({ n: count() }).from(auditLog);
  const [g] = await ctx.db.select({ n: count() }).from(userGroups);
  return { users: u?.n, audit: a?.n, groups: g?.n };
}

async function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
}

async function makeUser(overrides: Record<string, unknown> = {}, call: Call = ctx.call) {
  const res = await call("POST", "/api/users", userForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { user_id: number; email: string; role: string; groups: number[] };
}

const activeAdmins = () =>
  ctx.db.$count(users, and(eq(users.role, "Admin"), eq(users.user_status, 1)));

describe("the last active Admin", () => {
  it("cannot be demoted, deactivated or deleted (409 last_admin), by anyone", async () => {
    expect(await activeAdmins()).toBe(1);
    const me = (await ctx.call("GET", "/api/me")).json();
    const manager = await createStaff(ctx, ["staff:manage", "members:manage"]);
    await stepUp(ctx, manager.cookie, STAFF_PASSWORD);
    const before = await written();
    await refused(
      await manager.call("PUT", `/api/users/${me.user_id}`, { role: "Staff" }),
      409,
      "last_admin",
    );
    await refused(
      await manager.call("PUT", `/api/users/${me.user_id}`, { user_status: 0 }),
      409,
      "last_admin",
    );
    await refused(await manager.call("DELETE", `/api/users/${me.user_id}`), 409, "last_admin");
    const bulk = await manager.call("POST", "/api/users/bulk", {
      action: "deactivate",
      ids: [me.user_id],
    });
    expect(bulk.json().results[0]).toMatchObject({ ok: false, status: 409, code: "last_admin" });
    expect(await written()).toEqual(before);
    expect(await activeAdmins()).toBe(1);
    // With a second Admin, the first can go: the rule is "at least one", not "this one".
    await stepUp(ctx);
    const second = await makeUser({ role: "Admin", user_status: 1 });
    const demoted = await manager.call("PUT", `/api/users/${second.user_id}`, { role: "Member" });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await activeAdmins()).toBe(1);
  });
});

describe("groups on the user record", () => {
  it("are written with the user, answered in id order, on the list, and in the audit row", async () => {
    const a = await group("Catalog");
    const b = await group("Orders", ["orders:manage"]);
    await stepUp(ctx);
    const staff = await makeUser({ role: "Staff", user_status: 1, groups: [b, a, b] });
    expect(staff.groups).toEqual([a, b].sort((x, y) => x - y));
    expect((await ctx.call("GET", `/api/users/${staff.user_id}`)).json().groups).toEqual(
      staff.groups,
    );
    const page = await ctx.call(
      "GET",
      `/api/users?q=${(staff as unknown as { username: string }).username}&_page=1&_limit=5`,
    );
    expect(page.json()[0].groups).toEqual(staff.groups);
    // Not a list field: no sort or filter by it.
    expect((await ctx.call("GET", "/api/users?_page=1&_limit=5&_sort=groups")).statusCode).toBe(
      400,
    );
    const [created] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(staff.user_id)));
    expect(created?.after).toMatchObject({ groups: staff.groups });

    const replaced = await ctx.call("PUT", `/api/users/${staff.user_id}`, { groups: [a] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().groups).toEqual([a]);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(staff.user_id)));
    const update = rows.find((r) => r.action === "update");
    expect(update?.before).toMatchObject({ groups: staff.groups });
    expect(update?.after).toMatchObject({ groups: [a] });
  });

  it("log a Staff member in with their groups' names and permissions", async () => {
    const member = await createStaff(ctx, ["orders:manage", "export"]);
    const me = (await member.call("GET", "/api/me")).json();
    expect(me.role).toBe("Staff");
    expect([...me.permissions].sort()).toEqual(["export", "orders:manage"]);
    expect(me.group_names).toHaveLength(1);
  });

  it("refuses an unknown group (400 on groups) and groups for a role other than Staff (400); nothing written", async () => {
    await stepUp(ctx);
    const before = await written();
    const unknown = await ctx.call(
      "POST",
      "/api/users",
      userForm({ role: "Staff", groups: [999_999] }),
    );
    await refused(unknown, 400, "not_listed");
    expect(unknown.json().issues[0]).toMatchObject({ path: "groups" });
    const member = await ctx.call(
      "POST",
      "/api/users",
      userForm({ role: "Member", groups: [await group("Member")] }),
    );
    await refused(member, 400, "groups_need_staff");
    expect(member.json().issues[0]).toMatchObject({ path: "groups" });
    const after = await written();
    // Only the group made above (its audit row) was written.
    expect(after.users).toBe(before.users);
    expect(after.groups).toBe(before.groups);
  });

  it("are cleared when the role leaves Staff, and keep the group from being deleted while held", async () => {
    const g = await group("Held");
    await stepUp(ctx);
    const staff = await makeUser({ role: "Staff", user_status: 1, groups: [g] });
    const held = await ctx.call("DELETE", `/api/permissionGroups/${g}`);
    await refused(held, 409, "group_in_use");
    const moved = await ctx.call("PUT", `/api/users/${staff.user_id}`, { role: "Member" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().groups).toEqual([]);
    expect(await ctx.db.$count(userGroups, eq(userGroups.user_id, staff.user_id))).toBe(0);
    expect((await ctx.call("DELETE", `/api/permissionGroups/${g}`)).statusCode).toBe(200);
  });

  it("change what a signed-in Staff member may do at once, without ending their session", async () => {
    const member = await createStaff(ctx, ["catalog:view"]);
    expect((await member.call("GET", "/api/orders?_page=1&_limit=1")).statusCode).toBe(403);
    const g = await group("Orders view", ["orders:view"]);
    await stepUp(ctx);
    const res = await ctx.call("PUT", `/api/users/${member.user_id}`, { groups: [g] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await member.call("GET", "/api/orders?_page=1&_limit=1")).statusCode).toBe(200);
    expect((await member.call("GET", "/api/brands?_page=1&_limit=1")).statusCode).toBe(403);
  });
});

describe("who may change whom", () => {
  let clerk: StaffMember;
  beforeAll(async () => {
    clerk = await createStaff(ctx, ["members:manage"]);
    await stepUp(ctx, clerk.cookie, STAFF_PASSWORD);
  });

  it("a members:manage clerk still adds and edits Members and Agents", async () => {
    const member = await makeUser({}, clerk.call);
    const res = await clerk.call("PUT", `/api/users/${member.user_id}`, {
      contact: "0199999999",
      role: "Agent",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toBe("Agent");
  });

  it("without staff:manage: no Admin or Staff account made, edited, deleted or promoted to; no groups (403, nothing written)", async () => {
    await stepUp(ctx);
    const admin = await makeUser({ role: "Admin", user_status: 1 });
    const staff = await makeUser({ role: "Staff", user_status: 1 });
    const member = await makeUser();
    const g = await group("Clerk");
    const before = await written();
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/users", userForm({ role: "Staff" })],
      ["POST", "/api/users", userForm({ role: "Admin" })],
      ["PUT", `/api/users/${admin.user_id}`, { contact: "0111111111" }],
      ["PUT", `/api/users/${staff.user_id}`, { contact: "0111111111" }],
      ["PUT", `/api/users/${member.user_id}`, { role: "Admin" }],
      ["PUT", `/api/users/${member.user_id}`, { role: "Staff", groups: [g] }],
      ["PUT", `/api/users/${clerk.user_id}`, { groups: [g] }],
      ["PUT", `/api/updateMembership/${admin.user_id}`, { membership: 2 }],
      ["DELETE", `/api/users/${staff.user_id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await clerk.call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden", permission: "staff:manage" });
    }
    const bulk = await clerk.call("POST", "/api/users/bulk", {
      action: "deactivate",
      ids: [staff.user_id],
    });
    expect(bulk.json().results[0]).toMatchObject({ status: 403, code: "forbidden" });
    expect(await written()).toEqual(before);
  });

  it("a Staff member cannot change their own role, groups or status, even with staff:manage (409)", async () => {
    const manager = await createStaff(ctx, ["staff:manage", "members:manage"]);
    await stepUp(ctx, manager.cookie, STAFF_PASSWORD);
    const g = await group("Self");
    const before = await written();
    for (const body of [{ role: "Admin" }, { groups: [g] }, { user_status: 0 }]) {
      await refused(
        await manager.call("PUT", `/api/users/${manager.user_id}`, body),
        409,
        "own_access_change",
      );
    }
    expect(await written()).toEqual(before);
    // Their own contact is theirs to change.
    const own = await manager.call("PUT", `/api/users/${manager.user_id}`, {
      contact: "0122222222",
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe("one's own record (the profile)", () => {
  it("is every Staff member's to read and to change e-mail, contact and password; another's needs members:*", async () => {
    const clerk = await createStaff(ctx, ["catalog:view"]);
    const own = `/api/users/${clerk.user_id}`;
    expect((await clerk.call("GET", own)).statusCode).toBe(200);
    const contact = await clerk.call("PUT", own, {
      contact: "0144444444",
      currentPassword: STAFF_PASSWORD,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const password = await clerk.call("PUT", own, {
      password: "Clerk#new-pass1",
      currentPassword: STAFF_PASSWORD,
    });
    expect(password.statusCode, password.body).toBe(200);
    const member = await makeUser();
    const before = await written();
    const refusals: [string, string, unknown, string][] = [
      ["GET", `/api/users/${member.user_id}`, undefined, "members:view"],
      ["PUT", `/api/users/${member.user_id}`, { contact: "0155555555" }, "members:manage"],
      ["PUT", own, { f_name: "Renamed" }, "members:manage"],
    ];
    for (const [method, url, body, permission] of refusals) {
      const res = await clerk.call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden", permission });
    }
    expect(await written()).toEqual(before);
  });
});

describe("a fresh proof (step-up)", () => {
  it("is needed to make a Staff or Admin account, change a role or groups, set another's password, delete a member", async () => {
    // A login is not a proof: a fresh session of the admin has none.
    const fresh = as(await login(ctx.app));
    const g = await group("Step");
    await stepUp(ctx);
    const member = await makeUser();
    const staff = await makeUser({ role: "Staff", user_status: 1 });
    const before = await written();
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/users", userForm({ role: "Staff", groups: [g] })],
      ["POST", "/api/users", userForm({ role: "Admin" })],
      ["PUT", `/api/users/${member.user_id}`, { role: "Agent" }],
      ["PUT", `/api/users/${staff.user_id}`, { groups: [g] }],
      ["PUT", `/api/users/${member.user_id}`, { password: "Another#Pass1" }],
      ["DELETE", `/api/users/${member.user_id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await fresh(method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      expect(res.json().code).toBe("step_up_required");
    }
    const bulk = await fresh("POST", "/api/users/bulk", {
      action: "delete",
      ids: [member.user_id],
    });
    expect(bulk.json().results).toMatchObject([{ status: 403, code: "step_up_required" }]);
    expect(await written()).toEqual(before);
    // What is not on the list needs none: a Member added, a contact changed.
    expect((await fresh("POST", "/api/users", userForm())).statusCode).toBe(201);
    expect(
      (
        await fresh("PUT", `/api/users/${member.user_id}`, {
          contact: "0133333333",
          role: "Member",
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("sessions end with access", () => {
  it("a change of role ends them (Admin to Staff), as deactivating a Staff member does", async () => {
    await stepUp(ctx);
    const password = "Second#Admin1";
    const admin = await makeUser({ role: "Admin", user_status: 1, password });
    const cookie = await login(ctx.app, { email: admin.email, password });
    const res = await ctx.call("PUT", `/api/users/${admin.user_id}`, { role: "Staff" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(cookie)("GET", "/api/me")).statusCode).toBe(401);
    expect(await ctx.db.$count(sessions, eq(sessions.user_id, admin.user_id))).toBe(0);
    // As Staff they log in again (with no groups: no permissions), then deactivation ends that.
    const again = await login(ctx.app, { email: admin.email, password });
    expect((await as(again)("GET", "/api/me")).json().permissions).toEqual([]);
    expect(
      (await ctx.call("PUT", `/api/users/${admin.user_id}`, { user_status: 0 })).statusCode,
    ).toBe(200);
    expect((await as(again)("GET", "/api/me")).statusCode).toBe(401);
  });
});

describe("the three-call takeover (issue 22)", () => {
  it("fails at its first step without a fresh proof, and works after one", async () => {
    // A stolen cookie: a session with no step-up.
    const stolen = as(await login(ctx.app, ADMIN));
    const victim = await makeUser({ role: "Member" });
    const before = await written();
    const second = userForm({ role: "Admin", user_status: 1 });
    await refused(await stolen("POST", "/api/users", second), 403, "step_up_required");
    expect(await ctx.db.$count(users, eq(users.email, second.email))).toBe(0);
    await refused(
      await stolen("PUT", `/api/users/${victim.user_id}`, { password: "Taken#Over1" }),
      403,
      "step_up_required",
    );
    expect(await written()).toEqual(before);
    // The owner, who knows the password, gives the proof: both go through.
    const proof = await stolen("POST", "/api/stepUp", { password: ADMIN.password });
    expect(proof.statusCode).toBe(200);
    expect((await stolen("POST", "/api/users", second)).statusCode).toBe(201);
    expect(
      (await stolen("PUT", `/api/users/${victim.user_id}`, { password: "Taken#Over1" })).statusCode,
    ).toBe(200);
  });
});
