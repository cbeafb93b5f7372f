import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { driftedDownLines, insertUser, readUser, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const setReferrer = (userId: number, referrer: number | null) =>
  ctx.call("PUT", `/api/users/${userId}`, { referral_of: referrer ?? 0 });
const downLine = async (userId: number) => (await readUser(ctx.db, userId))?.down_line;
const tier = async (userId: number) => (await readUser(ctx.db, userId))?.membership;

/** A referrer that will not be promoted by accident: top tier (no next one). */
const TOP_TIER = 5;

describe("down_line follows referral changes", () => {
  it("counts a referral made on create, moves it on change and drops it on delete", async () => {
    const a = await insertUser(ctx.db, { membership: TOP_TIER });
    const b = await insertUser(ctx.db, { membership: TOP_TIER });
    const created = await ctx.call("POST", "/api/users", userForm({ referral_of: a }));
    expect(created.statusCode).toBe(201);
    const child = created.json().user_id;
    expect(await downLine(a)).toBe(1);

    expect((await setReferrer(child, b)).statusCode).toBe(200);
    expect([await downLine(a), await downLine(b)]).toEqual([0, 1]);

    expect((await setReferrer(child, null)).json().referral_of).toBeNull();
    expect([await downLine(a), await downLine(b)]).toEqual([0, 0]);

    await setReferrer(child, a);
    expect((await ctx.call("DELETE", `/api/users/${child}`)).statusCode).toBe(200);
    expect(await downLine(a)).toBe(0);
    expect(await driftedDownLines(ctx.db)).toEqual([]);
  });

  it("deleting a wallet deletes the user and lowers their referrer's count", async () => {
    const a = await insertUser(ctx.db, { membership: TOP_TIER });
    const created = (await ctx.call("POST", "/api/users", userForm({ referral_of: a }))).json();
    expect(await downLine(a)).toBe(1);
    const wallet = (await ctx.call("GET", `/api/usersWallet?q=${created.username}`)).json()[0];
    expect((await ctx.call("DELETE", `/api/usersWallet/${wallet.wallet_id}`)).statusCode).toBe(200);
    expect(await readUser(ctx.db, created.user_id)).toBeUndefined();
    expect(await downLine(a)).toBe(0);
  });

  it("refuses a user as their own referrer, and any cycle, with a plain 400 and no change", async () => {
    const a = await insertUser(ctx.db, { membership: TOP_TIER });
    const b = await insertUser(ctx.db, { membership: TOP_TIER, referral_of: a });
    const c = await insertUser(ctx.db, { membership: TOP_TIER, referral_of: b });
    await ctx.call("PUT", `/api/referralUpdate/${a}`, {});
    await ctx.call("PUT", `/api/referralUpdate/${b}`, {});

    const self = await setReferrer(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("A user cannot be their own referral.");

    for (const [user, referrer] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      const res = await setReferrer(user, referrer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/would form a cycle/);
    }
    expect((await readUser(ctx.db, a))?.referral_of).toBeNull();
    expect([await downLine(a), await downLine(b), await downLine(c)]).toEqual([1, 1, 0]);
  });

  it("keeps counts true when many users move to one referrer at once", async () => {
    const target = await insertUser(ctx.db, { membership: TOP_TIER });
    const old = await insertUser(ctx.db, { membership: TOP_TIER });
    const movers = [];
    for (let i = 0; i < 10; i++) movers.push(await insertUser(ctx.db, { referral_of: old }));
    await ctx.call("PUT", `/api/referralUpdate/${old}`, {});
    expect(await downLine(old)).toBe(10);
    const results = await Promise.all(movers.map((m) => setReferrer(m, target)));
    expect(results.map((r) => r.statusCode)).toEqual(movers.map(() => 200));
    expect([await downLine(target), await downLine(old)]).toEqual([10, 0]);
  });

  it("does not let two opposite edits race into a cycle", async () => {
    const a = await insertUser(ctx.db, { membership: TOP_TIER });
    const b = await insertUser(ctx.db, { membership: TOP_TIER });
    const results = await Promise.all([setReferrer(a, b), setReferrer(b, a)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.user_id, [a, b]));
    expect(rows.filter((r) => r.referral_of !== null)).toHaveLength(1);
  });
});

describe("the old client's calls cannot make counts drift", () => {
  it("referralUpdate/{id} ignores the sent count and recomputes it from the truth", async () => {
    const a = await insertUser(ctx.db, { membership: TOP_TIER });
    await insertUser(ctx.db, { referral_of: a });
    await insertUser(ctx.db, { referral_of: a });
    const res = await ctx.call("PUT", `/api/referralUpdate/${a}`, {
      user_id: a,
      down_line: 57,
      updated_at: "2020-01-01 00:00:00",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().down_line).toBe(2);
    // A wrong count written behind the app's back is mended by the next call.
    await ctx.db.update(users).set({ down_line: 9 }).where(eq(users.user_id, a));
    expect(
      (await ctx.call("PUT", `/api/referralUpdate/${a}`, { down_line: 10 })).json().down_line,
    ).toBe(2);
    expect((await ctx.call("PUT", "/api/referralUpdate/999999", {})).statusCode).toBe(404);
  });

  it("updateMembership/{user_id} sets a membership that exists, else 400; unknown user 404", async () => {
    const a = await insertUser(ctx.db);
    const res = await ctx.call("PUT", `/api/updateMembership/${a}`, {
      user_id: a,
      membership: 4,
      updated_at: "2020-01-01 00:00:00",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ membership: 4, membership_name: "Platinum" });
    const bad = await ctx.call("PUT", `/api/updateMembership/${a}`, { membership: 99 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Membership must be one of the listed memberships.");
    expect(await tier(a)).toBe(4);
    expect(
      (await ctx.call("PUT", "/api/updateMembership/999999", { membership: 2 })).statusCode,
    ).toBe(404);
  });
});

describe("promotion of the new referrer (docs/REQUIREMENTS.md section 4)", () => {
  // Seeded tiers: 1 Basic pv ≥ 0, 2 Silver down-line ≥ 3, 3 Gold pv ≥ 2000,
  // 4 Platinum down-line ≥ 10, 5 Diamond pv ≥ 10000 (no tier after it).
  const cases = [
    { name: "Basic, pv 0 ≥ 0: rule (b)", membership: 1, ttl_pv: "0", existing: 0, to: 2 },
    { name: "Silver, 2nd referral < 3", membership: 2, ttl_pv: "99999", existing: 1, to: 2 },
    { name: "Silver, 3rd referral ≥ 3: rule (a)", membership: 2, ttl_pv: "0", existing: 2, to: 3 },
    { name: "Gold, pv 1999.99 < 2000", membership: 3, ttl_pv: "1999.99", existing: 50, to: 3 },
    {
      name: "Gold, pv 2000.00 ≥ 2000: rule (b)",
      membership: 3,
      ttl_pv: "2000.00",
      existing: 0,
      to: 4,
    },
    {
      name: "Platinum, down line 1 < 10 despite pv",
      membership: 4,
      ttl_pv: "99999",
      existing: 0,
      to: 4,
    },
    { name: "Platinum, 10th referral: rule (a)", membership: 4, ttl_pv: "0", existing: 9, to: 5 },
    { name: "Diamond: no tier above", membership: 5, ttl_pv: "50000", existing: 0, to: 5 },
  ];
  it.each(cases)("$name", async ({ membership, ttl_pv, existing, to }) => {
    const referrer = await insertUser(ctx.db, { membership, ttl_pv });
    for (let i = 0; i < existing; i++) await insertUser(ctx.db, { referral_of: referrer });
    await ctx.call("PUT", `/api/referralUpdate/${referrer}`, {});
    const child = await insertUser(ctx.db);
    expect((await setReferrer(child, referrer)).statusCode).toBe(200);
    expect(await downLine(referrer)).toBe(existing + 1);
    expect(await tier(referrer)).toBe(to);
  });

  it("promotes one tier only, and only the new referrer", async () => {
    const oldReferrer = await insertUser(ctx.db, { membership: 1 });
    const child = await insertUser(ctx.db, { referral_of: oldReferrer });
    const newReferrer = await insertUser(ctx.db, { membership: 1, ttl_pv: "1000000" });
    await setReferrer(child, newReferrer);
    expect(await tier(newReferrer)).toBe(2);
    expect(await tier(oldReferrer)).toBe(1);
    // An edit that keeps the same referrer is no new referral.
    await ctx.call("PUT", `/api/users/${child}`, { referral_of: newReferrer, f_name: "Same" });
    expect(await tier(newReferrer)).toBe(2);
  });
});
