/**
 * Commission plans and periods (docs/decisions/commission-plans.md) through
 * the HTTP API on both databases: several levels up the sponsor line as it
 * stood at completion, skip and compression, held until the period is
 * calculated, approved (two people above the amount) and released, and what a
 * reversal takes back before and after.
 */
import type { CommissionPeriod, CommissionPlanInput, LedgerEntry } from "@store/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberships, messages } from "../src/db/schema";
import {
  calculatePeriod,
  PERIOD_CALCULATE_JOB,
  PERIOD_RELEASE_JOB,
} from "../src/modules/commissions/close";
import { releasePeriod } from "../src/modules/commissions/release";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { createTestContext, type TestContext, until } from "./helpers";
import { insertOrder, setCommission } from "./ledger.fixtures";
import { insertUser, readUser, readWallet } from "./people.fixtures";
import { createStaff, setSecondApprovalAbove, stepUp } from "./staff.fixtures";
import { LONG_TIER, ON_POSTGRES, onPostgres } from "./tier";

// The money rules are the same on both engines (`onPostgres`): PGlite runs the
// levels, the period's jobs and the ranks, whose jobs, locks and one connection
// differ by engine.

interface Store {
  ctx: TestContext;
  runner: JobRunner;
}

/** A store of its own (periods are the store's), with the period jobs running. */
async function openStore(): Promise<Store> {
  const ctx = await createTestContext();
  const runner = startJobRunner(
    ctx.db,
    { [PERIOD_CALCULATE_JOB]: calculatePeriod, [PERIOD_RELEASE_JOB]: releasePeriod },
    { pollMs: 20 },
  );
  ctx.app.jobs.wake = runner.wake;
  await setCommission(ctx.db, 1);
  await stepUp(ctx);
  return { ctx, runner };
}

async function closeStore(store: Store | undefined) {
  await store?.runner.stop(1000);
  await store?.ctx.close();
}

/** The same rate for every tier: promotions on the way do not change what a level pays. */
async function level(
  ctx: TestContext,
  rate: string,
  extra: Partial<CommissionPlanInput["levels"][number]> = {},
) {
  const tiers = await ctx.db.select({ id: memberships.member_id }).from(memberships);
  return {
    level: 0,
    rates: Object.fromEntries(tiers.map((tier) => [String(tier.id), rate])),
    min_personal_pv: "0",
    when_unqualified: "skip" as const,
    ...extra,
  };
}

