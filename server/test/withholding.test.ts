/**
 * Withholding under s.107D (issue 39 item 3, docs/decisions/withholding.md)
 * over HTTP on a real database: the RM 100,000.00 line (exactly it: nothing;
 * a sen more: 2% half-up), the bank sent the net, the part withheld given back
 * once by a failed bank line or a Reverse, and the month's remittance report
 * (JSON, CSV, PDF) equal to the ledger, its NRIC masked without kyc:view.
 */
import type { PayoutBatchDetail, WithdrawRequest, WithholdingReport } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, userKyc, userWallets, walletLedger } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser, readWallet } from "./people.fixtures";
import { createStaff, type StaffMember } from "./staff.fixtures";

let ctx: TestContext;
let clerk: StaffMember;
/** This month and last year, in the store's zone (the test runs in Asia/Kuala_Lumpur). */
let month = "";
let lastYear = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  clerk = await createStaff(ctx, ["payouts:view", "export"]);
  const [now] = (
    await ctx.db.execute<{ month: string; year: number }>(sql`select
      to_char(now() at time zone 'Asia/Kuala_Lumpur', 'YYYY-MM') as month,
      extract(year from now() at time zone 'Asia/Kuala_Lumpur')::int as year`)
  ).rows;
  month = now?.month ?? "";
  lastYear = Number(now?.year) - 1;
});
afterAll(() => ctx.close());

/**
 * A member paid `paid` in commissions last year (one `commission` entry on
 * 31 December, 23:30 in the store's zone), which is their cash wallet now.
 */
async function memberPaid(paid: string, kyc?: { nric: string; tin: string }): Promise<number> {
  const userId = await insertUser(ctx.db, { f_name: "Aminah", l_name: "Yusof" });
  await ctx.db.insert(walletLedger).values({
    user_id: userId,
    account: "cash_wallet",
    amount: paid,
    balance_after: paid,
    reason: "commission",
    created_at: sql`'${sql.raw(String(lastYear))}-12-31 23:30:00+08'::timestamptz`,
  });
  await ctx.db
    .update(userWallets)
    .set({ c_wallet_amt: paid })
    .where(eq(userWallets.user_id, userId));
  if (kyc) await ctx.db.insert(userKyc).values({ user_id: userId, status: "verified", ...kyc });
  return userId;
}

