import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberships, userWallets } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertUser, readUser, unique } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const tierForm = (overrides: Record<string, unknown> = {}) => ({
  membership: unique("Tier "),
  member_percentage: "7.5",
  member_earning: 2,
  min_requirement: "150",
  req_condition: "pv",
  ...overrides,
});

describe("memberships", () => {
  it("lists the tiers in rank order (the seeded ranks follow member_id), pages them and searches titles", async () => {
    const all = (await ctx.call("GET", "/api/memberships")).json();
    expect(all.map((m: { rank: number }) => m.rank).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((m: { membership: string }) => m.membership).slice(0, 5)).toEqual([
      "Basic",
      "Silver",
      "Gold",
      "Platinum",
      "Diamond",
    ]);
    const page = await ctx.call("GET", "/api/memberships?_page=1&_limit=2&q=l");
    expect(page.headers["x-total-count"]).toBe("3"); // Silver, Gold, Platinum
    expect(page.json()).toHaveLength(2);
  });

  it("creates, reads (also through membership/{id}), updates and deletes a tier, exact decimals", async () => {
    const created = await ctx.call("POST", "/api/memberships", tierForm());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      member_percentage: "7.50",
      member_earning: "2.00",
      min_requirement: "150.00",
      req_condition: "pv",
      updated_at: null,
    });
    const id = body.member_id;
    expect((await ctx.call("GET", `/api/memberships/${id}`)).json()).toEqual(body);
    expect((await ctx.call("GET", `/api/membership/${id}`)).json()).toEqual(body);
    const updated = await ctx.call(
      "PUT",
      `/api/memberships/${id}`,
      tierForm({ membership: "Renamed", member_percentage: "99.99", req_condition: "down-line" }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      membership: "Renamed",
      member_percentage: "99.99",
      req_condition: "down-line",
    });
    expect(updated.json().updated_at).not.toBeNull();
    expect((await ctx.call("DELETE", `/api/memberships/${id}`)).statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/memberships/${id}`)).statusCode).toBe(404);
    expect((await ctx.call("GET", `/api/membership/${id}`)).statusCode).toBe(404);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "Membership"));
    expect(audits.map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });

  it.each([
    ["membership", { membership: " " }, "Member title is required."],
    ["member_percentage", { member_percentage: 100 }, "Member discount % must be below 100."],
    ["member_percentage", { member_percentage: -1 }, "Member discount % must be at least 0."],
    ["member_earning", { member_earning: "100.00" }, "Member earning % must be below 100."],
    [
      "member_earning",
      { member_earning: "abc" },
      "Member earning % must be a number with at most 2 decimal places.",
    ],
    ["min_requirement", { min_requirement: -0.01 }, "Minimum requirement must be at least 0."],
    [
      "req_condition",
      { req_condition: "orders" },
      "Requirement condition must be pv or down-line.",
    ],
    [
      "req_condition",
      { req_condition: undefined },
      "Requirement condition must be pv or down-line.",
    ],
  ])("refuses a bad %s with 400", async (path, overrides, message) => {
    const before = await ctx.db.$count(memberships);
    const res = await ctx.call("POST", "/api/memberships", tierForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(await ctx.db.$count(memberships)).toBe(before);
  });

  it("accepts 0 and 99.99 percentages and a 0 minimum", async () => {
    const res = await ctx.call(
      "POST",
      "/api/memberships",
      tierForm({ member_percentage: 0, member_earning: "99.99", min_requirement: 0 }),
    );
    expect(res.statusCode).toBe(201);
  });

  it("refuses to delete a tier in use, or the default tier, with a plain 409", async () => {
    const tier = (
      await ctx.call("POST", "/api/memberships", tierForm({ membership: "Held" }))
    ).json();
    await insertUser(ctx.db, { membership: tier.member_id });
    await insertUser(ctx.db, { membership: tier.member_id });
    const held = await ctx.call("DELETE", `/api/memberships/${tier.member_id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      message: '"Held" cannot be deleted: 2 users hold this membership.',
    });
    expect((await ctx.call("GET", `/api/memberships/${tier.member_id}`)).statusCode).toBe(200);
    const basic = await ctx.call("DELETE", "/api/memberships/1");
    expect(basic.statusCode).toBe(409);
    expect(basic.json().message).toMatch(/every new user gets/);
    expect((await ctx.call("DELETE", "/api/memberships/999999")).statusCode).toBe(404);
  });
});

