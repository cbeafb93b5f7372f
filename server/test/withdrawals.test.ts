import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, withdrawRequests } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser, readUser, readWallet } from "./people.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const decide = (id: number, withdraw_status: string, extra: Record<string, unknown> = {}) =>
  ctx.call("PUT", `/api/withdrawRequest/${id}`, {
    withdraw_id: id,
    withdraw_status,
    cashOut_at: "2001-01-01 00:00:00",
    rejected_at: "2001-01-01 00:00:00",
    ...extra,
  });
const readRequest = async (id: number) =>
  (await ctx.db.select().from(withdrawRequests).where(eq(withdrawRequests.withdraw_id, id)))[0];

describe("GET /api/withdrawRequest", () => {
  it("answers each request with its user's details, the currency symbol and the cash wallet as it stands", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "250.75" });
    const user = await readUser(ctx.db, owner);
    const id = await insertRequest(ctx.db, owner, "50.25");
    const res = await ctx.call("GET", `/api/withdrawRequest?q=${user?.username}&_page=1&_limit=10`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("1");
    const row = res.json()[0];
    expect(row).toMatchObject({
      withdraw_id: id,
      user_id: owner,
      username: user?.username,
      f_name: "Fixture",
      l_name: user?.l_name,
      email: user?.email,
      contact: "0100000000",
      bank_acc: "1234567890",
      bank_name: "Maybank",
      currency_symbol: "RM",
      withdraw_amt: "50.25",
      c_wallet_amt: "250.75",
      withdraw_status: "processing",
      cashOut_at: null,
      rejected_at: null,
    });
    expect(row.request_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const all = await ctx.call("GET", "/api/withdrawRequest");
    expect(all.json().length).toBe(await ctx.db.$count(withdrawRequests));
  });

  it("searches by status and bank too", async () => {
    const owner = await insertUser(ctx.db);
    await insertRequest(ctx.db, owner, "1.00", "rejected");
    const res = await ctx.call("GET", "/api/withdrawRequest?q=rejected");
    expect(
      res.json().every((r: { withdraw_status: string }) => r.withdraw_status === "rejected"),
    ).toBe(true);
    expect(res.json().length).toBeGreaterThan(0);
  });
});

describe("PUT /api/withdrawRequest/{id}", () => {
  it("approve: completed, cashOut_at now, rejected_at null, the amount taken exactly from the cash wallet", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "0.30" });
    const first = await insertRequest(ctx.db, owner, "0.10");
    const second = await insertRequest(ctx.db, owner, "0.20");
    const res = await decide(first, "completed");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      withdraw_status: "completed",
      rejected_at: null,
      c_wallet_amt: "0.20",
    });
    expect(body.cashOut_at).not.toBe("2001-01-01 00:00:00");
    expect(Math.abs(Date.now() - Date.parse(body.cashOut_at.replace(" ", "T")))).toBeLessThan(
      24 * 3600 * 1000,
    );
    expect((await decide(second, "completed")).json().c_wallet_amt).toBe("0.00");
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("0.00");
  });

  it("reject: rejected, rejected_at now, cashOut_at null, the wallet untouched", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "80.00" });
    const id = await insertRequest(ctx.db, owner, "30.00");
    const res = await decide(id, "rejected");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      withdraw_status: "rejected",
      cashOut_at: null,
      c_wallet_amt: "80.00",
    });
    expect(res.json().rejected_at).not.toBe("2001-01-01 00:00:00");
    expect(res.json().rejected_at).not.toBeNull();
  });

  it("a decided request answers 409 and nothing changes", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "100.00" });
    const done = await insertRequest(ctx.db, owner, "10.00");
    await decide(done, "completed");
    const snapshot = await readRequest(done);
    for (const status of ["completed", "rejected"]) {
      const res = await decide(done, status);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message:
          "This withdrawal request is already completed; only a processing request can be approved or rejected.",
      });
    }
    expect(await readRequest(done)).toEqual(snapshot);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("90.00");
  });

  it("refuses to approve more than the cash wallet holds (409); the request stays processing", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "49.99" });
    const id = await insertRequest(ctx.db, owner, "50.00");
    const res = await decide(id, "completed");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The cash wallet holds RM 49.99, less than the RM 50.00 requested; the request stays processing.",
    );
    expect(await readRequest(id)).toMatchObject({
      withdraw_status: "processing",
      cashOut_at: null,
    });
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("49.99");
    // It can still be rejected.
    expect((await decide(id, "rejected")).statusCode).toBe(200);
  });

  it("refuses approval for a user without a wallet (409)", async () => {
    const owner = await insertUser(ctx.db, {}, false);
    const id = await insertRequest(ctx.db, owner, "5.00");
    expect((await decide(id, "completed")).statusCode).toBe(409);
    expect((await readRequest(id))?.withdraw_status).toBe("processing");
  });

  it("validates the body: only completed or rejected, and a matching withdraw_id (400); unknown id 404", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "10.00" });
    const id = await insertRequest(ctx.db, owner, "1.00");
    for (const status of ["processing", "paid", ""]) {
      const res = await decide(id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(
        expect.objectContaining({
          path: "withdraw_status",
          message: "Status must be completed or rejected.",
        }),
      );
    }
    expect((await decide(id, "completed", { withdraw_id: id + 1 })).statusCode).toBe(400);
    expect(
      (await ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "rejected" }))
        .statusCode,
    ).toBe(200);
    expect((await decide(999999, "completed")).statusCode).toBe(404);
    expect(
      (await ctx.call("PUT", "/api/withdrawRequest/abc", { withdraw_status: "completed" }))
        .statusCode,
    ).toBe(404);
  });

  it("20 racing approve/reject calls on one request: exactly one succeeds, one cash-out at most", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "1000.00" });
    const id = await insertRequest(ctx.db, owner, "100.00");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(id, i % 2 === 0 ? "completed" : "rejected")),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)?.json();
    const row = await readRequest(id);
    expect(row?.withdraw_status).toBe(winner.withdraw_status);
    const expectedWallet = winner.withdraw_status === "completed" ? "900.00" : "1000.00";
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe(expectedWallet);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "WithdrawRequest"), eq(auditLog.entity_id, String(id))));
    expect(audits).toHaveLength(1);
  });

  it("20 racing approvals of one request debit the wallet exactly once", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "500.00" });
    const id = await insertRequest(ctx.db, owner, "123.45");
    const results = await Promise.all(Array.from({ length: 20 }, () => decide(id, "completed")));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("376.55");
  });

  it("racing approvals of different requests never overdraw the cash wallet", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "100.00" });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await insertRequest(ctx.db, owner, "30.00"));
    const results = await Promise.all(ids.map((id) => decide(id, "completed")));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("10.00");
  });
});
