import type { LedgerEntry } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, settings, userWallets, walletLedger } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import {
  entriesOf,
  insertOrder,
  ledgerDrift,
  orderEntries,
  setCommission,
} from "./ledger.fixtures";
import { insertRequest, insertUser, readUser, readWallet, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

async function adjust(body: Record<string, unknown>) {
  return ctx.call("POST", "/api/walletAdjustments", body);
}

async function setStatus(ordersId: number, order_status: number) {
  const res = await ctx.call("PUT", `/api/orders/${ordersId}`, {
    order_status,
    tracking_number: "MY123",
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function noMismatches() {
  const res = await ctx.call("GET", "/api/walletLedger/reconcile");
  expect(res.statusCode).toBe(200);
  expect(res.json().mismatches).toEqual([]);
  expect(await ledgerDrift(ctx.db)).toEqual([]);
  return res.json() as { wallets_checked: number };
}

describe("opening entries", () => {
  it("gives every balance inserted non-zero its opening entry, and POST usersWallet posts them with the actor", async () => {
    const seeded = await insertUser(
      ctx.db,
      { ttl_pv: "12.30" },
      { wallet_amt: "100.10", c_wallet_amt: "0.30" },
    );
    const entries = await entriesOf(ctx.db, seeded);
    expect(entries.map((e) => [e.account, e.amount, e.balance_after, e.reason])).toEqual(
      expect.arrayContaining([
        ["wallet", "100.10", "100.10", "opening"],
        ["cash_wallet", "0.30", "0.30", "opening"],
        ["pv", "12.30", "12.30", "opening"],
      ]),
    );
    expect(entries).toHaveLength(3);

    const owner = await insertUser(ctx.db, {}, false);
    const created = await ctx.call("POST", "/api/usersWallet", {
      user_id: owner,
      wallet_amt: "5.50",
      c_wallet_amt: 0,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ wallet_amt: "5.50", c_wallet_amt: "0.00" });
    const posted = await entriesOf(ctx.db, owner);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      account: "wallet",
      amount: "5.50",
      reason: "opening",
      actor_username: "admin",
    });
    await noMismatches();
  });
});

describe("GET /api/walletLedger", () => {
  it("answers a member's entries newest first, paged with X-Total-Count, narrowed by account", async () => {
    const owner = await insertUser(ctx.db, { ttl_pv: "1.00" }, { c_wallet_amt: "10.00" });
    for (const amount of ["1.00", "2.00", "-3.50"]) {
      const res = await adjust({ user_id: owner, account: "cash_wallet", amount, note: "fix it" });
      expect(res.statusCode).toBe(201);
    }
    const page = await ctx.call("GET", `/api/walletLedger?user_id=${owner}&_page=1&_limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("5");
    const rows = page.json() as LedgerEntry[];
    expect(rows.map((r) => [r.amount, r.balance_after])).toEqual([
      ["-3.50", "9.50"],
      ["2.00", "13.00"],
    ]);
    expect(rows[0]).toMatchObject({
      user_id: owner,
      account: "cash_wallet",
      reason: "adjustment",
      ref_type: null,
      ref_id: null,
      note: "fix it",
      actor_username: "admin",
    });
    expect(rows[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const searched = await ctx.call("GET", `/api/walletLedger?user_id=${owner}&q=fix&_limit=10`);
    expect((searched.json() as LedgerEntry[]).map((r) => r.amount)).toEqual([
      "-3.50",
      "2.00",
      "1.00",
    ]);

    const csv = await ctx.call("GET", `/api/walletLedger?user_id=${owner}&_format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^entry_id,user_id,account,amount,balance_after,reason,/);
    expect(lines.slice(1).map((l) => l.split(",")[3])).toEqual([
      "-3.50",
      "2.00",
      "1.00",
      "10.00",
      "1.00",
    ]);

    const pv = await ctx.call("GET", `/api/walletLedger?user_id=${owner}&account=pv`);
    expect((pv.json() as LedgerEntry[]).map((r) => r.reason)).toEqual(["opening"]);

    const all = await ctx.call("GET", "/api/walletLedger?_page=1&_limit=1");
    expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(5);
  });

  it("refuses a bad account or user with 400", async () => {
    const bad = await ctx.call("GET", "/api/walletLedger?account=gold");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/wallet, cash_wallet or pv/);
    expect((await ctx.call("GET", "/api/walletLedger?user_id=abc")).statusCode).toBe(400);
  });
});

describe("POST /api/walletAdjustments", () => {
  it("posts a signed correction and answers the entry, with its audit row", async () => {
    const owner = await insertUser(ctx.db, {}, { wallet_amt: "20.00" });
    const res = await adjust({
      user_id: owner,
      account: "wallet",
      amount: "-20",
      note: "Duplicate top-up",
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json() as LedgerEntry;
    expect(entry).toMatchObject({ amount: "-20.00", balance_after: "0.00", reason: "adjustment" });
    expect((await readWallet(ctx.db, owner))?.wallet_amt).toBe("0.00");
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "LedgerEntry"), eq(auditLog.entity_id, String(entry.entry_id))),
      );
    expect(audit).toMatchObject({ action: "create", actor_username: "admin" });
  });

  it("refuses a result below zero with 409 and changes nothing", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "5.00" });
    const before = await entriesOf(ctx.db, owner);
    const res = await adjust({
      user_id: owner,
      account: "cash_wallet",
      amount: "-5.01",
      note: "too much",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/holds RM 5\.00.*below zero/);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("5.00");
    expect(await entriesOf(ctx.db, owner)).toEqual(before);
  });

  it("answers 400 for a short note, a zero or malformed amount, an unknown account or user", async () => {
    const owner = await insertUser(ctx.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ note: "ab" }, /at least 3 characters/],
      [{ note: undefined }, /Note is required/],
      [{ amount: 0 }, /must not be zero/],
      [{ amount: "1.234" }, /at most 2 decimal places/],
      [{ account: "points" }, /wallet, cash_wallet or pv/],
      [{ user_id: 2_000_000 }, /existing user/],
    ];
    for (const [change, message] of cases) {
      const res = await adjust({
        user_id: owner,
        account: "wallet",
        amount: "1.00",
        note: "valid",
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await entriesOf(ctx.db, owner)).toEqual([]);
  });

  it("a PV adjustment runs the pv promotion rule for that member", async () => {
    // Gold (3) needs 2000 PV to move up to Platinum (4).
    const owner = await insertUser(ctx.db, { membership: 3, ttl_pv: "1999.99" });
    const res = await adjust({ user_id: owner, account: "pv", amount: "0.01", note: "bonus" });
    expect(res.statusCode).toBe(201);
    expect(await readUser(ctx.db, owner)).toMatchObject({ ttl_pv: "2000.00", membership: 4 });
  });
});

