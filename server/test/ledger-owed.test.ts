/**
 * What a member owes the store (a reversal their balance could not cover,
 * docs/decisions/order-money-follows-status.md) is recovered from every
 * credit, not only an order's; while they owe, no withdrawal is paid and they
 * cannot be deleted (issue 34, items 17 and 18). Over HTTP on a real database.
 */
import type { LedgerEntry, OwedSummary, ReconcileReport } from "@store/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settings, users, withdrawRequests } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrder, ledgerDrift, setCommission } from "./ledger.fixtures";
import { insertRequest, insertUser, readUser, readWallet } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await stepUp(ctx);
});
afterAll(() => ctx.close());

async function setStatus(ordersId: number, order_status: number) {
  const res = await ctx.call("PUT", `/api/orders/${ordersId}`, {
    order_status,
    tracking_number: "MY123",
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function owedOf(userId: number): Promise<OwedSummary> {
  return (await ctx.call("GET", `/api/users/${userId}/owed`)).json();
}

async function expectClean() {
  const report: ReconcileReport = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
  expect(report.mismatches).toEqual([]);
  expect(report.order_mismatches).toEqual([]);
  expect(report.account_totals).toEqual([]);
  expect(await ledgerDrift(ctx.db)).toEqual([]);
}

const approve = (id: number) =>
  ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" });
const cashOf = async (userId: number) => (await readWallet(ctx.db, userId))?.c_wallet_amt;
const latest = async (userId: number, count: number): Promise<LedgerEntry[]> =>
  (await ctx.call("GET", `/api/walletLedger?user_id=${userId}&_page=1&_limit=${count}`)).json();

let referrer: number;
let buyer: number;
let order: number;
/** The referrer's paid withdrawal of the whole commission, before the order was refunded. */
let paid: number;

/**
 * The referrer earns RM 3.00 of commission (3% of RM 100), withdraws all RM
 * 4.00 of the cash wallet, then the order is returned: RM 3.00 is owed.
 */
beforeEach(async () => {
  await setCommission(ctx.db, 1);
  await ctx.db
    .update(settings)
    .set({ commission_base: "total", payout_second_approval_above: null })
    .where(eq(settings.setting_id, 1));
  referrer = await insertUser(ctx.db, { membership: 2 }, { c_wallet_amt: "1.00" });
  buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
  order = await insertOrder(ctx.db, buyer, "100.00", "25.00");
  await setStatus(order, 6);
  expect(await cashOf(referrer)).toBe("4.00");
  paid = await insertRequest(ctx.db, referrer, "4.00");
  expect((await approve(paid)).statusCode).toBe(200);
  await setStatus(order, 9);
  expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "3.00" });
  expect(await cashOf(referrer)).toBe("0.00");
});

describe("an owed clawback is recovered from every credit", () => {
  it("a credit adjustment of the cash wallet recovers it first; reconcile stays clean", async () => {
    const res = await ctx.call("POST", "/api/walletAdjustments", {
      user_id: referrer,
      account: "cash_wallet",
      amount: "5.00",
      note: "goodwill credit",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await latest(referrer, 2)).map((e) => [e.reason, e.amount, e.ref_id])).toEqual([
      ["clawback_recovery", "-3.00", order],
      ["adjustment", "5.00", null],
    ]);
    expect(await cashOf(referrer)).toBe("2.00");
    expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "0.00", items: [] });
    await expectClean();
  });

  it("a withdrawal reversal recovers it first; reconcile stays clean", async () => {
    const res = await ctx.call("PUT", `/api/withdrawRequest/${paid}/reverse`, {
      note: "bank returned the transfer",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await latest(referrer, 2)).map((e) => [e.reason, e.amount, e.ref_id])).toEqual([
      ["clawback_recovery", "-3.00", order],
      ["withdrawal_reversal", "4.00", paid],
    ]);
    expect(await cashOf(referrer)).toBe("1.00");
    expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "0.00" });
    await expectClean();
  });

  it("a PV adjustment recovers PV owed; a smaller credit recovers what it can", async () => {
    // The buyer's PV was adjusted away before a second order was returned: 10 PV owed.
    const second = await insertOrder(ctx.db, buyer, "10.00", "10.00");
    await setStatus(second, 6);
    const down = await ctx.call("POST", "/api/walletAdjustments", {
      user_id: buyer,
      account: "pv",
      amount: "-10.00",
      note: "correction",
    });
    expect(down.statusCode, down.body).toBe(201);
    await setStatus(second, 9);
    expect(await owedOf(buyer)).toMatchObject({ pv: "10.00" });
    const up = await ctx.call("POST", "/api/walletAdjustments", {
      user_id: buyer,
      account: "pv",
      amount: "4.00",
      note: "bonus points",
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(await owedOf(buyer)).toMatchObject({ pv: "6.00" });
    expect((await readUser(ctx.db, buyer))?.ttl_pv).toBe("0.00");
    await expectClean();
  });
});

describe("a member who owes is paid nothing and kept", () => {
  it("approving their withdrawal is 409 withdrawal_member_owes naming the amount; nothing moves", async () => {
    await ctx.call("POST", "/api/walletAdjustments", {
      user_id: referrer,
      account: "wallet",
      amount: "50.00",
      note: "store credit",
    });
    const request = await insertRequest(ctx.db, referrer, "1.00");
    const [member] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.user_id, referrer));
    const res = await approve(request);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: "withdrawal_member_owes",
      params: { name: member?.username, amount: "3.00" },
    });
    expect(res.json().message).toContain("RM 3.00");
    const [row] = await ctx.db
      .select()
      .from(withdrawRequests)
      .where(eq(withdrawRequests.withdraw_id, request));
    expect(row?.withdraw_status).toBe("processing");
    // The bulk approve answers the same for that request.
    const bulk = await ctx.call("POST", "/api/withdrawRequest/bulk", {
      action: "approve",
      ids: [request],
    });
    expect(bulk.json().results[0]).toMatchObject({
      ok: false,
      status: 409,
      code: "withdrawal_member_owes",
    });
    // Once recovered, the same request is paid.
    await ctx.call("POST", "/api/walletAdjustments", {
      user_id: referrer,
      account: "cash_wallet",
      amount: "4.00",
      note: "late commission",
    });
    expect((await approve(request)).statusCode).toBe(200);
    expect(await cashOf(referrer)).toBe("0.00");
    await expectClean();
  });

  it("deleting them is 409 member_owes with the amounts, as for money held; nothing is written", async () => {
    const before = await readUser(ctx.db, referrer);
    const res = await ctx.call("DELETE", `/api/users/${referrer}?referrals=none`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: "member_owes",
      params: { name: before?.username, cash: "3.00", pv: "0.00" },
      owed: { cash_wallet: "3.00", pv: "0.00" },
    });
    expect(await readUser(ctx.db, referrer)).toEqual(before);
    // The wallet's own delete call refuses it too.
    const walletId = (await readWallet(ctx.db, referrer))?.wallet_id;
    const wallet = await ctx.call("DELETE", `/api/usersWallet/${walletId}?referrals=none`);
    expect(wallet.json().code).toBe("member_owes");
    await expectClean();
  });
});