async function putPlan(
  ctx: TestContext,
  plan: Omit<CommissionPlanInput, "levels"> & { levels: Awaited<ReturnType<typeof level>>[] },
) {
  const levels = plan.levels.map((l, i) => ({ ...l, level: i + 1 }));
  const res = await ctx.call("PUT", "/api/commissionPlan", { ...plan, levels });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A → B → C → D: D buys; C is D's referrer. */
async function chain(ctx: TestContext) {
  const a = await insertUser(ctx.db, { username: `a${Date.now() % 1e6}` });
  const b = await insertUser(ctx.db, { referral_of: a });
  const c = await insertUser(ctx.db, { referral_of: b });
  const d = await insertUser(ctx.db, { referral_of: c });
  return { a, b, c, d };
}

async function setStatus(ctx: TestContext, ordersId: number, order_status: number) {
  const res = await ctx.call("PUT", `/api/orders/${ordersId}`, {
    order_status,
    tracking_number: "MY1",
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function entries(ctx: TestContext, userId: number, account: string): Promise<LedgerEntry[]> {
  const res = await ctx.call("GET", `/api/walletLedger?user_id=${userId}&account=${account}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function held(ctx: TestContext, userId: number): Promise<string> {
  return (await readWallet(ctx.db, userId))?.held_amt ?? "0.00";
}

async function cash(ctx: TestContext, userId: number): Promise<string> {
  return (await readWallet(ctx.db, userId))?.c_wallet_amt ?? "0.00";
}

async function onlyPeriod(ctx: TestContext): Promise<CommissionPeriod> {
  const res = await ctx.call("GET", "/api/commissionPeriods");
  expect(res.statusCode, res.body).toBe(200);
  const [latest] = res.json() as CommissionPeriod[];
  if (!latest) throw new Error("no period");
  return latest;
}

async function periodNow(ctx: TestContext, id: number): Promise<CommissionPeriod> {
  return (await ctx.call("GET", `/api/commissionPeriods/${id}`)).json();
}

/** POST calculate or release, and the job's end. */
async function runStep(ctx: TestContext, period: CommissionPeriod, step: "calculate" | "release") {
  const res = await ctx.app.inject({
    method: "POST",
    url: `/api/commissionPeriods/${period.period_id}/${step}`,
    headers: { cookie: ctx.cookie, "if-match": `"${period.version}"` },
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().job.kind).toBe(`commissions.${step}`);
  return until(
    () => periodNow(ctx, period.period_id),
    (p) =>
      (step === "calculate" ? p.status === "calculated" : p.status === "released") &&
      p.version > res.json().period.version,
  );
}

describe("a plan's levels, skip and compression, held and released", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(() => closeStore(store));

  it("pays A→B→C→D 10/5/2 % exactly, held, with the level on each entry; the preview says the same", async () => {
    const { ctx } = store;
    await putPlan(ctx, {
      levels: [await level(ctx, "10"), await level(ctx, "5"), await level(ctx, "2")],
      hold_days: 0,
    });
    const { a, b, c, d } = await chain(ctx);
    const preview = await ctx.call("POST", "/api/commissionPlan/preview", {
      user_id: d,
      amount: "100",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(
      preview
        .json()
        .map((r: { user_id: number; level: number; amount: string }) => [
          r.user_id,
          r.level,
          r.amount,
        ]),
    ).toEqual([
      [c, 1, "10.00"],
      [b, 2, "5.00"],
      [a, 3, "2.00"],
    ]);
    const order = await insertOrder(ctx.db, d, "100.00", "40.00");
    await setStatus(ctx, order, 6);
    expect([await held(ctx, c), await held(ctx, b), await held(ctx, a)]).toEqual([
      "10.00",
      "5.00",
      "2.00",
    ]);
    expect([await cash(ctx, c), await cash(ctx, b), await cash(ctx, a)]).toEqual([
      "0.00",
      "0.00",
      "0.00",
    ]);
    const [entry] = await entries(ctx, b, "held");
    expect(entry).toMatchObject({
      reason: "commission_held",
      level: 2,
      amount: "5.00",
      ref_type: "order",
      ref_id: order,
    });
    expect((await readUser(ctx.db, d))?.held_pv).toBe("40.00");
    expect((await readUser(ctx.db, d))?.ttl_pv).toBe("0.00");
  });

  onPostgres(
    "a member with money held cannot be deleted: the release would pay nobody",
    async () => {
      const { ctx } = store;
      const { c, d } = await chain(ctx);
      await setStatus(ctx, await insertOrder(ctx.db, d, "30.00", "0.00"), 6);
      const res = await ctx.call("DELETE", `/api/users/${c}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: "member_holds_held", params: { held: "3.00" } });
      expect(await readUser(ctx.db, c)).toBeDefined();
    },
  );

  onPostgres(
    "a cancel inside the hold takes back the held entries only: nothing owed",
    async () => {
      const { ctx } = store;
      const { a, b, c, d } = await chain(ctx);
      const order = await insertOrder(ctx.db, d, "50.00", "10.00");
      await setStatus(ctx, order, 6);
      expect(await held(ctx, c)).toBe("5.00");
      await setStatus(ctx, order, 7);
      for (const member of [a, b, c]) {
        expect(await held(ctx, member)).toBe("0.00");
        expect(await cash(ctx, member)).toBe("0.00");
        const owed = (await ctx.call("GET", `/api/users/${member}/owed`)).json();
        expect(owed.cash_wallet).toBe("0.00");
      }
      expect((await readUser(ctx.db, d))?.held_pv).toBe("0.00");
      const recon = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
      expect(recon.order_mismatches).toEqual([]);
      expect(recon.mismatches).toEqual([]);
    },
  );

  onPostgres(
    "keeps the sponsor line as it stood: a referral move later re-routes nothing",
    async () => {
      const { ctx } = store;
      const { b, c, d } = await chain(ctx);
      const stranger = await insertUser(ctx.db);
      const order = await insertOrder(ctx.db, d, "100.00", "0.00");
      await setStatus(ctx, order, 6);
      const moved = await ctx.call("PUT", `/api/users/${d}`, { referral_of: stranger });
      expect(moved.statusCode, moved.body).toBe(200);
      await setStatus(ctx, order, 5);
      await setStatus(ctx, order, 7);
      await setStatus(ctx, order, 6);
      expect(await held(ctx, c)).toBe("10.00");
      expect(await held(ctx, b)).toBe("5.00");
      expect(await held(ctx, stranger)).toBe("0.00");
    },
  );

  // Skip and compression, in the same store: its open period only grows.

  for (const when of ["skip", "compress"] as const) {
    onPostgres(`an inactive B: ${when}`, async () => {
      const { ctx } = store;
      await putPlan(ctx, {
        levels: [
          await level(ctx, "10", { when_unqualified: when }),
          await level(ctx, "5", { when_unqualified: when }),
          await level(ctx, "2", { when_unqualified: when }),
        ],
        hold_days: 0,
      });
      const { a, b, c, d } = await chain(ctx);
      const top = await insertUser(ctx.db);
      await ctx.call("PUT", `/api/users/${a}`, { referral_of: top });
      await ctx.call("PUT", `/api/users/${b}`, { user_status: 0 });
      const order = await insertOrder(ctx.db, d, "100.00", "0.00");
      await setStatus(ctx, order, 6);
      expect(await held(ctx, c)).toBe("10.00");
      expect(await held(ctx, b)).toBe("0.00");
      // skip: level 2 is lost, A is paid level 3; compress: A takes level 2 and top level 3.
      expect(await held(ctx, a)).toBe(when === "skip" ? "2.00" : "5.00");
      expect(await held(ctx, top)).toBe(when === "skip" ? "0.00" : "2.00");
    });
  }

  onPostgres("a level needing personal PV passes over an upline short of it", async () => {
    const { ctx } = store;
    await putPlan(ctx, {
      levels: [await level(ctx, "10"), await level(ctx, "5", { min_personal_pv: "50" })],
      hold_days: 0,
    });
    const { a, b, c, d } = await chain(ctx);
    // B buys 60 PV in the period and qualifies; A never bought.
    await setStatus(ctx, await insertOrder(ctx.db, b, "10.00", "60.00"), 6);
    await setStatus(ctx, await insertOrder(ctx.db, d, "100.00", "0.00"), 6);
    expect(await held(ctx, b)).toBe("5.00");
    const { b: b2, d: d2 } = await chain(ctx);
    await setStatus(ctx, await insertOrder(ctx.db, d2, "100.00", "0.00"), 6);
    expect(await held(ctx, b2)).toBe("0.00");
    expect(a).toBeGreaterThan(0);
    expect(c).toBeGreaterThan(0);
  });

  onPostgres("caps an order's total and a member's period", async () => {
    const { ctx } = store;
    await putPlan(ctx, {
      levels: [await level(ctx, "10"), await level(ctx, "5")],
      cap_per_order: "12.00",
      cap_per_period: "15.00",
      hold_days: 0,
    });
    const { b, c, d } = await chain(ctx);
    await setStatus(ctx, await insertOrder(ctx.db, d, "100.00", "0.00"), 6);
    expect([await held(ctx, c), await held(ctx, b)]).toEqual(["10.00", "2.00"]);
    await setStatus(ctx, await insertOrder(ctx.db, d, "100.00", "0.00"), 6);
    expect(await held(ctx, c)).toBe("15.00");
  });

  // The release moves held PV to PV and promotes by it: last, as it releases the period.

  onPostgres(
    "a Gold member whose PV reaches 2,000 is Platinum after the release, with its audit row; one short stays Gold",
    async () => {
      const { ctx } = store;
      await putPlan(ctx, { levels: [await level(ctx, "10")], hold_days: 0 });
      const tiers = await ctx.db.select().from(memberships);
      const tier = (name: string) => tiers.find((t) => t.membership === name)?.member_id;
      const gold = tier("Gold");
      const sponsor = await insertUser(ctx.db);
      const reaches = await insertUser(ctx.db, { referral_of: sponsor, membership: gold });
      const short = await insertUser(ctx.db, { referral_of: sponsor, membership: gold });
      await setStatus(ctx, await insertOrder(ctx.db, reaches, "100.00", "2000.00"), 6);
      await setStatus(ctx, await insertOrder(ctx.db, short, "100.00", "1999.99"), 6);
      expect((await readUser(ctx.db, reaches))?.membership).toBe(gold);

      const calculated = await runStep(ctx, await onlyPeriod(ctx), "calculate");
      const approved = await ctx.app.inject({
        method: "POST",
        url: `/api/commissionPeriods/${calculated.period_id}/approve`,
        headers: { cookie: ctx.cookie, "if-match": `"${calculated.version}"` },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      await runStep(ctx, approved.json(), "release");

      const [after, shortAfter] = [await readUser(ctx.db, reaches), await readUser(ctx.db, short)];
      expect([after?.ttl_pv, after?.held_pv, after?.membership]).toEqual([
        "2000.00",
        "0.00",
        tier("Platinum"),
      ]);
      expect([shortAfter?.ttl_pv, shortAfter?.held_pv, shortAfter?.membership]).toEqual([
        "1999.99",
        "0.00",
        gold,
      ]);
      const promotions = await ctx.db
        .select({ before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "User"), eq(auditLog.entity_id, String(reaches))));
      expect(promotions).toContainEqual({
        before: { membership: gold },
        after: { membership: tier("Platinum"), reason: "referral promotion" },
      });
      expect(await cash(ctx, sponsor)).toBe("20.00");
    },
  );
});

describe("a period closed, approved by two and released", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(() => closeStore(store));

  it("calculates the same figures twice, needs a second person above the amount, releases to the cash wallets; a return after release takes back every level, owed when spent", async () => {
    const { ctx } = store;
    await putPlan(ctx, {
      levels: [await level(ctx, "10"), await level(ctx, "5"), await level(ctx, "2")],
      hold_days: 0,
    });
    const { a, b, c, d } = await chain(ctx);
    const order = await insertOrder(ctx.db, d, "200.00", "30.00");
    await setStatus(ctx, order, 6);
    const open = await onlyPeriod(ctx);
    expect(open.status).toBe("open");
    const calculated = await runStep(ctx, open, "calculate");
    expect(calculated).toMatchObject({
      total: "34.00",
      members: 3,
      orders: 1,
      percent_of_sales: "17.00",
    });
    const again = await runStep(ctx, calculated, "calculate");
    expect({ ...again, version: 0 }).toEqual({ ...calculated, version: 0 });

    // An order completing now counts in the next period.
    const later = await insertOrder(ctx.db, d, "10.00", "0.00");
    await setStatus(ctx, later, 6);
    const periods = (await ctx.call("GET", "/api/commissionPeriods")).json() as CommissionPeriod[];
    expect(periods.map((p) => p.status)).toEqual(["open", "calculated"]);

    await setSecondApprovalAbove(ctx, "20.00");
    const second = await createStaff(ctx, ["commissions:manage"]);
    const approve = (as: "admin" | "second", version: number) =>
      (as === "admin" ? ctx.app : ctx.app).inject({
        method: "POST",
        url: `/api/commissionPeriods/${again.period_id}/approve`,
        headers: {
          cookie: as === "admin" ? ctx.cookie : second.cookie,
          "if-match": `"${version}"`,
        },
      });
    const first = await approve("admin", again.version);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ status: "calculated", first_approved_by: "admin" });
    const same = await approve("admin", first.json().version);
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe("second_approval_same_person");
    const noProof = await approve("second", first.json().version);
    expect(noProof.statusCode).toBe(403);
    await second.stepUp();
    const approved = await approve("second", first.json().version);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", approved_by: second.username });

    // C spends what is still held? No: held cannot be withdrawn; C's cash is 0 until release.
    expect(await cash(ctx, c)).toBe("0.00");
    const released = await runStep(ctx, approved.json(), "release");
    expect(released.status).toBe("released");
    expect([await cash(ctx, c), await cash(ctx, b), await cash(ctx, a)]).toEqual([
      "20.00",
      "10.00",
      "4.00",
    ]);
    // Each member paid hears it once, with the amount released (modules/messages).
    const told = await ctx.db
      .select({ user_id: messages.user_id, variables: messages.variables })
      .from(messages)
      .where(
        like(messages.message_key, `commission_credited|period:${released.period_id}:released|%`),
      );
    expect(
      told.map((m) => [m.user_id, m.variables.amount]).sort((x, y) => Number(x[0]) - Number(y[0])),
    ).toEqual(
      [
        [a, "4.00"],
        [b, "10.00"],
        [c, "20.00"],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    expect([await held(ctx, c), await held(ctx, b), await held(ctx, a)]).toEqual([
      "1.00",
      "0.50",
      "0.20",
    ]);
    expect((await readUser(ctx.db, d))?.ttl_pv).toBe("30.00");
    const statement = await ctx.call(
      "GET",
      `/api/users/${c}/statement?period_id=${released.period_id}`,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({
      earned: "20.00",
      released: "20.00",
      held: "0.00",
      owed: "0.00",
    });
    expect(statement.json().lines).toEqual([
      expect.objectContaining({ orders_id: order, level: 1, amount: "20.00", state: "released" }),
    ]);

    // B spends RM 6 of the 10; then the order is returned: every level taken back, B owes 6.
    const spend = await ctx.call("POST", "/api/walletAdjustments", {
      user_id: b,
      account: "cash_wallet",
      amount: "-6.00",
      note: "Paid out by hand",
    });
    expect(spend.statusCode, spend.body).toBe(201);
    await setStatus(ctx, order, 9);
    expect([await cash(ctx, c), await cash(ctx, b), await cash(ctx, a)]).toEqual([
      "0.00",
      "0.00",
      "0.00",
    ]);
    const owed = (await ctx.call("GET", `/api/users/${b}/owed`)).json();
    expect(owed.cash_wallet).toBe("6.00");
    const recon = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
    expect(recon.order_mismatches).toEqual([]);
    expect(recon.mismatches).toEqual([]);
    expect(recon.account_totals).toEqual([]);
    const after = (
      await ctx.call("GET", `/api/users/${c}/statement?period_id=${released.period_id}`)
    ).json();
    expect(after).toMatchObject({ earned: "0.00", reversed: "20.00" });

    // The next period's release is B's next credit: what B owes is recovered from it first.
    const next = (await ctx.call("GET", "/api/commissionPeriods")).json()[0] as CommissionPeriod;
    expect(next.status).toBe("open");
    const nextCalculated = await runStep(ctx, next, "calculate");
    const single = await ctx.app.inject({
      method: "POST",
      url: `/api/commissionPeriods/${next.period_id}/approve`,
      headers: { cookie: ctx.cookie, "if-match": `"${nextCalculated.version}"` },
    });
    expect(single.statusCode, single.body).toBe(200);
    await runStep(ctx, single.json(), "release");
    expect([await cash(ctx, c), await cash(ctx, b), await cash(ctx, a)]).toEqual([
      "1.00",
      "0.00",
      "0.20",
    ]);
    expect((await ctx.call("GET", `/api/users/${b}/owed`)).json().cash_wallet).toBe("5.50");
    // The return came after period 1 was closed: its figures stand, and period 2 counts the correction, named.
    const corrected = (
      await ctx.call("GET", `/api/users/${c}/statement?period_id=${next.period_id}`)
    ).json();
    expect(corrected).toMatchObject({ adjusted: "-20.00", held: "0.00", released: "1.00" });
    expect(corrected.adjustments).toEqual([
      expect.objectContaining({
        orders_id: order,
        of_period_id: released.period_id,
        level: 1,
        amount: "-20.00",
      }),
    ]);
    expect((await periodNow(ctx, next.period_id)).total).toBe("-32.30");
    const clean = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
    expect([clean.order_mismatches, clean.mismatches, clean.account_totals]).toEqual([[], [], []]);
  });

  onPostgres("answers the statement as CSV and PDF", async () => {
    const { ctx } = store;
    const [period] = (await ctx.call("GET", "/api/commissionPeriods")).json() as CommissionPeriod[];
    const user = await insertUser(ctx.db);
    const csv = await ctx.call(
      "GET",
      `/api/users/${user}/statement?period_id=${period?.period_id}&_format=csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("orders_id,buyer_username,level");
    const pdf = await ctx.call(
      "GET",
      `/api/users/${user}/statement?period_id=${period?.period_id}&_format=pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe.skipIf(!ON_POSTGRES && !LONG_TIER)("PUT commissionPlan refuses", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(() => closeStore(store));

  it("levels out of order, a tier the store lacks, a stale version, a session without a fresh proof; the plan stays the default", async () => {
    const { ctx } = store;
    const one = await level(ctx, "10");
    const gap = await ctx.call("PUT", "/api/commissionPlan", {
      levels: [{ ...one, level: 2 }],
      hold_days: 0,
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().issues[0].code).toBe("levels_in_order");
    const tier = await ctx.call("PUT", "/api/commissionPlan", {
      levels: [{ ...one, level: 1, rates: { "999": "5" } }],
      hold_days: 0,
    });
    expect(tier.statusCode).toBe(400);
    expect(tier.json()).toMatchObject({ code: "commission_tier_unknown", params: { tier: "999" } });
    const rank = { member_id: 2, personal_pv: "0", group_pv: "0", group_depth: 1, active_legs: 0 };
    const twice = await ctx.call("PUT", "/api/commissionPlan", {
      levels: [{ ...one, level: 1 }],
      hold_days: 0,
      ranks: [rank, { ...rank, group_pv: "10" }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues[0].code).toBe("rank_tier_twice");
    const stale = await ctx.app.inject({
      method: "PUT",
      url: "/api/commissionPlan",
      headers: { cookie: ctx.cookie, "if-match": '"99"' },
      payload: { levels: [{ ...one, level: 1 }], hold_days: 0 },
    });
    expect(stale.statusCode).toBe(412);
    const clerk = await createStaff(ctx, ["commissions:manage"]);
    const unproven = await clerk.call("PUT", "/api/commissionPlan", {
      levels: [{ ...one, level: 1 }],
      hold_days: 0,
    });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe("step_up_required");
    const viewer = await createStaff(ctx, ["commissions:view"]);
    expect(
      (await viewer.call("PUT", "/api/commissionPlan", { levels: [], hold_days: 0 })).statusCode,
    ).toBe(403);
    const plan = (await ctx.call("GET", "/api/commissionPlan")).json();
    expect(plan).toMatchObject({ default: true, hold_days: 0 });
    expect(plan.levels).toHaveLength(1);
  });

  it("holds a period with orders in their hold until the hold ends", async () => {
    const { ctx } = store;
    await putPlan(ctx, { levels: [await level(ctx, "10")], hold_days: 10 });
    const { d } = await chain(ctx);
    await setStatus(ctx, await insertOrder(ctx.db, d, "100.00", "0.00"), 6);
    const period = await onlyPeriod(ctx);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/commissionPeriods/${period.period_id}/calculate`,
      headers: { cookie: ctx.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("commission_period_in_hold");
    expect((await periodNow(ctx, period.period_id)).status).toBe("open");
  });
});

describe("ranks at the period's close", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(() => closeStore(store));

  it("promotes on group PV within a depth and active legs at the release, keeps the history; demotes only when the plan says", async () => {
    const { ctx } = store;
    const tiers = await ctx.db
      .select({ id: memberships.member_id, rank: memberships.rank })
      .from(memberships)
      .orderBy(memberships.rank);
    // Members start on the second tier (its own rule counts down-lines, which these
    // fixtures leave at 0): the default rule moves nobody, only the plan's ranks do.
    const [bottom, lowest, second] = tiers;
    if (!bottom || !lowest || !second) throw new Error("the base seed has tiers");
    const rule = {
      member_id: second.id,
      personal_pv: "0",
      group_pv: "100",
      group_depth: 2,
      active_legs: 1,
    };
    await putPlan(ctx, { levels: [await level(ctx, "10")], hold_days: 0, ranks: [rule] });
    const a = await insertUser(ctx.db, { membership: lowest.id });
    const b = await insertUser(ctx.db, { referral_of: a, membership: lowest.id });
    const c = await insertUser(ctx.db, { referral_of: b, membership: lowest.id });
    // A idle member on the second tier: kept there, for the plan does not demote.
    const idle = await insertUser(ctx.db, { membership: second.id });
    await setStatus(ctx, await insertOrder(ctx.db, b, "10.00", "50.00"), 6);
    await setStatus(ctx, await insertOrder(ctx.db, c, "10.00", "60.00"), 6);
    const calculated = await runStep(ctx, await onlyPeriod(ctx), "calculate");
    const found = (
      await ctx.call("GET", `/api/commissionPeriods/${calculated.period_id}/ranks`)
    ).json();
    expect(found).toEqual([
      expect.objectContaining({
        user_id: a,
        from_member: lowest.id,
        to_member: second.id,
        personal_pv: "0.00",
        group_pv: "110.00",
        active_legs: 1,
        applied_at: null,
      }),
    ]);
    expect((await readUser(ctx.db, a))?.membership).toBe(lowest.id);
    const approved = await ctx.app.inject({
      method: "POST",
      url: `/api/commissionPeriods/${calculated.period_id}/approve`,
      headers: { cookie: ctx.cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await runStep(ctx, approved.json(), "release");
    expect((await readUser(ctx.db, a))?.membership).toBe(second.id);
    expect((await readUser(ctx.db, b))?.membership).toBe(lowest.id);
    expect((await readUser(ctx.db, idle))?.membership).toBe(second.id);
    const history = (await ctx.call("GET", `/api/users/${a}/ranks`)).json();
    expect(history).toEqual([
      expect.objectContaining({
        period_id: calculated.period_id,
        to_member: second.id,
        applied_at: expect.any(String),
      }),
    ]);

    // With demotion on, the next close moves the idle member (and A, idle now) down.
    await putPlan(ctx, {
      levels: [await level(ctx, "10")],
      hold_days: 0,
      ranks: [rule],
      demote: true,
    });
    await setStatus(ctx, await insertOrder(ctx.db, c, "10.00", "1.00"), 6);
    const next = await runStep(ctx, await onlyPeriod(ctx), "calculate");
    const moves = (await ctx.call("GET", `/api/commissionPeriods/${next.period_id}/ranks`)).json();
    // Down to the bottom tier: no tier below theirs has a rule they meet.
    expect(
      moves.map((m: { user_id: number; to_member: number }) => [m.user_id, m.to_member]),
    ).toEqual(
      expect.arrayContaining([
        [idle, bottom.id],
        [a, bottom.id],
      ]),
    );
  });
});