async function approve(userId: number, amount: string): Promise<WithdrawRequest> {
  const id = await insertRequest(ctx.db, userId, amount);
  const res = await ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const entries = (withdrawId: number, account: "tax_withheld" | "cash_wallet") =>
  ctx.db
    .select({ reason: walletLedger.reason, amount: walletLedger.amount })
    .from(walletLedger)
    .where(
      and(
        eq(walletLedger.ref_type, "withdrawal"),
        eq(walletLedger.ref_id, withdrawId),
        eq(walletLedger.account, account),
      ),
    )
    .orderBy(walletLedger.entry_id);

describe("the RM 100,000.00 line", () => {
  it("exactly RM 100,000.00 last year: nothing withheld, the bank is sent all of it", async () => {
    const member = await memberPaid("100000.00");
    const request = await approve(member, "100.25");
    expect([request.tax_withheld, request.net_amt]).toEqual(["0.00", "100.25"]);
    expect(await entries(request.withdraw_id, "tax_withheld")).toEqual([]);
    expect((await readWallet(ctx.db, member))?.c_wallet_amt).toBe("99899.75");
  });

  it("RM 100,000.01 last year: 2% withheld half-up (RM 100.25 → 2.01), the whole amount leaves the cash wallet", async () => {
    const member = await memberPaid("100000.01");
    const request = await approve(member, "100.25");
    expect([request.tax_withheld, request.net_amt]).toEqual(["2.01", "98.24"]);
    const wallet = await readWallet(ctx.db, member);
    expect([wallet?.c_wallet_amt, wallet?.tax_withheld_amt]).toEqual(["99899.76", "2.01"]);
    expect(await entries(request.withdraw_id, "tax_withheld")).toEqual([
      { reason: "tax_withholding", amount: "2.01" },
    ]);
    // The member's statement lists it, on its own account.
    const statement = await ctx.call(
      "GET",
      `/api/walletLedger?user_id=${member}&account=tax_withheld`,
    );
    expect(statement.json().map((e: { reason: string }) => e.reason)).toEqual(["tax_withholding"]);
  });
});

describe("the bank and the giving back", () => {
  it("the batch line and the bank file carry the net; a failed line gives the whole amount back once, imported twice", async () => {
    const withheldFrom = await memberPaid("150000.00");
    const other = await memberPaid("10.00");
    const net = await approve(withheldFrom, "500.00");
    const whole = await approve(other, "5.00");
    expect([net.tax_withheld, net.net_amt]).toEqual(["10.00", "490.00"]);

    const made = await ctx.call("POST", "/api/payoutBatches", {
      withdraw_ids: [net.withdraw_id, whole.withdraw_id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch: PayoutBatchDetail = made.json();
    expect(batch.total).toBe("495.00");
    expect(batch.lines.map((l) => l.amount)).toEqual(["490.00", "5.00"]);
    await ctx.call("POST", `/api/payoutBatches/${batch.batch_id}/release`);
    const file = await ctx.call(
      "GET",
      `/api/payoutBatches/${batch.batch_id}/file?format=generic_csv`,
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain("490.00");
    expect(file.body).not.toContain("500.00");

    const answer = [
      "Payment Reference,Amount (RM),Status,Rejection Reason",
      `WR${net.withdraw_id},490.00,Rejected,Account closed`,
      `WR${whole.withdraw_id},5.00,Successful,`,
    ].join("\r\n");
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/payoutBatches/${batch.batch_id}/result`,
        headers: {
          "content-type": "multipart/form-data; boundary=b0",
          cookie: ctx.cookie,
        },
        payload: `--b0\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${answer}\r\n--b0--\r\n`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await entries(net.withdraw_id, "tax_withheld")).toEqual([
      { reason: "tax_withholding", amount: "10.00" },
      { reason: "tax_withholding_reversal", amount: "-10.00" },
    ]);
    expect(await entries(net.withdraw_id, "cash_wallet")).toEqual([
      { reason: "withdrawal", amount: "-500.00" },
      { reason: "payout_failed", amount: "500.00" },
    ]);
    const wallet = await readWallet(ctx.db, withheldFrom);
    expect([wallet?.c_wallet_amt, wallet?.tax_withheld_amt]).toEqual(["150000.00", "0.00"]);
  });

  it("a Reverse gives the part withheld back once; a second Reverse is refused", async () => {
    const member = await memberPaid("200000.00");
    const request = await approve(member, "33.33");
    expect(request.tax_withheld).toBe("0.67");
    for (const expected of [200, 409]) {
      const res = await ctx.call("PUT", `/api/withdrawRequest/${request.withdraw_id}/reverse`, {
        note: "Paid in error",
      });
      expect(res.statusCode, res.body).toBe(expected);
    }
    expect(await entries(request.withdraw_id, "tax_withheld")).toEqual([
      { reason: "tax_withholding", amount: "0.67" },
      { reason: "tax_withholding_reversal", amount: "-0.67" },
    ]);
    const wallet = await readWallet(ctx.db, member);
    expect([wallet?.c_wallet_amt, wallet?.tax_withheld_amt]).toEqual(["200000.00", "0.00"]);
  });
});

describe("the remittance report", () => {
  it("per member and in total equals the month's tax_withheld entries, as JSON, CSV and PDF; the NRIC masked without kyc:view", async () => {
    const member = await memberPaid("120000.00", { nric: "900101145678", tin: "IG12345678090" });
    await approve(member, "1000.00");
    await approve(member, "0.50");

    const [ledger] = (
      await ctx.db.execute<{
        total: string;
      }>(sql`select coalesce(sum(amount), 0)::numeric(14,2)::text as total
        from wallet_ledger where account = 'tax_withheld'
          and to_char(created_at at time zone 'Asia/Kuala_Lumpur', 'YYYY-MM') = ${month}`)
    ).rows;
    const masked = await clerk.call("GET", `/api/reports/withholding?month=${month}`);
    expect(masked.statusCode, masked.body).toBe(200);
    const report: WithholdingReport = masked.json();
    expect(report.total).toBe(ledger?.total);
    const row = report.rows.find((r) => r.user_id === member);
    expect(row).toMatchObject({
      name: "Aminah Yusof",
      id_type: "nric",
      id_number: "********5678",
      tin: "IG12345678090",
      amount: "20.01",
      payouts: 2,
    });
    // Withheld and given back in the month: nothing to remit, no line.
    expect(report.rows.every((r) => r.amount !== "0.00")).toBe(true);

    const viewsBefore = await kycViews(member);
    const full: WithholdingReport = (
      await ctx.call("GET", `/api/reports/withholding?month=${month}`)
    ).json();
    expect(full.rows.find((r) => r.user_id === member)?.id_number).toBe("900101145678");
    expect(await kycViews(member)).toBe(viewsBefore + 1);

    const csv = await clerk.call("GET", `/api/reports/withholding?month=${month}&_format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(`Aminah Yusof,nric,********5678,IG12345678090,2,20.01`);
    expect(csv.body.trim().split("\r\n").at(-1)).toBe(`total,,,,,,${ledger?.total}`);
    const pdf = await clerk.call("GET", `/api/reports/withholding?month=${month}&_format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });

  it("a month that is not YYYY-MM is 400 with its code", async () => {
    for (const bad of ["2026-13", "2026-1", "January", ""]) {
      const res = await clerk.call("GET", `/api/reports/withholding?month=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe("report_month");
    }
  });
});

async function kycViews(userId: number): Promise<number> {
  const rows = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "Kyc"),
        eq(auditLog.entity_id, String(userId)),
        eq(auditLog.action, "view"),
      ),
    );
  return rows[0]?.n ?? 0;
}
