/**
 * An order's money follows its status (docs/REQUIREMENTS.md section 4, "Orders"
 * and "Payout rules"; docs/decisions/order-money-follows-status.md),
 * through the HTTP API on both databases.
 */
import type { LedgerEntry, OrderCommission, OwedSummary, ReconcileReport } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { postEntry } from "../src/modules/ledger/service";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrder, ledgerDrift, orderEntries, setCommission } from "./ledger.fixtures";
import { insertRequest, insertUser, readUser, readWallet } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function setStatus(ordersId: number, order_status: number) {
  const res = await ctx.call("PUT", `/api/orders/${ordersId}`, {
    order_status,
    tracking_number: "MY123",
  });
  expect(res.statusCode).toBe(200);
}

async function walk(ordersId: number, statuses: number[]) {
  for (const status of statuses) await setStatus(ordersId, status);
}

async function reconcileReport(): Promise<ReconcileReport> {
  const res = await ctx.call("GET", "/api/walletLedger/reconcile");
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function expectClean() {
  const report = await reconcileReport();
  expect(report.mismatches).toEqual([]);
  expect(report.order_mismatches).toEqual([]);
  expect(report.account_totals).toEqual([]);
  expect(await ledgerDrift(ctx.db)).toEqual([]);
}

const pvOf = async (userId: number) => (await readUser(ctx.db, userId))?.ttl_pv;
const cashOf = async (userId: number) => (await readWallet(ctx.db, userId))?.c_wallet_amt;

async function commissionOf(ordersId: number): Promise<OrderCommission> {
  const res = await ctx.call("GET", `/api/orders/${ordersId}/commission`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function owedOf(userId: number): Promise<OwedSummary> {
  const res = await ctx.call("GET", `/api/users/${userId}/owed`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function adjust(userId: number, account: string, amount: string) {
  const res = await ctx.call("POST", "/api/walletAdjustments", {
    user_id: userId,
    account,
    amount,
    note: "test adjustment",
  });
  expect(res.statusCode).toBe(201);
}

let referrer: number;
let buyer: number;

beforeEach(async () => {
  await setCommission(ctx.db, 1);
  // Back to the whole total from a test's goods base: a loosening, asked with a fresh proof.
  await stepUp(ctx);
  const saved = await ctx.call("PUT", "/api/settings/1", {
    ...(await settingsForm()),
    commission_base: "total",
  });
  expect(saved.statusCode).toBe(200);
  // Silver: 3% Member Earning; its down-line rule does not promote on a second referral.
  referrer = await insertUser(ctx.db, { membership: 2 }, { c_wallet_amt: "1.00" });
  buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
});

async function settingsForm() {
  const res = await ctx.call("GET", "/api/settings/1");
  const { setting_id: _id, updated_at: _at, ...form } = res.json();
  return form as Record<string, unknown>;
}

describe("leaving complete reverses what stands (defect 2)", () => {
  it.each([7, 9])("a complete order moved to %i gives back its PV and commission", async (to) => {
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await setStatus(order, 6);
    expect(await pvOf(buyer)).toBe("20.00");
    expect(await cashOf(referrer)).toBe("5.50");
    await setStatus(order, to);
    expect(await pvOf(buyer)).toBe("0.00");
    expect(await cashOf(referrer)).toBe("1.00");
    expect((await orderEntries(ctx.db, order)).map((e) => [e.reason, e.amount])).toEqual([
      ["pv_order", "20.00"],
      ["commission", "4.50"],
      ["pv_refund", "-20.00"],
      ["commission_reversal", "-4.50"],
    ]);
    await expectClean();
  });

  it("a reversed order completed again credits again (9 → 6), once", async () => {
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await walk(order, [6, 9, 6, 6, 5, 6]);
    expect(await pvOf(buyer)).toBe("20.00");
    expect(await cashOf(referrer)).toBe("5.50");
    await expectClean();
  });

  it("a correction (6 → 5) keeps what stands; 5 → 7 then takes it back", async () => {
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await walk(order, [6, 5]);
    expect(await pvOf(buyer)).toBe("20.00");
    expect(await cashOf(referrer)).toBe("5.50");
    await expectClean();
    await setStatus(order, 7);
    expect(await pvOf(buyer)).toBe("0.00");
    expect(await cashOf(referrer)).toBe("1.00");
    await expectClean();
  });
});

describe("the commission is decided once, at the first completion (defect 3)", () => {
  it("completed while the commission was off: switching it on and 6 → 5 → 6 pays nothing", async () => {
    await setCommission(ctx.db, 0);
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await setStatus(order, 6);
    await setCommission(ctx.db, 1);
    await walk(order, [5, 6]);
    expect(await cashOf(referrer)).toBe("1.00");
    expect(await commissionOf(order)).toMatchObject({ outcome: "commission_off", amount: "0.00" });
    await expectClean();
  });

  it("completed while the buyer had no referrer: a referrer added later and 6 → 5 → 6 pays nobody", async () => {
    const alone = await insertUser(ctx.db, { membership: 3 });
    const order = await insertOrder(ctx.db, alone, "150.00", "20.00");
    await setStatus(order, 6);
    await ctx.db.update(users).set({ referral_of: referrer }).where(eq(users.user_id, alone));
    await walk(order, [5, 6]);
    expect(await cashOf(referrer)).toBe("1.00");
    expect(await commissionOf(order)).toMatchObject({ outcome: "no_referrer", referrer_id: null });
    await expectClean();
  });

  it("returned then complete again pays the recorded amount, even after the tier and settings changed", async () => {
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await setStatus(order, 6);
    expect(await commissionOf(order)).toMatchObject({
      outcome: "paid",
      referrer_id: referrer,
      percent: "3.00",
      base_kind: "total",
      base_amount: "150.00",
      amount: "4.50",
    });
    await setStatus(order, 9);
    // Diamond (12%) now, and the goods base: today's rules would pay 18.00 or more.
    await ctx.db.update(users).set({ membership: 5 }).where(eq(users.user_id, referrer));
    await ctx.call("PUT", "/api/settings/1", {
      ...(await settingsForm()),
      commission_base: "goods",
    });
    await setStatus(order, 6);
    expect(await cashOf(referrer)).toBe("5.50");
    const last = (await orderEntries(ctx.db, order)).at(-1);
    expect(last).toMatchObject({
      reason: "commission",
      amount: "4.50",
      note: "3.00% of RM 150.00",
    });
    await expectClean();
  });

  it("a commission that rounds to RM 0.00 is recorded as zero and pays nothing", async () => {
    // Basic: 1% of RM 0.40 = 0.004.
    const basic = await insertUser(ctx.db, { membership: 1 }, { c_wallet_amt: "1.00" });
    const small = await insertUser(ctx.db, { membership: 3, referral_of: basic });
    const order = await insertOrder(ctx.db, small, "0.40", "0.10");
    await setStatus(order, 6);
    expect(await commissionOf(order)).toMatchObject({
      outcome: "zero",
      referrer_id: basic,
      percent: "1.00",
      amount: "0.00",
    });
    expect(await cashOf(basic)).toBe("1.00");
    await expectClean();
  });

  it("answers 404 for the commission of an order never completed", async () => {
    const order = await insertOrder(ctx.db, buyer, "10.00", "1.00");
    expect((await ctx.call("GET", `/api/orders/${order}/commission`)).statusCode).toBe(404);
  });
});

describe("payout rules", () => {
  it("an inactive referrer earns no commission, recorded as referrer_inactive", async () => {
    await ctx.db.update(users).set({ user_status: 0 }).where(eq(users.user_id, referrer));
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await setStatus(order, 6);
    expect(await cashOf(referrer)).toBe("1.00");
    expect(await pvOf(buyer)).toBe("20.00");
    expect(await commissionOf(order)).toMatchObject({
      outcome: "referrer_inactive",
      referrer_id: referrer,
      amount: "0.00",
    });
    // Active again later: the decision stands.
    await ctx.db.update(users).set({ user_status: 1 }).where(eq(users.user_id, referrer));
    await walk(order, [9, 6]);
    expect(await cashOf(referrer)).toBe("1.00");
    await expectClean();
  });

  it("an inactive member's withdrawal cannot be approved (409, alone and in bulk); rejecting still works", async () => {
    const member = await insertUser(ctx.db, { user_status: 0 }, { c_wallet_amt: "50.00" });
    const one = await insertRequest(ctx.db, member, "10.00");
    const two = await insertRequest(ctx.db, member, "10.00");
    const res = await ctx.call("PUT", `/api/withdrawRequest/${one}`, {
      withdraw_status: "completed",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/inactive/);
    const bulk = await ctx.call("POST", "/api/withdrawRequest/bulk", {
      action: "approve",
      ids: [two],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().results).toEqual([
      {
        id: two,
        ok: false,
        status: 409,
        message: expect.stringMatching(/inactive/),
        code: "withdrawal_member_inactive",
        params: { name: expect.any(String) },
      },
    ]);
    expect(await cashOf(member)).toBe("50.00");
    const rejected = await ctx.call("PUT", `/api/withdrawRequest/${one}`, {
      withdraw_status: "rejected",
    });
    expect(rejected.statusCode).toBe(200);
  });

  it("the goods base pays on the total less shipping; the setting is answered and checked", async () => {
    const saved = await ctx.call("PUT", "/api/settings/1", {
      ...(await settingsForm()),
      commission_base: "goods",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().commission_base).toBe("goods");
    const bad = await ctx.call("PUT", "/api/settings/1", {
      ...(await settingsForm()),
      commission_base: "shipping",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Commission base/);
    expect((await ctx.call("GET", "/api/settings/1")).json().commission_base).toBe("goods");

    const order = await insertOrder(ctx.db, buyer, "108.00", "10.00", 2, "8.00");
    expect((await ctx.call("GET", `/api/orders/${order}`)).json().shipping_fee).toBe("8.00");
    await setStatus(order, 6);
    // 3% of 100.00, not of 108.00 (3.24).
    expect(await cashOf(referrer)).toBe("4.00");
    expect(await commissionOf(order)).toMatchObject({
      base_kind: "goods",
      base_amount: "100.00",
      amount: "3.00",
    });
    await expectClean();
  });
});

describe("a clawback the balance cannot cover is owed, and recovered from the next credits", () => {
  it("owes the commission withdrawn and the PV spent; recovers both right after the next credits", async () => {
    const first = await insertOrder(ctx.db, buyer, "100.00", "25.00");
    await setStatus(first, 6);
    expect(await cashOf(referrer)).toBe("4.00");
    // The referrer withdrew it all; the buyer's PV was adjusted down to 5.
    const request = await insertRequest(ctx.db, referrer, "4.00");
    const paid = await ctx.call("PUT", `/api/withdrawRequest/${request}`, {
      withdraw_status: "completed",
    });
    expect(paid.statusCode).toBe(200);
    await adjust(buyer, "pv", "-20.00");

    await setStatus(first, 9);
    expect(await cashOf(referrer)).toBe("0.00");
    expect(await pvOf(buyer)).toBe("0.00");
    const owedReferrer = await owedOf(referrer);
    expect(owedReferrer).toMatchObject({ user_id: referrer, cash_wallet: "3.00", pv: "0.00" });
    expect(owedReferrer.items).toMatchObject([
      { account: "cash_wallet", orders_id: first, amount: "3.00", recovered: "0.00" },
    ]);
    expect(await owedOf(buyer)).toMatchObject({ pv: "20.00", cash_wallet: "0.00" });
    const audited = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'Owed' and action = 'create'
        and (after->>'orders_id')::int = ${first}`,
    );
    expect(audited.rows[0]?.n).toBe(2);
    await expectClean();

    // The next order: 2.00 of commission (3% of 66.67 = 2.0001), 8 PV.
    const second = await insertOrder(ctx.db, buyer, "66.67", "8.00");
    await setStatus(second, 6);
    const referrerLines = (
      await ctx.call("GET", `/api/walletLedger?user_id=${referrer}&_page=1&_limit=2`)
    ).json() as LedgerEntry[];
    expect(referrerLines.map((e) => [e.reason, e.amount, e.ref_id, e.balance_after])).toEqual([
      ["clawback_recovery", "-2.00", first, "0.00"],
      ["commission", "2.00", second, "2.00"],
    ]);
    expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "1.00" });
    expect(await owedOf(buyer)).toMatchObject({ pv: "12.00" });
    expect(await pvOf(buyer)).toBe("0.00");
    await expectClean();

    // A third order covers the rest; what is left is the member's.
    const third = await insertOrder(ctx.db, buyer, "100.00", "30.00");
    await setStatus(third, 6);
    expect(await cashOf(referrer)).toBe("2.00");
    expect(await pvOf(buyer)).toBe("18.00");
    expect(await owedOf(referrer)).toEqual({
      user_id: referrer,
      cash_wallet: "0.00",
      pv: "0.00",
      items: [],
    });
    await expectClean();

    // Completing the first order again credits it again: nothing is owed for it any more.
    await setStatus(first, 6);
    expect(await cashOf(referrer)).toBe("5.00");
    expect(await pvOf(buyer)).toBe("43.00");
    await expectClean();
  });

  it("re-completing the very order that is owed recovers its own clawback", async () => {
    const order = await insertOrder(ctx.db, buyer, "100.00", "10.00");
    await setStatus(order, 6);
    await adjust(referrer, "cash_wallet", "-4.00");
    await setStatus(order, 7);
    expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "3.00" });
    await setStatus(order, 6);
    expect(await owedOf(referrer)).toMatchObject({ cash_wallet: "0.00" });
    expect(await cashOf(referrer)).toBe("0.00");
    expect((await orderEntries(ctx.db, order)).map((e) => [e.reason, e.amount])).toEqual([
      ["pv_order", "10.00"],
      ["commission", "3.00"],
      ["pv_refund", "-10.00"],
      ["pv_order", "10.00"],
      ["commission", "3.00"],
      ["clawback_recovery", "-3.00"],
    ]);
    await expectClean();
  });
});

describe("reconcile checks every order", () => {
  it("reports a forged entry on an order, and nothing once it is undone", async () => {
    const order = await insertOrder(ctx.db, buyer, "150.00", "20.00");
    await setStatus(order, 6);
    const before = await reconcileReport();
    expect(before.orders_checked).toBeGreaterThan(0);
    expect(before.order_mismatches).toEqual([]);

    const forge = (amount: string) =>
      ctx.db.transaction((tx) =>
        postEntry(tx, null, {
          userId: referrer,
          account: "cash_wallet",
          amount,
          reason: "commission",
          ref: { type: "order", id: order },
        }),
      );
    await forge("1.00");
    const report = await reconcileReport();
    expect(report.mismatches).toEqual([]);
    expect(report.order_mismatches).toEqual([
      {
        orders_id: order,
        user_id: referrer,
        account: "cash_wallet",
        order_status: 6,
        expected: "4.50",
        net: "5.50",
        owed: "0.00",
      },
    ]);
    await forge("-1.00");
    await expectClean();
  });

  it("reports an account whose entries do not sum to its balances", async () => {
    // A deleted member's balance leaves with them while their entries stay.
    const gone = await insertUser(ctx.db, { ttl_pv: "7.00" });
    await ctx.db.execute(sql`delete from user_wallets where user_id = ${gone}`);
    await ctx.db.execute(sql`delete from users where user_id = ${gone}`);
    const report = await reconcileReport();
    expect(report.account_totals).toEqual([
      { account: "pv", balances: expect.any(String), entries: expect.any(String) },
    ]);
    const [row] = report.account_totals;
    expect(Number(row?.entries) - Number(row?.balances)).toBeCloseTo(7, 2);
    // Put the store right for the rest of the file: a closing entry on the gone member's id.
    await ctx.db.execute(sql`insert into wallet_ledger (user_id, account, amount, balance_after, reason, note)
      values (${gone}, 'pv', -7.00, 0, 'adjustment', 'test: close the deleted member')`);
    expect((await reconcileReport()).account_totals).toEqual([]);
  });
});