describe("PV and commission from orders", () => {
  let referrer: number;
  let buyer: number;

  beforeEach(async () => {
    await setCommission(ctx.db, 1);
    // Silver (3% Member Earning), down-line rule: a second referral does not promote.
    referrer = await insertUser(ctx.db, { membership: 2 }, { c_wallet_amt: "1.00" });
    buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
  });

  it("completing credits the buyer's PV and the referrer's commission, half-up to the sen, once", async () => {
    const order = await insertOrder(ctx.db, buyer, "100.50", "25.00");
    await setStatus(order, 6);
    expect((await readUser(ctx.db, buyer))?.ttl_pv).toBe("25.00");
    // 3% of 100.50 = 3.015 → 3.02
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("4.02");
    const entries = await orderEntries(ctx.db, order);
    expect(entries.map((e) => [e.user_id, e.account, e.amount, e.reason])).toEqual([
      [buyer, "pv", "25.00", "pv_order"],
      [referrer, "cash_wallet", "3.02", "commission"],
    ]);
    expect(entries[0]).toMatchObject({ ref_type: "order", ref_id: order });

    await setStatus(order, 6);
    await setStatus(order, 5);
    await setStatus(order, 6);
    expect(await orderEntries(ctx.db, order)).toHaveLength(2);
    await noMismatches();
  });

  it("refund reverses both by new entries; completing again credits once more, never twice net", async () => {
    const order = await insertOrder(ctx.db, buyer, "50.00", "10.00");
    await setStatus(order, 6);
    await setStatus(order, 8);
    expect((await readUser(ctx.db, buyer))?.ttl_pv).toBe("0.00");
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("1.00");
    const reasons = (await orderEntries(ctx.db, order)).map((e) => [e.reason, e.amount]);
    expect(reasons.sort()).toEqual([
      ["commission", "1.50"],
      ["commission_reversal", "-1.50"],
      ["pv_order", "10.00"],
      ["pv_refund", "-10.00"],
    ]);
    await setStatus(order, 8);
    await setStatus(order, 6);
    await setStatus(order, 6);
    expect((await readUser(ctx.db, buyer))?.ttl_pv).toBe("10.00");
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("2.50");
    expect(await orderEntries(ctx.db, order)).toHaveLength(6);
    await noMismatches();
  });

  it("a reversal takes back only what the balance still holds, and says so", async () => {
    const order = await insertOrder(ctx.db, buyer, "100.00", "0");
    await setStatus(order, 6);
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("4.00");
    await adjust({ user_id: referrer, account: "cash_wallet", amount: "-3.50", note: "paid out" });
    await setStatus(order, 8);
    const last = (await orderEntries(ctx.db, order)).at(-1);
    expect(last).toMatchObject({ reason: "commission_reversal", amount: "-0.50" });
    expect(last?.note).toMatch(/Only RM 0\.50 of RM 3\.00/);
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("0.00");
    await noMismatches();
  });

  it("no commission while the setting is off; PV still accrues and promotes", async () => {
    await setCommission(ctx.db, 0);
    // Basic (1) moves up on pv ≥ 0 (docs/REQUIREMENTS.md section 4).
    const basic = await insertUser(ctx.db, { membership: 1, referral_of: referrer });
    const order = await insertOrder(ctx.db, basic, "80.00", "8.00");
    await setStatus(order, 6);
    expect(await readUser(ctx.db, basic)).toMatchObject({ ttl_pv: "8.00", membership: 2 });
    expect((await readWallet(ctx.db, referrer))?.c_wallet_amt).toBe("1.00");
    expect((await orderEntries(ctx.db, order)).map((e) => e.reason)).toEqual(["pv_order"]);
  });

  it("a deleted member's entries stay; reconcile still finds no mismatch", async () => {
    const order = await insertOrder(ctx.db, buyer, "10.00", "1.00");
    await setStatus(order, 6);
    // Held PV refuses the delete; an adjustment zeroes it first (docs/REQUIREMENTS.md section 4).
    expect((await ctx.call("DELETE", `/api/users/${buyer}`)).statusCode).toBe(409);
    const pv = (await readUser(ctx.db, buyer))?.ttl_pv ?? "0.00";
    expect(pv).toBe("1.00");
    await adjust({ user_id: buyer, account: "pv", amount: "-1.00", note: "forfeited" });
    expect((await ctx.call("DELETE", `/api/users/${buyer}`)).statusCode).toBe(200);
    expect((await entriesOf(ctx.db, buyer)).map((e) => e.reason)).toEqual([
      "pv_order",
      "adjustment",
    ]);
    const history = await ctx.call("GET", `/api/walletLedger?user_id=${buyer}`);
    expect(history.json()).toHaveLength(2);
    // Refunding the order now takes back the commission; the deleted buyer has no PV to take.
    await setStatus(order, 8);
    expect((await orderEntries(ctx.db, order)).map((e) => e.reason)).toEqual([
      "pv_order",
      "commission",
      "commission_reversal",
    ]);
    await noMismatches();
  });
});

