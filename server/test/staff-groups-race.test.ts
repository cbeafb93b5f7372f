/**
 * Two admins saving one permission group at once, on a real PostgreSQL server
 * (TEST_DATABASE_URL; PGlite has one connection, so nothing races there): each
 * read the group at version 1, one revokes a permission, the other saves the
 * form as they were shown it. The second save is refused (412) and the revoked
 * permission stays revoked (migration 0030's version trigger;
 * docs/decisions/record-versions.md).
 */
import type { Permission } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, login, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";
import { createStaff, stepUp } from "./staff.fixtures";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a permission group saved by two admins at once",
  () => {
    let ctx: TestContext;
    let one: string;
    let two: string;
    beforeAll(async () => {
      ctx = await createTestContext();
      // A second Admin, signed in with a fresh proof (a stale save that restores a
      // permission is a widening: the proof rules that refusal out).
      await stepUp(ctx);
      const form = userForm({ role: "Admin" });
      const created = await ctx.call("POST", "/api/users", form);
      expect(created.statusCode, created.body).toBe(201);
      one = await login(ctx.app, ADMIN);
      await stepUp(ctx, one);
      two = await login(ctx.app, { email: form.email, password: form.password });
      await stepUp(ctx, two, form.password);
    });
    afterAll(() => ctx?.close());

    const put = (cookie: string, id: number, body: object, version: string) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/permissionGroups/${id}`,
        headers: { cookie, "if-match": version },
        payload: body,
      });

    it("refuses the stale save (412), so a revoked permission stays revoked", async () => {
      // A clerk holds the group: the revocation takes payouts away from them.
      const clerk = await createStaff(ctx, ["payouts:manage"]);
      const me = (await clerk.call("GET", "/api/me")).json();
      const [group] = (
        await ctx.call("GET", `/api/permissionGroups?q=${encodeURIComponent(me.group_names[0])}`)
      ).json() as { group_id: number; name: string; permissions: Permission[] }[];
      if (!group) throw new Error("the clerk's group is not listed");

      for (let round = 0; round < 5; round++) {
        // Both forms opened at the same version.
        const shown = await ctx.call("GET", `/api/permissionGroups/${group.group_id}`);
        const tag = shown.headers.etag as string;
        const { name, permissions } = shown.json() as { name: string; permissions: Permission[] };
        expect(permissions).toContain("payouts:manage");
        const [revoke, stale] = await Promise.all([
          put(
            one,
            group.group_id,
            { name, permissions: permissions.filter((p) => p !== "payouts:manage") },
            tag,
          ),
          // The other admin renames the group from the form they opened before.
          put(two, group.group_id, { name: unique("renamed"), permissions }, tag),
        ]);
        const statuses = [revoke.statusCode, stale.statusCode].sort();
        expect(statuses, `${revoke.body} ${stale.body}`).toEqual([200, 412]);
        const after = (await ctx.call("GET", `/api/permissionGroups/${group.group_id}`)).json();
        expect(after.version).toBe(Number(JSON.parse(tag)) + 1);
        if (revoke.statusCode === 200) {
          // The revocation won: the stale form could not write payouts back.
          expect(after.permissions).not.toContain("payouts:manage");
          expect((await clerk.call("GET", "/api/withdrawRequest")).statusCode).toBe(403);
          expect(stale.json()).toMatchObject({ code: "stale_version", version: after.version });
          // Sequential too: the stale form saved after the revocation is refused.
          const late = await put(two, group.group_id, { name, permissions }, tag);
          expect(late.statusCode, late.body).toBe(412);
          expect(
            (await ctx.call("GET", `/api/permissionGroups/${group.group_id}`)).json().permissions,
          ).not.toContain("payouts:manage");
          return;
        }
        // The rename came first: the revocation, made from the old version, was refused.
        expect(after.permissions).toContain("payouts:manage");
        expect(revoke.json()).toMatchObject({ code: "stale_version" });
      }
      // The rename won every round (a busy machine can order them so): revoke
      // from the current version, then the form opened before it is refused.
      const shown = await ctx.call("GET", `/api/permissionGroups/${group.group_id}`);
      const tag = shown.headers.etag as string;
      const { name, permissions } = shown.json() as { name: string; permissions: Permission[] };
      const revoked = await put(
        one,
        group.group_id,
        { name, permissions: permissions.filter((p) => p !== "payouts:manage") },
        tag,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      const stale = await put(two, group.group_id, { name: unique("renamed"), permissions }, tag);
      expect(stale.statusCode, stale.body).toBe(412);
      expect(
        (await ctx.call("GET", `/api/permissionGroups/${group.group_id}`)).json().permissions,
      ).not.toContain("payouts:manage");
      expect((await clerk.call("GET", "/api/withdrawRequest")).statusCode).toBe(403);
    });
  },
);
