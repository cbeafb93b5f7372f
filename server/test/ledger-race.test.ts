/**
 * Races on a real PostgreSQL server (TEST_DATABASE_URL; PGlite has one
 * connection, so nothing races there): completions of one order credit once,
 * parallel debits never overdraw, and mixed writers never deadlock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrder, ledgerDrift, orderEntries, setCommission } from "./ledger.fixtures";
import { insertRequest, insertUser, readUser, readWallet } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

describe.skipIf(!process.env.TEST_DATABASE_URL)("the ledger under racing writers", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
    await stepUp(ctx);
    await setCommission(ctx.db, 1);
  });
  afterAll(() => ctx?.close());

  const put = (ordersId: number, order_status: number) =>
    ctx.call("PUT", `/api/orders/${ordersId}`, { order_status, tracking_number: "MY1" });

  it("20 parallel completions of one order credit PV and commission once", async () => {
    const referrer = await insertUser(ctx.db, { membership: 2 });
    const buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
    const order = await insertOrder(ctx.db, buyer, "200.00", "20.00");
    const results = await Promise.all(Array.from({ length: 20 }, () => put(order, 6)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const entries = await orderEntries(ctx.db, order);
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual([
      ["commission", "6.00"],
      ["pv_order", "20.00"],
    ]);
    expect((await readUser(ctx.db, buyer))?.ttl_pv).toBe("20.00");
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("6.00");
    expect(await ledgerDrift(ctx.db)).toEqual([]);
  });

  it("parallel completions and refunds of one order leave it credited once or not at all", async () => {
    const referrer = await insertUser(ctx.db, { membership: 4 });
    const buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
    const order = await insertOrder(ctx.db, buyer, "99.99", "9.99");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(order, i % 3 === 0 ? 8 : 6)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const net = (await orderEntries(ctx.db, order)).reduce(
      (sum, e) => sum + Math.round(Number(e.amount) * 100),
      0,
    );
    const status = (await ctx.call("GET", `/api/orders/${order}`)).json().order_status;
    // 8% of 99.99 = 7.9992 → 8.00; PV 9.99.
    expect(net).toBe(status === 6 ? 999 + 800 : 0);
    expect(await ledgerDrift(ctx.db)).toEqual([]);
  });

  it("parallel adjustments and withdrawals never overdraw a cash wallet", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "10.00" });
    const adjustments = Array.from({ length: 16 }, () =>
      ctx.call("POST", "/api/walletAdjustments", {
        user_id: owner,
        account: "cash_wallet",
        amount: "-0.75",
        note: "race",
      }),
    );
    const requests = await Promise.all(
      Array.from({ length: 4 }, () => insertRequest(ctx.db, owner, "0.75")),
    );
    const approvals = requests.map((id) =>
      ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" }),
    );
    const results = await Promise.all([...adjustments, ...approvals]);
    const ok = results.filter((r) => r.statusCode === 200 || r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409).length;
    // 13 × 0.75 = 9.75 fits in 10.00; the 14th would not.
    expect([ok, refused]).toEqual([13, 7]);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("0.25");
    expect(await ledgerDrift(ctx.db)).toEqual([]);
  });

  it("completions, reversals and deleting the referrer at once: no deadlock, no drift", async () => {
    // An empty cash wallet: the delete goes through unless a credit lands first
    // (docs/REQUIREMENTS.md section 4, "Deleting a member"); the buyers go to no referrer.
    const referrer = await insertUser(ctx.db, { membership: 2 });
    const buyers = await Promise.all(
      Array.from({ length: 5 }, () => insertUser(ctx.db, { referral_of: referrer })),
    );
    const orders = await Promise.all(buyers.map((b) => insertOrder(ctx.db, b, "10.00", "1.00")));
    const paid = await insertRequest(ctx.db, referrer, "5.00", "completed");
    const calls = [
      ...orders.map((o) => put(o, 6)),
      ctx.call("PUT", `/api/withdrawRequest/${paid}/reverse`, { note: "bank returned it" }),
      ctx.call("DELETE", `/api/users/${referrer}?referrals=none`),
      ...orders.map((o) => put(o, 8)),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 404, 409]).toContain(r.statusCode);
    expect(await ledgerDrift(ctx.db)).toEqual([]);
    const report = await ctx.call("GET", "/api/walletLedger/reconcile");
    expect(report.json().mismatches).toEqual([]);
  });

  it("a payout's reversal, a withdrawal's approval, an adjustment and the member's deletion at once: no deadlock", async () => {
    // The deletion locks the member, their wallet, then their requests; a
    // decision or a reversal holds the member before its request (an
    // adjustment locks the wallet alone: the ledger names no member row).
    for (let trial = 0; trial < 25; trial++) {
      const member = await insertUser(ctx.db, {});
      const paid = await insertRequest(ctx.db, member, "5.00", "completed");
      const open = await insertRequest(ctx.db, member, "5.00");
      const results = await Promise.all([
        ctx.call("PUT", `/api/withdrawRequest/${paid}/reverse`, { note: "bank returned it" }),
        ctx.call("PUT", `/api/withdrawRequest/${open}`, { withdraw_status: "completed" }),
        ctx.call("POST", "/api/walletAdjustments", {
          user_id: member,
          account: "cash_wallet",
          amount: "1.00",
          note: "race",
        }),
        ctx.call("DELETE", `/api/users/${member}`),
      ]);
      for (const r of results)
        expect([200, 201, 404, 409], `trial ${trial}`).toContain(r.statusCode);
    }
    expect(await ledgerDrift(ctx.db)).toEqual([]);
  });
});
