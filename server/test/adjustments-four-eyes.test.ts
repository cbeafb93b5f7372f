/**
 * A credit adjustment above the second-approval amount takes a second person
 * (issue 34, item 13; docs/decisions/four-eyes-payouts.md): POST
 * walletAdjustments answers 202 with a pending adjustment, posted only when
 * another holder of wallets:manage approves it. Over HTTP on a real database.
 */
import type { AdjustmentRequest } from "@store/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, walletLedger } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertUser, readWallet } from "./people.fixtures";
import { createStaff, type StaffMember, setSecondApprovalAbove } from "./staff.fixtures";

let ctx: TestContext;
let asker: StaffMember;
let approver: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  asker = await createStaff(ctx, ["wallets:manage"]);
  approver = await createStaff(ctx, ["wallets:manage"]);
});
afterAll(() => ctx.close());
beforeEach(() => setSecondApprovalAbove(ctx, "100.00"));

const adjust = (who: StaffMember, user_id: number, account: string, amount: string) =>
  who.call("POST", "/api/walletAdjustments", { user_id, account, amount, note: "correction" });
const decide = (who: StaffMember, id: number, status: string) =>
  who.call("PUT", `/api/walletAdjustments/${id}`, { status });
const entriesOf = (userId: number) =>
  ctx.db
    .select()
    .from(walletLedger)
    .where(and(eq(walletLedger.user_id, userId), eq(walletLedger.reason, "adjustment")));

describe("a credit above the amount waits for a second person", () => {
  it("202 pending, nothing posted; the asker cannot approve it; another person's approval posts it", async () => {
    const member = await insertUser(ctx.db, {}, { c_wallet_amt: "10.00" });
    const asked = await adjust(asker, member, "cash_wallet", "150.00");
    expect(asked.statusCode, asked.body).toBe(202);
    const pending: AdjustmentRequest = asked.json();
    expect(pending).toMatchObject({
      user_id: member,
      account: "cash_wallet",
      amount: "150.00",
      note: "correction",
      status: "pending",
      requested_by: asker.user_id,
      requested_by_username: asker.username,
      entry_id: null,
    });
    expect((await readWallet(ctx.db, member))?.c_wallet_amt).toBe("10.00");
    expect(await entriesOf(member)).toEqual([]);
    const listed = await approver.call("GET", `/api/walletAdjustments?user_id=${member}`);
    expect(listed.json().map((a: AdjustmentRequest) => a.adjustment_id)).toEqual([
      pending.adjustment_id,
    ]);

    await asker.stepUp();
    const own = await decide(asker, pending.adjustment_id, "approved");
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().code).toBe("adjustment_same_person");

    const noProof = await decide(approver, pending.adjustment_id, "approved");
    expect(noProof.json().code).toBe("step_up_required");
    expect((await readWallet(ctx.db, member))?.c_wallet_amt).toBe("10.00");

    await approver.stepUp();
    const done = await decide(approver, pending.adjustment_id, "approved");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "approved",
      decided_by: approver.user_id,
      decided_by_username: approver.username,
    });
    expect((await readWallet(ctx.db, member))?.c_wallet_amt).toBe("160.00");
    const [entry] = await entriesOf(member);
    expect(entry).toMatchObject({
      amount: "150.00",
      actor_id: approver.user_id,
      note: "correction",
    });
    expect(done.json().entry_id).toBe(entry?.entry_id);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "AdjustmentRequest"),
          eq(auditLog.entity_id, String(pending.adjustment_id)),
        ),
      );
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["create", asker.user_id],
      ["update", approver.user_id],
    ]);
    // Decided: once only.
    const again = await decide(approver, pending.adjustment_id, "approved");
    expect(again.json()).toMatchObject({
      code: "adjustment_decided",
      params: { status: "approved" },
    });
    expect(await entriesOf(member)).toHaveLength(1);
  });

  it("one person's credits to one member within a day count together", async () => {
    const member = await insertUser(ctx.db, {}, {});
    expect((await adjust(asker, member, "wallet", "60.00")).statusCode).toBe(201);
    const second = await adjust(asker, member, "cash_wallet", "60.00");
    expect(second.statusCode, second.body).toBe(202);
    // Another person's credit is theirs: counted apart.
    expect((await adjust(approver, member, "wallet", "60.00")).statusCode).toBe(201);
  });

  it("the asker may reject (withdraw) it; nothing is posted, and it cannot be approved after", async () => {
    const member = await insertUser(ctx.db, {}, {});
    const asked = (await adjust(asker, member, "wallet", "500.00")).json() as AdjustmentRequest;
    const rejected = await decide(asker, asked.adjustment_id, "rejected");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", entry_id: null });
    await approver.stepUp();
    expect((await decide(approver, asked.adjustment_id, "approved")).json().code).toBe(
      "adjustment_decided",
    );
    expect((await readWallet(ctx.db, member))?.wallet_amt).toBe("0.00");
  });

  it("checks the version it was shown (If-Match), and refuses an unknown decision with 400", async () => {
    const member = await insertUser(ctx.db, {}, {});
    const asked = (await adjust(asker, member, "wallet", "500.00")).json() as AdjustmentRequest;
    const bad = await decide(approver, asked.adjustment_id, "maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("adjustment_decision");
    await decide(asker, asked.adjustment_id, "rejected");
    const stale = await ctx.app.inject({
      method: "PUT",
      url: `/api/walletAdjustments/${asked.adjustment_id}`,
      headers: { cookie: approver.cookie, "if-match": `"${asked.version}"` },
      payload: { status: "approved" },
    });
    expect(stale.statusCode, stale.body).toBe(412);
  });
});

describe("what posts at once", () => {
  it("a debit, PV, a credit at or below the amount, or any credit with the rule off: 201", async () => {
    const member = await insertUser(ctx.db, {}, { wallet_amt: "900.00" });
    expect((await adjust(asker, member, "wallet", "-500.00")).statusCode).toBe(201);
    expect((await adjust(asker, member, "pv", "500.00")).statusCode).toBe(201);
    expect((await adjust(asker, member, "wallet", "100.00")).statusCode).toBe(201);
    await setSecondApprovalAbove(ctx, null);
    expect((await adjust(asker, member, "cash_wallet", "5000.00")).statusCode).toBe(201);
    expect(await readWallet(ctx.db, member)).toMatchObject({
      wallet_amt: "500.00",
      c_wallet_amt: "5000.00",
    });
  });
});
