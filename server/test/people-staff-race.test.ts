/**
 * The last active Admin under racing writers, on a real PostgreSQL server
 * (TEST_DATABASE_URL; PGlite has one connection, so nothing races there):
 * two Admins demoting, deactivating or deleting each other at once leave
 * exactly one active Admin (docs/decisions/staff-accounts.md).
 */
import { and, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { ADMIN, createTestContext, login, type TestContext } from "./helpers";
import { userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

describe.skipIf(!process.env.TEST_DATABASE_URL)("the last Admin under racing writers", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const activeAdmins = () =>
    ctx.db.$count(users, and(eq(users.role, "Admin"), eq(users.user_status, 1)));

  /** Two new active Admins, each signed in with a fresh proof, and no other active Admin. */
  async function twoAdmins() {
    // The first admin (straight in the database) makes them, then steps aside.
    await ctx.db
      .update(users)
      .set({ role: "Admin", user_status: 1 })
      .where(eq(users.email, ADMIN.email));
    const owner = await login(ctx.app, ADMIN);
    await stepUp(ctx, owner);
    const made = [];
    for (let i = 0; i < 2; i++) {
      const form = userForm({ role: "Admin", user_status: 1 });
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/users",
        headers: { cookie: owner },
        payload: form,
      });
      expect(created.statusCode, created.body).toBe(201);
      const cookie = await login(ctx.app, { email: form.email, password: form.password });
      await stepUp(ctx, cookie, form.password);
      made.push({ id: created.json().user_id as number, cookie });
    }
    await ctx.db
      .update(users)
      .set({ user_status: 0 })
      .where(
        and(
          eq(users.role, "Admin"),
          notInArray(
            users.user_id,
            made.map((m) => m.id),
          ),
        ),
      );
    expect(await activeAdmins()).toBe(2);
    const [a, b] = made as [(typeof made)[0], (typeof made)[0]];
    return { a, b };
  }

  const as = (cookie: string, method: "PUT" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  for (const [what, act] of [
    ["demote", (id: number) => ["PUT", `/api/users/${id}`, { role: "Member" }]],
    ["deactivate", (id: number) => ["PUT", `/api/users/${id}`, { user_status: 0 }]],
    ["delete", (id: number) => ["DELETE", `/api/users/${id}`, undefined]],
  ] as const) {
    it(`two Admins who ${what} each other at once: exactly one succeeds`, async () => {
      for (let round = 0; round < 5; round++) {
        const { a, b } = await twoAdmins();
        const [byA, byB] = await Promise.all([
          as(a.cookie, ...(act(b.id) as ["PUT", string, object])),
          as(b.cookie, ...(act(a.id) as ["PUT", string, object])),
        ]);
        const statuses = [byA.statusCode, byB.statusCode];
        expect(
          statuses.filter((s) => s === 200),
          `${byA.body} ${byB.body}`,
        ).toHaveLength(1);
        // The loser met the rule (409), or had already lost its session (401).
        const loser = statuses[0] === 200 ? byB : byA;
        expect([409, 401], loser.body).toContain(loser.statusCode);
        if (loser.statusCode === 409) expect(loser.json().code).toBe("last_admin");
        expect(await activeAdmins()).toBe(1);
      }
    });
  }
});
