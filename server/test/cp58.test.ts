/**
 * What the store paid each member (modules/tax/earnings.ts, shared by the
 * withholding and CP58) and the CP58 statements (docs/decisions/cp58.md) on a
 * real database.
 */
import type { Cp58YearStatements, LedgerAccount, LedgerReason } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { auditLog } from "../src/db/schema";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { postEntry } from "../src/modules/ledger/service";
import { CP58_JOB, makeCp58 } from "../src/modules/tax/cp58";
import { commissionsPaid } from "../src/modules/tax/earnings";
import { createTestContext, type TestContext, until } from "./helpers";
import { insertOrder } from "./ledger.fixtures";
import { insertUser } from "./people.fixtures";
import { createStaff, type StaffMember, stepUp } from "./staff.fixtures";

let ctx: TestContext;
let runner: JobRunner;
/** payouts:view and kyc:view: reads the year and draws the statements. */
let officer: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  runner = startJobRunner(ctx.db, { [CP58_JOB]: makeCp58 }, { pollMs: 20 });
  ctx.app.jobs.wake = runner.wake;
  await ctx.db.execute(sql`update report_time_zone set time_zone = 'Asia/Kuala_Lumpur'`);
  officer = await createStaff(ctx, ["payouts:view", "kyc:view"]);
  await stepUp(ctx);
});
afterAll(async () => {
  await runner.stop(1000);
  await ctx.close();
});

interface Entry {
  account: LedgerAccount;
  amount: string;
  reason: LedgerReason;
  /** An instant (with its offset): the entry is dated then; otherwise now, by the ledger's own path. */
  at?: string;
  order?: number;
}

