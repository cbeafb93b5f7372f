/**
 * Four-eyes payouts under racing approvers on a real PostgreSQL server
 * (TEST_DATABASE_URL; PGlite has one connection, so nothing races there).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletLedger, withdrawRequests } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser, readWallet } from "./people.fixtures";
import { createStaff, type StaffMember, setSecondApprovalAbove } from "./staff.fixtures";

describe.skipIf(!process.env.TEST_DATABASE_URL)("four-eyes payouts under racing approvers", () => {
  let ctx: TestContext;
  let approvers: StaffMember[];

  beforeAll(async () => {
    ctx = await createTestContext();
    await setSecondApprovalAbove(ctx, "100.00");
    approvers = [];
    for (let i = 0; i < 4; i++) approvers.push(await createStaff(ctx, ["payouts:manage"]));
    for (const person of approvers) await person.stepUp();
  });
  afterAll(() => ctx?.close());

  const approve = (who: StaffMember, id: number) =>
    who.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" });
  const payouts = (id: number) =>
    ctx.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.ref_type, "withdrawal"), eq(walletLedger.ref_id, id)));

  it("second approvers racing (each twice): completed once, the money moved once", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "1000.00" });
    const id = await insertRequest(ctx.db, owner, "300.00");
    const [firstPerson, ...others] = approvers;
    if (!firstPerson) throw new Error("no approvers");
    expect((await approve(firstPerson, id)).statusCode).toBe(202);
    const results = await Promise.all([...others, ...others].map((p) => approve(p, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(5).fill("withdrawal_decided"),
    );
    expect((await payouts(id)).map((e) => e.amount)).toEqual(["-300.00"]);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("700.00");
  });

  it("first approvers racing: one is the first, one other completes it, never one person twice", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "1000.00" });
    const id = await insertRequest(ctx.db, owner, "200.00");
    const results = await Promise.all(approvers.map((p) => approve(p, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 202, 409, 409]);
    const [row] = await ctx.db
      .select()
      .from(withdrawRequests)
      .where(eq(withdrawRequests.withdraw_id, id));
    expect(row?.withdraw_status).toBe("completed");
    const firstIndex = results.findIndex((r) => r.statusCode === 202);
    const completer = results.findIndex((r) => r.statusCode === 200);
    expect(row?.first_approved_by).toBe(approvers[firstIndex]?.user_id);
    expect(firstIndex).not.toBe(completer);
    expect(await payouts(id)).toHaveLength(1);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("800.00");
  });

  it("one person approving a member's small requests at once: only the first completes alone (issue 34)", async () => {
    const [person] = approvers;
    if (!person) throw new Error("no approvers");
    await setSecondApprovalAbove(ctx, "500.00");
    try {
      for (let trial = 0; trial < 5; trial++) {
        const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "2000.00" });
        const ids: number[] = [];
        for (let i = 0; i < 4; i++) ids.push(await insertRequest(ctx.db, owner, "400.00"));
        const results = await Promise.all(ids.map((id) => approve(person, id)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 202, 202, 202]);
        expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("1600.00");
      }
    } finally {
      await setSecondApprovalAbove(ctx, "100.00");
    }
  });
});