describe("wallets", () => {
  it("lists wallets with the owner's names, currency symbol, exact amounts and PV; pages and searches", async () => {
    const owner = await insertUser(
      ctx.db,
      { ttl_pv: "12.30", currency: "SGD" },
      { wallet_amt: "100.10", c_wallet_amt: "0.30", recent_spend_at: "2026-01-02 03:04:05" },
    );
    const user = await readUser(ctx.db, owner);
    const res = await ctx.call("GET", `/api/usersWallet?q=${user?.username}&_page=1&_limit=10`);
    expect(res.headers["x-total-count"]).toBe("1");
    expect(res.json()[0]).toMatchObject({
      user_id: owner,
      username: user?.username,
      f_name: "Fixture",
      l_name: user?.l_name,
      email: user?.email,
      contact: "0100000000",
      currency_symbol: "S$",
      wallet_amt: "100.10",
      c_wallet_amt: "0.30",
      ttl_pv: "12.30",
      recent_spend_at: "2026-01-02 03:04:05",
    });
    expect((await ctx.call("GET", "/api/usersWallet")).json().length).toBe(
      await ctx.db.$count(userWallets),
    );
  });

  it("creates a wallet for a user without one; refuses a second (409) and an unknown user (400)", async () => {
    const owner = await insertUser(ctx.db, {}, false);
    const res = await ctx.call("POST", "/api/usersWallet", {
      user_id: owner,
      wallet_amt: 10.5,
      c_wallet_amt: "3",
      recent_spend_at: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: owner, wallet_amt: "10.50", c_wallet_amt: "3.00" });
    const again = await ctx.call("POST", "/api/usersWallet", { user_id: owner });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a wallet/);
    const unknown = await ctx.call("POST", "/api/usersWallet", { user_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("User must be an existing user.");
    const negative = await ctx.call("POST", "/api/usersWallet", { user_id: owner, wallet_amt: -1 });
    expect(negative.statusCode).toBe(400);
    const tooPrecise = await ctx.call("POST", "/api/usersWallet", {
      user_id: owner,
      wallet_amt: "1.234",
    });
    expect(tooPrecise.statusCode).toBe(400);
  });

  it("deleting a wallet deletes its user; unknown wallet 404; the admin's own wallet 409", async () => {
    const owner = await insertUser(ctx.db);
    const [wallet] = await ctx.db.select().from(userWallets).where(eq(userWallets.user_id, owner));
    const res = await ctx.call("DELETE", `/api/usersWallet/${wallet?.wallet_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(owner);
    expect(await readUser(ctx.db, owner)).toBeUndefined();
    expect((await ctx.call("DELETE", `/api/usersWallet/${wallet?.wallet_id}`)).statusCode).toBe(
      404,
    );

    const me = (await ctx.call("GET", "/api/users?q=admin")).json()[0];
    const mine = await ctx.call("POST", "/api/usersWallet", { user_id: me.user_id });
    expect(mine.statusCode).toBe(201);
    const refused = await ctx.call("DELETE", `/api/usersWallet/${mine.json().wallet_id}`);
    expect(refused.statusCode).toBe(409);
    expect(await readUser(ctx.db, me.user_id)).toBeDefined();
  });
});

describe("membership ranks (docs/REQUIREMENTS.md section 4)", () => {
  const tierOf = async (userId: number) => (await readUser(ctx.db, userId))?.membership;
  const refer = (child: number, referrer: number) =>
    ctx.call("PUT", `/api/users/${child}`, { referral_of: referrer });
  type Tier = { member_id: number; membership: string; rank: number };
  async function tier(name: string) {
    const all = (await ctx.call("GET", "/api/memberships")).json() as Tier[];
    const found = all.find((m) => m.membership === name);
    if (!found) throw new Error(`no tier ${name}`);
    return found;
  }

  it("a new tier with a higher id but a rank in the middle: promotion follows rank", async () => {
    const platinum = await tier("Platinum");
    const diamond = await tier("Diamond");
    const moved = await ctx.call("PUT", `/api/memberships/${diamond.member_id}`, {
      ...tierForm({ membership: "Diamond", min_requirement: "0" }),
      rank: 1_000_000,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().rank).toBe(1_000_000);
    // Ruby takes the rank just above Platinum, where Diamond was.
    const ruby = await ctx.call(
      "POST",
      "/api/memberships",
      tierForm({ membership: "Ruby", min_requirement: "0", rank: String(platinum.rank + 1) }),
    );
    expect(ruby.statusCode, ruby.body).toBe(201);
    const rubyId = ruby.json().member_id as number;
    expect(rubyId).toBeGreaterThan(diamond.member_id);

    const order = (await ctx.call("GET", "/api/memberships")).json() as Tier[];
    const names = order.map((m) => m.membership);
    expect(names.indexOf("Platinum") + 1).toBe(names.indexOf("Ruby"));
    expect(names.at(-1)).toBe("Diamond");
    const sorted = (await ctx.call("GET", "/api/memberships?_sort=rank&_order=desc")).json();
    expect(sorted[0].membership).toBe("Diamond");

    // Platinum (down line ≥ 10): the 10th referral raises it one rank, to Ruby.
    const referrer = await insertUser(ctx.db, { membership: platinum.member_id });
    for (let i = 0; i < 9; i++) await insertUser(ctx.db, { referral_of: referrer });
    await ctx.call("PUT", `/api/referralUpdate/${referrer}`, {});
    expect((await refer(await insertUser(ctx.db), referrer)).statusCode).toBe(200);
    expect(await tierOf(referrer)).toBe(rubyId);
    // Ruby (pv ≥ 0): the next referral raises it to the next rank, whatever its id.
    const next = order[names.indexOf("Ruby") + 1];
    expect((await refer(await insertUser(ctx.db), referrer)).statusCode).toBe(200);
    expect(await tierOf(referrer)).toBe(next?.member_id);
    // Diamond holds the highest rank: nothing above it, though Ruby's id is higher.
    const top = await insertUser(ctx.db, { membership: diamond.member_id });
    expect((await refer(await insertUser(ctx.db), top)).statusCode).toBe(200);
    expect(await tierOf(top)).toBe(diamond.member_id);
  });

  it("refuses a rank another tier holds with 400 on the field, and writes nothing", async () => {
    const gold = await tier("Gold");
    const title = unique("Tier ");
    const taken = await ctx.call(
      "POST",
      "/api/memberships",
      tierForm({ membership: title, rank: gold.rank }),
    );
    expect(taken.statusCode).toBe(400);
    const message = `Rank ${gold.rank} is already held by "Gold"; choose another rank, or move that tier first.`;
    expect(taken.json()).toMatchObject({ message, issues: [{ path: "rank", message }] });
    expect(await ctx.db.$count(memberships, eq(memberships.membership, title))).toBe(0);

    const silver = await tier("Silver");
    const update = await ctx.call("PUT", `/api/memberships/${silver.member_id}`, {
      ...tierForm({ membership: "Silver" }),
      rank: gold.rank,
    });
    expect(update.statusCode).toBe(400);
    expect((await tier("Silver")).rank).toBe(silver.rank);
    // Its own rank is no conflict; left out, the rank stays.
    const same = await ctx.call("PUT", `/api/memberships/${silver.member_id}`, {
      ...tierForm({ membership: "Silver", min_requirement: "3", req_condition: "down-line" }),
      rank: silver.rank,
    });
    expect(same.statusCode).toBe(200);
    const kept = await ctx.call(
      "PUT",
      `/api/memberships/${silver.member_id}`,
      tierForm({ membership: "Silver", min_requirement: "3", req_condition: "down-line" }),
    );
    expect(kept.json().rank).toBe(silver.rank);
  });

  it("refuses a rank below 1 or not whole; a tier saved without a rank goes above the highest", async () => {
    for (const [rank, message] of [
      [0, "Rank must be at least 1."],
      ["1.5", "Rank must be a whole number."],
    ] as const) {
      const res = await ctx.call("POST", "/api/memberships", tierForm({ rank }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toMatchObject([{ path: "rank", message }]);
    }
    const all = (await ctx.call("GET", "/api/memberships")).json() as { rank: number }[];
    const highest = Math.max(...all.map((m) => m.rank));
    const top = await ctx.call("POST", "/api/memberships", tierForm({ rank: "" }));
    expect(top.statusCode).toBe(201);
    expect(top.json().rank).toBe(highest + 1);
  });
});
