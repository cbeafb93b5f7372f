import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpLocks, users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Issue 34 item 9: the users list says who has two-step login on, and never the secret. */
describe("GET users: totp_enabled", () => {
  it("is true for a person with an authenticator enrolled, false for the others, in the list and the record", async () => {
    const on = await createStaff(ctx, []);
    const off = await createStaff(ctx, []);
    // An enrolled authenticator, as POST me/totp/confirm leaves it.
    await ctx.db
      .update(users)
      .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" })
      .where(eq(users.user_id, on.user_id));

    for (const [person, enabled] of [
      [on, true],
      [off, false],
    ] as const) {
      const list = await ctx.call("GET", `/api/users?q=${person.username}`);
      expect(list.statusCode, list.body).toBe(200);
      const [row] = list.json() as { user_id: number; totp_enabled: boolean }[];
      expect(row).toMatchObject({ user_id: person.user_id, totp_enabled: enabled });
      const one = await ctx.call("GET", `/api/users/${person.user_id}`);
      expect(one.json()).toMatchObject({ totp_enabled: enabled });
      expect(one.body).not.toContain("JBSWY3DP");
      expect(list.body).not.toContain("JBSWY3DP");
    }
  });

  it("says whose two-step login is locked after too many wrong codes (Edit User's Unlock), until it is unlocked", async () => {
    const person = await createStaff(ctx, []);
    await ctx.db
      .update(users)
      .set({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" })
      .where(eq(users.user_id, person.user_id));
    const locked = async () =>
      ((await ctx.call("GET", `/api/users/${person.user_id}`)).json() as { totp_locked: boolean })
        .totp_locked;
    expect(await locked()).toBe(false);
    // As auth/codeGuesses.ts leaves it after the hundredth wrong code.
    await ctx.db.insert(totpLocks).values({ user_id: person.user_id });
    expect(await locked()).toBe(true);
    const list = await ctx.call("GET", `/api/users?q=${person.username}`);
    expect(list.json()).toMatchObject([{ user_id: person.user_id, totp_locked: true }]);
    await stepUp(ctx, ctx.cookie);
    const unlocked = await ctx.call("POST", `/api/users/${person.user_id}/totp/unlock`);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await locked()).toBe(false);
  });
});