/** Ledger entries for one member, each continuing its account's chain and moving its balance. */
async function post(db: Db, userId: number, ...entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    const ref = entry.order === undefined ? undefined : { type: "order" as const, id: entry.order };
    if (entry.at === undefined) {
      await db.transaction((tx) =>
        postEntry(tx, null, {
          userId,
          account: entry.account,
          amount: entry.amount,
          reason: entry.reason,
          ...(ref && { ref }),
        }),
      );
      continue;
    }
    // Dated entries: the ledger's path writes now(), so the row is written here, as it does.
    const column = { wallet: "wallet_amt", cash_wallet: "c_wallet_amt", held: "held_amt" }[
      entry.account as "wallet" | "cash_wallet" | "held"
    ];
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into wallet_ledger (user_id, account, amount, balance_after, reason, ref_type, ref_id, note, created_at)
        select ${userId}, ${entry.account}, ${entry.amount}::numeric,
          coalesce((select balance_after from wallet_ledger where user_id = ${userId} and account = ${entry.account}
            order by entry_id desc limit 1), 0) + ${entry.amount}::numeric,
          ${entry.reason}, ${ref?.type ?? null}, ${ref?.id ?? null}, 'test entry',
          (${entry.at}::timestamptz)::timestamp`);
      await tx.execute(
        sql`update user_wallets set ${sql.raw(column)} = ${sql.raw(column)} + ${entry.amount}::numeric where user_id = ${userId}`,
      );
    });
  }
}

const YEAR_2025 = { from: "2025-01-01", to: "2025-12-31" };

describe("commissionsPaid", () => {
  it("counts a default-plan commission on either wallet, a held one only once released, net of reversals", async () => {
    const member = await insertUser(ctx.db);
    const order = await insertOrder(ctx.db, null, "100.00", "0");
    await post(
      ctx.db,
      member,
      { account: "cash_wallet", amount: "40.00", reason: "commission" },
      { account: "wallet", amount: "5.50", reason: "commission" },
      { account: "held", amount: "30.00", reason: "commission_held" },
      // Not commission: an adjustment and a withdrawal are not what the store paid.
      { account: "cash_wallet", amount: "100.00", reason: "adjustment" },
    );
    const today = (
      await ctx.db.execute<{ day: string }>(
        sql`select ((now() at time zone 'Asia/Kuala_Lumpur')::date)::text as day`,
      )
    ).rows[0]?.day as string;
    const span = { from: today, to: today };
    expect((await commissionsPaid(ctx.db, span, [member])).get(member)).toBe("45.50");

    await post(
      ctx.db,
      member,
      { account: "held", amount: "-30.00", reason: "commission_release" },
      { account: "cash_wallet", amount: "30.00", reason: "commission_release" },
    );
    expect((await commissionsPaid(ctx.db, span, [member])).get(member)).toBe("75.50");

    await post(
      ctx.db,
      member,
      { account: "cash_wallet", amount: "-10.00", reason: "commission_reversal", order },
      { account: "cash_wallet", amount: "-2.25", reason: "clawback_recovery", order },
    );
    const paid = await commissionsPaid(ctx.db, span);
    expect(paid.get(member)).toBe("63.25");
  });

  it("bounds the year by the store's days: 23:30 on 31 December in Kuala Lumpur is that year", async () => {
    const member = await insertUser(ctx.db);
    await post(
      ctx.db,
      member,
      // 00:30 on 1 January 2025 there (16:30 UTC the day before): 2025.
      { account: "cash_wallet", amount: "1.00", reason: "commission", at: "2024-12-31T16:30:00Z" },
      // 23:30 on 31 December 2025 there (15:30 UTC): still 2025.
      { account: "cash_wallet", amount: "10.00", reason: "commission", at: "2025-12-31T15:30:00Z" },
      // Midnight that night there: 2026.
      {
        account: "cash_wallet",
        amount: "100.00",
        reason: "commission",
        at: "2025-12-31T16:00:00Z",
      },
    );
    expect((await commissionsPaid(ctx.db, YEAR_2025, [member])).get(member)).toBe("11.00");
    expect(
      (await commissionsPaid(ctx.db, { from: "2026-01-01", to: "2026-01-01" }, [member])).get(
        member,
      ),
    ).toBe("100.00");
    expect(
      (await commissionsPaid(ctx.db, { from: "2024-01-01", to: "2024-12-31" }, [member])).has(
        member,
      ),
    ).toBe(false);
  });
});

/** In 2025, 23:30 on 31 December there: the last moment the year counts. */
const LATE_2025 = "2025-12-31T15:30:00Z";
const NRIC = "900101-14-5678";

async function textOf(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  // The extracted text breaks lines where the layout does: compare words, not lines.
  return text.replace(/\s+/g, " ");
}

/** Paid exactly RM 5,000.00 in 2025: a release and a default-plan commission less a reversal. */
async function paidFiveThousand(): Promise<number> {
  const member = await insertUser(ctx.db, { f_name: "Bakar", l_name: "Ismail" });
  const order = await insertOrder(ctx.db, null, "100.00", "0");
  await post(
    ctx.db,
    member,
    { account: "held", amount: "4000.00", reason: "commission_held", at: "2025-06-01T04:00:00Z" },
    {
      account: "held",
      amount: "-4000.00",
      reason: "commission_release",
      at: "2025-07-01T04:00:00Z",
    },
    {
      account: "cash_wallet",
      amount: "4000.00",
      reason: "commission_release",
      at: "2025-07-01T04:00:00Z",
    },
    { account: "wallet", amount: "1100.00", reason: "commission", at: "2025-08-01T04:00:00Z" },
    { account: "wallet", amount: "-100.00", reason: "commission_reversal", order, at: LATE_2025 },
    // 2026 and not commission: not counted.
    { account: "cash_wallet", amount: "50.00", reason: "commission", at: "2025-12-31T16:00:00Z" },
    { account: "cash_wallet", amount: "900.00", reason: "adjustment", at: "2025-09-01T04:00:00Z" },
  );
  return member;
}

describe("CP58", () => {
  let below: number;
  let above: number;

  beforeAll(async () => {
    below = await paidFiveThousand();
    above = await insertUser(ctx.db, { f_name: "Aminah", l_name: "Rahman" });
    await post(
      ctx.db,
      above,
      {
        account: "cash_wallet",
        amount: "3000.00",
        reason: "commission",
        at: "2025-03-01T04:00:00Z",
      },
      { account: "cash_wallet", amount: "2000.01", reason: "commission", at: LATE_2025 },
    );
    await insertOrder(ctx.db, above, "10.00", "0");
    await ctx.db.execute(sql`update orders set address_1 = '12 Jalan Ampang', postcode = '50450',
      state = 'Kuala Lumpur', country = 'Malaysia' where user_id = ${above}`);
    const kyc = await ctx.call("PUT", `/api/users/${above}/kyc`, {
      nric: NRIC,
      tin: "IG12345678090",
      bank_holder_name: "AMINAH RAHMAN",
      status: "verified",
    });
    expect(kyc.statusCode, kyc.body).toBe(200);
  });

  it("is not due at RM 5,000.00 paid in the year and is at RM 5,000.01", async () => {
    const refused = await officer.call("GET", `/api/users/${below}/cp58?year=2025`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "cp58_not_eligible",
      params: { year: 2025, paid: "5000.00" },
    });
    const text = await textOf(
      await officer.call("GET", `/api/users/${above}/cp58?year=2025&lang=en`),
    );
    expect(text).toContain("Aminah Rahman");
    expect(text).toContain("5,000.01");
    // The member's statement: their number in full, the store's particulars, the date it is due by.
    expect(text).toContain("900101145678");
    expect(text).toContain("IG12345678090");
    expect(text).toContain("12 Jalan Ampang");
    expect(text).toContain("31 March 2026");
  });

  it("needs kyc:view as well as payouts:view, and audits each statement drawn with the number masked", async () => {
    const payoutsOnly = await createStaff(ctx, ["payouts:view"]);
    const kycOnly = await createStaff(ctx, ["kyc:view"]);
    for (const who of [payoutsOnly, kycOnly]) {
      const res = await who.call("GET", `/api/users/${above}/cp58?year=2025`);
      expect(res.statusCode, res.body).toBe(403);
    }
    const views = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, "Kyc"),
            eq(auditLog.entity_id, String(above)),
            eq(auditLog.action, "view"),
          ),
        );
    const before = (await views()).length;
    expect((await officer.call("GET", `/api/users/${above}/cp58?year=2025`)).statusCode).toBe(200);
    const after = await views();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      actor_id: officer.user_id,
      after: { viewed: "cp58", year: 2025, nric: "********5678" },
    });
    expect(JSON.stringify(after.at(-1))).not.toContain("900101145678");
  });

  it("makes the year's statements in a job whose total equals the ledger's", async () => {
    const run = await ctx.call("POST", "/api/cp58/2025");
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json()).toMatchObject({ year: 2025, job: { kind: CP58_JOB } });
    const year = await until(
      async () => (await officer.call("GET", "/api/cp58/2025")).json() as Cp58YearStatements,
      (y) => y.job?.status === "done",
    );
    const paid = await commissionsPaid(ctx.db, { from: "2025-01-01", to: "2025-12-31" });
    const due = [...paid].filter(([, amount]) => Number(amount) > 5000);
    const ledgerTotal = due.reduce((sum, [, amount]) => sum + Math.round(Number(amount) * 100), 0);
    expect(year).toMatchObject({ year: 2025, ended: true, members: due.length });
    expect(year.total).toBe((ledgerTotal / 100).toFixed(2));
    expect(year.job?.progress).toEqual({ done: 1, total: 1 });
    const ids = year.statements.map((s) => s.user_id);
    expect(ids).toContain(above);
    expect(ids).not.toContain(below);
    expect(year.statements.find((s) => s.user_id === above)).toMatchObject({
      name: "Aminah Rahman",
      commissions: "5000.01",
      incentives: "0.00",
      in_kind: "0.00",
      total: "5000.01",
    });
    // Run again: the year's statements replaced, not doubled.
    expect((await ctx.call("POST", "/api/cp58/2025")).statusCode).toBe(202);
    const again = await until(
      async () => (await ctx.call("GET", "/api/cp58/2025")).json() as Cp58YearStatements,
      (y) => y.job?.status === "done" && y.job.job_id !== year.job?.job_id,
    );
    expect(again).toMatchObject({ members: year.members, total: year.total });
  });

  it("answers 4xx for a year that is no year or not over, writing nothing", async () => {
    const next = new Date().getUTCFullYear() + 1;
    const jobs = async () => (await ctx.db.execute(sql`select count(*)::int as n from jobs`)).rows;
    const before = await jobs();
    // A path that names no year is no resource (lib/errors.ts); a query's bad year is a 400.
    expect((await ctx.call("POST", "/api/cp58/abc")).statusCode).toBe(404);
    expect((await ctx.call("POST", "/api/cp58/1999")).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/cp58/1999")).statusCode).toBe(404);
    expect((await ctx.call("GET", `/api/users/${above}/cp58?year=20x5`)).statusCode).toBe(400);
    expect((await ctx.call("GET", `/api/users/${above}/cp58`)).statusCode).toBe(400);
    const open = await ctx.call("POST", `/api/cp58/${next}`);
    expect(open.statusCode, open.body).toBe(409);
    expect(open.json()).toMatchObject({ code: "cp58_year_not_ended", params: { year: next } });
    expect((await ctx.call("GET", `/api/users/${above}/cp58?year=${next}`)).json()).toMatchObject({
      code: "cp58_year_not_ended",
    });
    expect(await jobs()).toEqual(before);
  });
});
