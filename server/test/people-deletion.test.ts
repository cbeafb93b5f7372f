import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users, walletLedger } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { driftedDownLines, insertUser, readUser, readWallet, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

/**
 * Deleting a member (docs/REQUIREMENTS.md section 4, "Deleting a member"):
 * money never disappears with them, and their referrals go where the caller
 * chose. Each refusal writes nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

/** A tier with no tier above it: no promotion moves a member's membership in these tests. */
const TOP_TIER = 5;

async function createMember(overrides: Record<string, unknown> = {}) {
  const res = await ctx.call("POST", "/api/users", userForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { user_id: number; username: string };
}

async function adjust(userId: number, account: string, amount: string) {
  const res = await ctx.call("POST", "/api/walletAdjustments", {
    user_id: userId,
    account,
    amount,
    note: "test balance",
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function walletIdOf(userId: number): Promise<number> {
  return (await readWallet(ctx.db, userId))?.wallet_id ?? 0;
}

/** What a refused delete must leave as it was: the rows, the ledger and the audit trail. */
async function snapshot(userIds: number[]) {
  const [audits] = await ctx.db.select({ n: count() }).from(auditLog);
  const [entries] = await ctx.db.select({ n: count() }).from(walletLedger);
  return {
    audits: audits?.n,
    entries: entries?.n,
    users: await Promise.all(userIds.map((id) => readUser(ctx.db, id))),
    wallets: await Promise.all(userIds.map((id) => readWallet(ctx.db, id))),
  };
}

describe("defect 4: money never disappears with a member", () => {
  const held = { wallet: "20.00", cash_wallet: "300.00", pv: "5.00" };
  const message = (name: string) =>
    `${name} holds RM 300.00 in the cash wallet, RM 20.00 in the wallet and 5.00 PV. Zero them with an adjustment on the statement (paid out by hand, or forfeited), then delete.`;

  async function memberWithMoney() {
    const member = await createMember({ membership: TOP_TIER });
    await adjust(member.user_id, "cash_wallet", "300");
    await adjust(member.user_id, "wallet", "20");
    await adjust(member.user_id, "pv", "5");
    return member;
  }

  it("DELETE users/{id} is refused with 409 naming the balances, and nothing is written", async () => {
    const member = await memberWithMoney();
    const before = await snapshot([member.user_id]);
    for (const path of [
      `/api/users/${member.user_id}`,
      `/api/users/${member.user_id}?referrals=none`,
    ]) {
      const res = await ctx.call("DELETE", path);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: message(member.username), balances: held });
    }
    expect(await snapshot([member.user_id])).toEqual(before);
  });

  it("DELETE usersWallet/{id} (which deletes the user) is refused the same way", async () => {
    const member = await memberWithMoney();
    const before = await snapshot([member.user_id]);
    const res = await ctx.call("DELETE", `/api/usersWallet/${await walletIdOf(member.user_id)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: message(member.username), balances: held });
    expect(await snapshot([member.user_id])).toEqual(before);
  });

  it("the bulk delete of both lists reports the same 409 for that member and deletes the rest", async () => {
    const rich = await memberWithMoney();
    const poor = await createMember();
    const users = await ctx.call("POST", "/api/users/bulk", {
      action: "delete",
      ids: [rich.user_id, poor.user_id],
    });
    expect(users.json().results).toMatchObject([
      { id: rich.user_id, ok: false, status: 409, message: message(rich.username) },
      { id: poor.user_id, ok: true, status: 200, message: "Deleted." },
    ]);
    const walletId = await walletIdOf(rich.user_id);
    const wallets = await ctx.call("POST", "/api/usersWallet/bulk", {
      action: "delete",
      ids: [walletId],
    });
    expect(wallets.json().results).toMatchObject([
      { id: walletId, ok: false, status: 409, message: message(rich.username) },
    ]);
    expect(await readUser(ctx.db, rich.user_id)).toBeDefined();
    expect(await readUser(ctx.db, poor.user_id)).toBeUndefined();
  });

  it("names every balance, zero ones too, while any one is held; once all are zeroed the delete goes through", async () => {
    const member = await createMember({ membership: TOP_TIER });
    await adjust(member.user_id, "pv", "0.01");
    const refused = await ctx.call("DELETE", `/api/users/${member.user_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().balances).toEqual({ wallet: "0.00", cash_wallet: "0.00", pv: "0.01" });
    await adjust(member.user_id, "pv", "-0.01");
    expect((await ctx.call("DELETE", `/api/users/${member.user_id}`)).statusCode).toBe(200);
    // The statement keeps the member's entries: the trail of where the money went.
    const entries = await ctx.db
      .select({ n: count() })
      .from(walletLedger)
      .where(eq(walletLedger.user_id, member.user_id));
    expect(entries[0]?.n).toBe(2);
  });
});

describe("deleting a referrer: their direct referrals move up or to none", () => {
  /** grand → parent → three children, with true counts. */
  async function tree() {
    const grand = await insertUser(ctx.db, { membership: TOP_TIER });
    const parent = await insertUser(ctx.db, { membership: TOP_TIER, referral_of: grand });
    const children = [];
    for (let i = 0; i < 3; i++) {
      children.push(await insertUser(ctx.db, { membership: TOP_TIER, referral_of: parent }));
    }
    for (const id of [grand, parent]) await ctx.call("PUT", `/api/referralUpdate/${id}`, {});
    const name = async (id: number) => (await readUser(ctx.db, id))?.username ?? "";
    return {
      grand,
      parent,
      children,
      grandName: await name(grand),
      parentName: await name(parent),
    };
  }
  const referrerOf = async (id: number) => (await readUser(ctx.db, id))?.referral_of;
  const downLine = async (id: number) => (await readUser(ctx.db, id))?.down_line;

  it("without a choice: 409 with the count and the referrer, nothing changed", async () => {
    const t = await tree();
    const before = await snapshot([t.grand, t.parent, ...t.children]);
    const res = await ctx.call("DELETE", `/api/users/${t.parent}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `${t.parentName} refers 3 members: choose whether they move to ${t.parentName}'s referrer (${t.grandName}) or to no referrer.`,
      referrals: 3,
      referrer: { user_id: t.grand, username: t.grandName },
    });
    const wallet = await ctx.call("DELETE", `/api/usersWallet/${await walletIdOf(t.parent)}`);
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json().referrals).toBe(3);
    expect(await snapshot([t.grand, t.parent, ...t.children])).toEqual(before);
  });

  it("a member without a referrer: the 409 says so and names no referrer", async () => {
    const top = await insertUser(ctx.db, { membership: TOP_TIER });
    const child = await insertUser(ctx.db, { referral_of: top });
    await ctx.call("PUT", `/api/referralUpdate/${top}`, {});
    const name = (await readUser(ctx.db, top))?.username;
    const res = await ctx.call("DELETE", `/api/users/${top}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `${name} refers 1 member and has no referrer: confirm that they are left with no referrer.`,
      referrals: 1,
      referrer: null,
    });
    expect((await ctx.call("DELETE", `/api/users/${top}?referrals=none`)).statusCode).toBe(200);
    expect(await referrerOf(child)).toBeNull();
  });

  it("?referrals=up: the referrals move to the grandparent, every count right, each move audited", async () => {
    const t = await tree();
    expect(await downLine(t.grand)).toBe(1);
    const res = await ctx.call("DELETE", `/api/users/${t.parent}?referrals=up`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await readUser(ctx.db, t.parent)).toBeUndefined();
    for (const child of t.children) expect(await referrerOf(child)).toBe(t.grand);
    expect(await downLine(t.grand)).toBe(3);
    expect(await driftedDownLines(ctx.db)).toEqual([]);
    const moves = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(t.children[0])));
    expect(moves.at(-1)?.action).toBe("update");
  });

  it("?referrals=none: the referrals have no referrer; the grandparent loses the member", async () => {
    const t = await tree();
    const wallet = await walletIdOf(t.parent);
    const res = await ctx.call("DELETE", `/api/usersWallet/${wallet}?referrals=none`);
    expect(res.statusCode, res.body).toBe(200);
    for (const child of t.children) {
      expect((await ctx.call("GET", `/api/users/${child}`)).json()).toMatchObject({
        referral_of: null,
        referrer_username: null,
      });
    }
    expect(await downLine(t.grand)).toBe(0);
    expect(await driftedDownLines(ctx.db)).toEqual([]);
  });

  it("?referrals=up without a referrer above leaves them with none; a bad choice is a 400", async () => {
    const top = await insertUser(ctx.db, { membership: TOP_TIER });
    const child = await insertUser(ctx.db, { referral_of: top });
    await ctx.call("PUT", `/api/referralUpdate/${top}`, {});
    const bad = await ctx.call("DELETE", `/api/users/${top}?referrals=sideways`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Referrals must be up or none.");
    expect(await readUser(ctx.db, top)).toBeDefined();
    expect((await ctx.call("DELETE", `/api/users/${top}?referrals=up`)).statusCode).toBe(200);
    expect(await referrerOf(child)).toBeNull();
  });

  it("moving up is a new referral for the grandparent: the promotion rule runs", async () => {
    // Silver (rank 2) promotes at a down line of 3.
    const grand = await insertUser(ctx.db, { membership: 2 });
    const parent = await insertUser(ctx.db, { membership: TOP_TIER, referral_of: grand });
    for (let i = 0; i < 3; i++) await insertUser(ctx.db, { referral_of: parent });
    for (const id of [grand, parent]) await ctx.call("PUT", `/api/referralUpdate/${id}`, {});
    expect((await ctx.call("DELETE", `/api/users/${parent}?referrals=up`)).statusCode).toBe(200);
    expect(await readUser(ctx.db, grand)).toMatchObject({ down_line: 3, membership: 3 });
  });

  it("bulk delete: without `referrals` each referrer fails with the 409; with it they go", async () => {
    const t = await tree();
    const leaf = await insertUser(ctx.db, { membership: TOP_TIER });
    const without = await ctx.call("POST", "/api/users/bulk", {
      action: "delete",
      ids: [t.parent, leaf],
    });
    expect(without.json().results).toMatchObject([
      {
        id: t.parent,
        ok: false,
        status: 409,
        message: `${t.parentName} refers 3 members: choose whether they move to ${t.parentName}'s referrer (${t.grandName}) or to no referrer.`,
      },
      { id: leaf, ok: true, status: 200, message: "Deleted." },
    ]);
    expect(await referrerOf(t.children[0] ?? 0)).toBe(t.parent);

    const withChoice = await ctx.call("POST", "/api/usersWallet/bulk", {
      action: "delete",
      ids: [await walletIdOf(t.parent)],
      referrals: "up",
    });
    expect(withChoice.json().results[0]).toMatchObject({ ok: true, status: 200 });
    for (const child of t.children) expect(await referrerOf(child)).toBe(t.grand);
    expect(await downLine(t.grand)).toBe(3);

    const bad = await ctx.call("POST", "/api/users/bulk", {
      action: "delete",
      ids: [t.grand],
      referrals: "down",
    });
    expect(bad.statusCode).toBe(400);
    expect(await driftedDownLines(ctx.db)).toEqual([]);
  });

  it("a bulk delete with `referrals: none` deletes a whole branch, counts kept", async () => {
    const t = await tree();
    const res = await ctx.call("POST", "/api/users/bulk", {
      action: "delete",
      ids: [t.grand, t.parent, ...t.children],
      referrals: "none",
    });
    expect(res.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const left = await ctx.db.select().from(users).where(eq(users.user_id, t.parent));
    expect(left).toEqual([]);
    expect(await driftedDownLines(ctx.db)).toEqual([]);
  });
});