describe("withdrawals through the ledger", () => {
  async function decide(id: number, withdraw_status: string) {
    return ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status });
  }

  it("approving posts the withdrawal debit with a link to the request", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "60.00" });
    const id = await insertRequest(ctx.db, owner, "25.50");
    expect((await decide(id, "completed")).statusCode).toBe(200);
    const last = (await entriesOf(ctx.db, owner)).at(-1);
    expect(last).toMatchObject({
      account: "cash_wallet",
      amount: "-25.50",
      balance_after: "34.50",
      reason: "withdrawal",
      ref_type: "withdrawal",
      ref_id: id,
    });
  });

  it("enforces the store's minimum and maximum on approval; the request stays processing", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "1000.00" });
    await ctx.db
      .update(settings)
      .set({ withdraw_min_amt: "10.00", withdraw_max_amt: "500.00" })
      .where(eq(settings.setting_id, 1));
    try {
      const small = await insertRequest(ctx.db, owner, "9.99");
      const large = await insertRequest(ctx.db, owner, "500.01");
      const edge = await insertRequest(ctx.db, owner, "500.00");
      const low = await decide(small, "completed");
      expect(low.statusCode).toBe(409);
      expect(low.json().message).toMatch(/below the store's minimum withdrawal of RM 10\.00/);
      const high = await decide(large, "completed");
      expect(high.statusCode).toBe(409);
      expect(high.json().message).toMatch(/above the store's maximum withdrawal of RM 500\.00/);
      expect((await decide(small, "rejected")).statusCode).toBe(200);
      expect((await decide(edge, "completed")).statusCode).toBe(200);
      const list = await ctx.call("GET", `/api/withdrawRequest?q=${large}`);
      expect(list.statusCode).toBe(200);
      expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("500.00");
    } finally {
      await ctx.db
        .update(settings)
        .set({ withdraw_min_amt: "0", withdraw_max_amt: null })
        .where(eq(settings.setting_id, 1));
    }
  });

  it("reverses a completed request once, with a required note, by a withdrawal_reversal entry", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "40.00" });
    const id = await insertRequest(ctx.db, owner, "15.00");
    const open = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, { note: "bank" });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/only a completed request can be reversed/);
    expect((await decide(id, "completed")).statusCode).toBe(200);
    const noNote = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, { note: " " });
    expect(noNote.statusCode).toBe(400);
    const res = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, {
      note: "Bank returned the transfer",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ withdraw_status: "completed", c_wallet_amt: "40.00" });
    expect(res.json().reversed_at).toMatch(/^\d{4}-/);
    expect((await entriesOf(ctx.db, owner)).at(-1)).toMatchObject({
      amount: "15.00",
      reason: "withdrawal_reversal",
      ref_type: "withdrawal",
      ref_id: id,
      note: "Bank returned the transfer",
    });
    const again = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, { note: "again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reversed/);
    expect(
      (await ctx.call("PUT", "/api/withdrawRequest/999999/reverse", { note: "x y z" })).statusCode,
    ).toBe(404);
    await noMismatches();
  });
});

