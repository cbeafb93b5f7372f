/**
 * What a stolen session must not do without a fresh proof (docs/SECURITY.md,
 * docs/decisions/money-controls-step-up.md): widen a permission group (and
 * nobody widens a group they hold), loosen a money control, reactivate an
 * Admin or Staff account, or change a back-office login e-mail. Each is
 * refused 403 `step_up_required` with nothing written, and saved after
 * POST /api/stepUp; tightening needs no proof. And a permission group answers
 * a new version at every change, so a stale save is refused (412).
 */
import type { Permission } from "@store/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../src/db/schema";
import { createTestContext, login, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";
import { createStaff, STAFF_PASSWORD, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** inject() with a cookie and, when given, an If-Match. */
function callWith(
  cookie: string,
  method: string,
  url: string,
  payload?: unknown,
  ifMatch?: string,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers: { cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A new session of the first admin with no fresh proof: what a stolen cookie carries. */
const stolenSession = () => login(ctx.app);

function expectStepUpRefusal(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: "step_up_required" });
}

async function newGroup(permissions: Permission[]) {
  const res = await ctx.call("POST", "/api/permissionGroups", {
    name: unique("group"),
    permissions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { group_id: number; name: string; permissions: Permission[] };
}

describe("widening a permission group", () => {
  it("needs a fresh proof to add permissions; nothing is written without it", async () => {
    const group = await newGroup(["content:view"]);
    const cookie = await stolenSession();
    const widened = ["content:view", "payouts:manage", "staff:manage", "secrets:manage"];
    const refused = await callWith(cookie, "PUT", `/api/permissionGroups/${group.group_id}`, {
      name: group.name,
      permissions: widened,
    });
    expectStepUpRefusal(refused);
    const kept = await ctx.call("GET", `/api/permissionGroups/${group.group_id}`);
    expect(kept.json()).toMatchObject({ permissions: ["content:view"], version: 1 });

    await stepUp(ctx, cookie);
    const saved = await callWith(cookie, "PUT", `/api/permissionGroups/${group.group_id}`, {
      name: group.name,
      permissions: widened,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // In the catalogue's order.
    expect(saved.json().permissions).toEqual([
      "payouts:manage",
      "content:view",
      "staff:manage",
      "secrets:manage",
    ]);
  });

  it("needs no proof to remove permissions or rename", async () => {
    const group = await newGroup(["content:view", "orders:manage"]);
    const cookie = await stolenSession();
    const narrowed = await callWith(cookie, "PUT", `/api/permissionGroups/${group.group_id}`, {
      name: `${group.name} narrowed`,
      permissions: ["content:view"],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json()).toMatchObject({ permissions: ["content:view"] });
  });

  it("refuses a Staff member widening a group they hold, even with a fresh proof (403 own_group_widening)", async () => {
    const manager = await createStaff(ctx, ["staff:manage", "members:manage"]);
    const me = (await manager.call("GET", "/api/me")).json();
    const [held] = (
      await ctx.call("GET", `/api/permissionGroups?q=${encodeURIComponent(me.group_names[0])}`)
    ).json() as { group_id: number; name: string; permissions: Permission[] }[];
    if (!held) throw new Error("the manager's group is not listed");
    await manager.stepUp();
    const refused = await manager.call("PUT", `/api/permissionGroups/${held.group_id}`, {
      name: held.name,
      permissions: [...held.permissions, "payouts:manage"],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "own_group_widening",
      message:
        "You cannot add permissions to a group you hold: ask another person who manages staff.",
    });
    expect((await manager.call("GET", "/api/withdrawRequest")).statusCode).toBe(403);
    const kept = await ctx.call("GET", `/api/permissionGroups/${held.group_id}`);
    expect(kept.json().permissions).toEqual(held.permissions);

    // A group they do not hold, after the proof: theirs to widen.
    const other = await newGroup(["content:view"]);
    const widened = await manager.call("PUT", `/api/permissionGroups/${other.group_id}`, {
      name: other.name,
      permissions: ["content:view", "catalog:view"],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    // Nor do they join a group themself (own_access_change), proof or not.
    const joined = await manager.call("PUT", `/api/users/${manager.user_id}`, {
      groups: [held.group_id, other.group_id],
    });
    expect(joined.statusCode, joined.body).toBe(409);
    expect(joined.json().code).toBe("own_access_change");
  });

  it("needs a fresh proof to add a member to a group (a widening for that member)", async () => {
    const clerk = await createStaff(ctx, ["content:view"]);
    const group = await newGroup(["payouts:manage"]);
    const cookie = await stolenSession();
    const current = (await ctx.call("GET", `/api/users/${clerk.user_id}`)).json();
    const refused = await callWith(cookie, "PUT", `/api/users/${clerk.user_id}`, {
      groups: [...current.groups, group.group_id],
    });
    expectStepUpRefusal(refused);
    expect((await ctx.call("GET", `/api/users/${clerk.user_id}`)).json().groups).toEqual(
      current.groups,
    );
  });
});

describe("a permission group's version", () => {
  it("answers ETag 1, a new version on a save, and 412 for a save from the old one", async () => {
    const group = await newGroup(["content:view", "orders:view"]);
    const read = await ctx.call("GET", `/api/permissionGroups/${group.group_id}`);
    expect(read.headers.etag).toBe('"1"');
    const cookie = ctx.cookie;
    const revoked = await callWith(
      cookie,
      "PUT",
      `/api/permissionGroups/${group.group_id}`,
      { name: group.name, permissions: ["content:view"] },
      '"1"',
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().version).toBe(2);
    expect(revoked.headers.etag).toBe('"2"');
    // A second admin's form, opened at version 1, saved as it was shown.
    await stepUp(ctx);
    const stale = await callWith(
      cookie,
      "PUT",
      `/api/permissionGroups/${group.group_id}`,
      { name: group.name, permissions: ["orders:view", "content:view"] },
      '"1"',
    );
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      code: "stale_version",
      version: 2,
      changes: [
        { field: "permissions", was: ["orders:view", "content:view"], now: ["content:view"] },
      ],
    });
    const kept = await ctx.call("GET", `/api/permissionGroups/${group.group_id}`);
    expect(kept.json()).toMatchObject({ permissions: ["content:view"], version: 2 });
  });
});

describe("loosening a money control (General settings)", () => {
  const put = async (cookie: string, changes: Record<string, unknown>) => {
    const stored = (await ctx.call("GET", "/api/settings/1")).json();
    return callWith(cookie, "PUT", "/api/settings/1", { ...stored, ...changes });
  };
  const stored = async () => (await ctx.call("GET", "/api/settings/1")).json();

  it("the second-approval amount: raising it or switching it off needs a proof; lowering or switching it on does not", async () => {
    await ctx.db
      .update(settings)
      .set({ payout_second_approval_above: null })
      .where(eq(settings.setting_id, 1));
    const cookie = await stolenSession();
    // Switching it on and lowering it tighten.
    expect((await put(cookie, { payout_second_approval_above: "500.00" })).statusCode).toBe(200);
    expect((await put(cookie, { payout_second_approval_above: "400.00" })).statusCode).toBe(200);
    const version = (await stored()).version;
    expectStepUpRefusal(await put(cookie, { payout_second_approval_above: "400.01" }));
    expectStepUpRefusal(await put(cookie, { payout_second_approval_above: "" }));
    expect(await stored()).toMatchObject({ payout_second_approval_above: "400.00", version });
    await stepUp(ctx, cookie);
    const raised = await put(cookie, { payout_second_approval_above: "10000.00" });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().payout_second_approval_above).toBe("10000.00");
    const off = await put(cookie, { payout_second_approval_above: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payout_second_approval_above).toBeNull();
  });

  it("the commission switch and base: on, or paid on the whole total, needs a proof; off or goods does not", async () => {
    await ctx.db
      .update(settings)
      .set({ commission_status: 0, commission_base: "goods" })
      .where(eq(settings.setting_id, 1));
    const cookie = await stolenSession();
    expectStepUpRefusal(await put(cookie, { commission_status: 1 }));
    expectStepUpRefusal(await put(cookie, { commission_base: "total" }));
    expect(await stored()).toMatchObject({ commission_status: 0, commission_base: "goods" });
    await stepUp(ctx, cookie);
    const on = await put(cookie, { commission_status: 1, commission_base: "total" });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ commission_status: 1, commission_base: "total" });
    // Tightening again, from a session without a proof.
    const other = await stolenSession();
    const off = await put(other, { commission_status: 0, commission_base: "goods" });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ commission_status: 0, commission_base: "goods" });
  });

  it("the two-step rule: switching it off needs a proof; on does not", async () => {
    // A settings manager the rule does not bind (no payouts:manage), so they still reach the call.
    // (The rule binds the first admin, who has no two-step login: the manager reads too.)
    const manager = await createStaff(ctx, ["settings:manage"]);
    const read = async () => (await manager.call("GET", "/api/settings/1")).json();
    const on = await manager.call("PUT", "/api/settings/1", {
      ...(await read()),
      totp_required: 1,
    });
    expect(on.statusCode, on.body).toBe(200);
    expectStepUpRefusal(
      await manager.call("PUT", "/api/settings/1", { ...(await read()), totp_required: 0 }),
    );
    expect((await read()).totp_required).toBe(1);
    await manager.stepUp();
    const off = await manager.call("PUT", "/api/settings/1", {
      ...(await read()),
      totp_required: 0,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().totp_required).toBe(0);
  });
});

describe("reactivating an Admin or Staff account", () => {
  async function deactivatedAccount(role: "Admin" | "Staff" | "Member") {
    await stepUp(ctx);
    const created = await ctx.call("POST", "/api/users", userForm({ role }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().user_id as number;
    // Deactivating tightens: no proof asked.
    const cookie = await stolenSession();
    const off = await callWith(cookie, "PUT", `/api/users/${id}`, { user_status: 0 });
    expect(off.statusCode, off.body).toBe(200);
    return { id, cookie };
  }
  const statusOf = async (id: number) =>
    (await ctx.call("GET", `/api/users/${id}`)).json().user_status;

  it("needs a fresh proof on Edit User; nothing is written without it", async () => {
    for (const role of ["Admin", "Staff"] as const) {
      const { id, cookie } = await deactivatedAccount(role);
      expectStepUpRefusal(await callWith(cookie, "PUT", `/api/users/${id}`, { user_status: 1 }));
      expect(await statusOf(id)).toBe(0);
      await stepUp(ctx, cookie);
      const on = await callWith(cookie, "PUT", `/api/users/${id}`, { user_status: 1 });
      expect(on.statusCode, on.body).toBe(200);
      expect(await statusOf(id)).toBe(1);
    }
  });

  it("needs a fresh proof in the bulk Activate, per account; a Member needs none", async () => {
    const staff = await deactivatedAccount("Staff");
    const member = await deactivatedAccount("Member");
    const cookie = staff.cookie;
    const bulk = await callWith(cookie, "POST", "/api/users/bulk", {
      action: "activate",
      ids: [staff.id, member.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results).toEqual([
      expect.objectContaining({ id: staff.id, ok: false, status: 403, code: "step_up_required" }),
      expect.objectContaining({ id: member.id, ok: true }),
    ]);
    expect(await statusOf(staff.id)).toBe(0);
    await stepUp(ctx, cookie);
    const again = await callWith(cookie, "POST", "/api/users/bulk", {
      action: "activate",
      ids: [staff.id],
    });
    expect(again.json().results).toEqual([expect.objectContaining({ id: staff.id, ok: true })]);
    expect(await statusOf(staff.id)).toBe(1);
  });
});

describe("changing a back-office login e-mail", () => {
  it("one's own needs the current password (the profile)", async () => {
    const staff = await createStaff(ctx, ["content:view"]);
    const email = `${unique("moved")}@example.my`;
    const bare = await staff.call("PUT", `/api/users/${staff.user_id}`, {
      email,
      contact: "0123456789",
    });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json()).toMatchObject({
      code: "email_change_needs_password",
      issues: [expect.objectContaining({ path: "currentPassword" })],
    });
    const wrong = await staff.call("PUT", `/api/users/${staff.user_id}`, {
      email,
      currentPassword: "Not-the-password-1",
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().code).toBe("current_password_wrong");
    expect((await ctx.call("GET", `/api/users/${staff.user_id}`)).json().email).toBe(staff.email);
    // The same e-mail sent back (the profile sends every field) needs nothing.
    const same = await staff.call("PUT", `/api/users/${staff.user_id}`, {
      email: staff.email.toUpperCase(),
      contact: "0198765432",
    });
    expect(same.statusCode, same.body).toBe(200);

    const saved = await staff.call("PUT", `/api/users/${staff.user_id}`, {
      email,
      currentPassword: STAFF_PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().email).toBe(email);
  });

  it("another's (Admin or Staff) needs a fresh proof; a Member's does not", async () => {
    const staff = await createStaff(ctx, ["content:view"]);
    const cookie = await stolenSession();
    const email = `${unique("thief")}@example.my`;
    expectStepUpRefusal(await callWith(cookie, "PUT", `/api/users/${staff.user_id}`, { email }));
    expect((await ctx.call("GET", `/api/users/${staff.user_id}`)).json().email).toBe(staff.email);
    // The thief's address cannot sign in with the account's password either.
    const thief = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: STAFF_PASSWORD },
    });
    expect(thief.statusCode).toBe(401);

    await stepUp(ctx);
    const member = await ctx.call("POST", "/api/users", userForm());
    const memberEmail = `${unique("member")}@example.my`;
    const plain = await callWith(cookie, "PUT", `/api/users/${member.json().user_id}`, {
      email: memberEmail,
    });
    expect(plain.statusCode, plain.body).toBe(200);

    await stepUp(ctx, cookie);
    const saved = await callWith(cookie, "PUT", `/api/users/${staff.user_id}`, { email });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().email).toBe(email);
  });
});