describe("settings for the money rules", () => {
  it("answers the defaults and keeps them when a form leaves them out", async () => {
    await setCommission(ctx.db, 0);
    const res = await ctx.call("GET", "/api/settings/1");
    expect(res.json()).toMatchObject({
      commission_status: 0,
      withdraw_min_amt: "0.00",
      withdraw_max_amt: null,
      low_stock_threshold: 5,
    });
    const { setting_id: _id, updated_at: _at, ...form } = res.json();
    const saved = await ctx.call("PUT", "/api/settings/1", {
      ...form,
      commission_status: 1,
      withdraw_min_amt: "5",
      withdraw_max_amt: "",
      low_stock_threshold: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      commission_status: 1,
      withdraw_min_amt: "5.00",
      withdraw_max_amt: null,
      low_stock_threshold: 3,
    });
    const {
      commission_status: _c,
      withdraw_min_amt: _min,
      withdraw_max_amt: _max,
      low_stock_threshold: _low,
      ...oldForm
    } = form;
    const kept = await ctx.call("PUT", "/api/settings/1", { ...oldForm, store_name: "Kept" });
    expect(kept.json()).toMatchObject({ commission_status: 1, withdraw_min_amt: "5.00" });
    const bad = await ctx.call("PUT", "/api/settings/1", { ...oldForm, withdraw_max_amt: "4.99" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("withdraw_max_amt");
    await ctx.call("PUT", "/api/settings/1", {
      ...form,
      commission_status: 0,
      withdraw_min_amt: "0",
      withdraw_max_amt: null,
      low_stock_threshold: 5,
    });
  });
});

describe("the database keeps the ledger true", () => {
  async function refusal(query: ReturnType<typeof sql>) {
    try {
      await ctx.db.execute(query);
      return "accepted";
    } catch (error) {
      let e: unknown = error;
      while (e && typeof e === "object" && "cause" in e && e.cause) e = e.cause;
      return String((e as Error).message);
    }
  }

  it("refuses a balance change without its entry, and any edit of an entry", async () => {
    const owner = await insertUser(ctx.db, { ttl_pv: "3.00" }, { wallet_amt: "7.00" });
    expect(
      await refusal(sql`update ${userWallets} set wallet_amt = 8 where user_id = ${owner}`),
    ).toMatch(/only by a ledger entry/);
    expect(await refusal(sql`update users set ttl_pv = 0 where user_id = ${owner}`)).toMatch(
      /only by a ledger entry/,
    );
    // Every balance of schema.ts LEDGER_BALANCES, each by its own derived trigger.
    for (const column of ["c_wallet_amt", "held_amt", "tax_withheld_amt"])
      expect(
        await refusal(
          sql`update user_wallets set ${sql.identifier(column)} = 1 where user_id = ${owner}`,
        ),
      ).toMatch(/only by a ledger entry/);
    expect(await refusal(sql`update users set held_pv = 1 where user_id = ${owner}`)).toMatch(
      /only by a ledger entry/,
    );
    expect(
      await refusal(sql`update ${walletLedger} set amount = 1 where user_id = ${owner}`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`delete from ${walletLedger} where user_id = ${owner}`)).toMatch(
      /append-only/,
    );
    expect(
      await refusal(sql`insert into ${walletLedger} (user_id, account, amount, balance_after, reason)
        values (${owner}, 'wallet', 1, 9, 'adjustment')`),
    ).toMatch(/is not 7\.00 plus 1/);
    expect((await readWallet(ctx.db, owner))?.wallet_amt).toBe("7.00");
  });

  it("reconcile checks every member and finds nothing after all of the above", async () => {
    const user = await ctx.call("POST", "/api/users", userForm());
    expect(user.statusCode).toBe(201);
    const report = await noMismatches();
    const [count] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users`))
      .rows;
    expect(report.wallets_checked).toBe(count?.n);
  });
});
