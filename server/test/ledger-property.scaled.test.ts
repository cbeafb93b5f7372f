/**
 * Property: after any sequence of adjustments, withdrawals (approve, reject,
 * reverse), order status changes (repeated saves and 6 → 8 → 6 included) and
 * user deletions, every balance equals the sum of its entries, none is
 * negative, and each order credits PV and commission at most once net.
 */
import { fromSen, type LedgerAccount, toSen } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, userWallets, withdrawRequests } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrder, ledgerDrift, orderEntries, setCommission } from "./ledger.fixtures";
import { insertRequest, insertUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { scaled } from "./tier";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MEMBERS = 4;
const ORDERS = 3;
const ACCOUNTS: LedgerAccount[] = ["wallet", "cash_wallet", "pv"];

type Op =
  | { kind: "adjust"; member: number; account: number; cents: number }
  | { kind: "request"; member: number; cents: number }
  | { kind: "decide"; request: number; decision: "completed" | "rejected" }
  | { kind: "reverse"; request: number }
  | { kind: "status"; order: number; status: 2 | 5 | 6 | 8 }
  | { kind: "delete"; member: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("adjust" as const),
      member: fc.nat(MEMBERS - 1),
      account: fc.nat(2),
      cents: fc.integer({ min: -3000, max: 3000 }).filter((c) => c !== 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("request" as const),
      member: fc.nat(MEMBERS - 1),
      cents: fc.integer({ min: 1, max: 4000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("decide" as const),
      request: fc.nat(5),
      decision: fc.constantFrom("completed" as const, "rejected" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("reverse" as const), request: fc.nat(5) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("status" as const),
      order: fc.nat(ORDERS - 1),
      status: fc.constantFrom(2 as const, 5 as const, 6 as const, 6 as const, 8 as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("delete" as const), member: fc.nat(MEMBERS - 1) }),
  },
);

/** The balance now, from the row (null: the member or wallet is gone). */
async function balanceOf(userId: number, account: LedgerAccount): Promise<bigint | null> {
  if (account === "pv") {
    const [row] = await ctx.db
      .select({ v: users.ttl_pv })
      .from(users)
      .where(eq(users.user_id, userId));
    return row ? toSen(row.v) : null;
  }
  const [row] = await ctx.db
    .select({ w: userWallets.wallet_amt, c: userWallets.c_wallet_amt })
    .from(userWallets)
    .where(eq(userWallets.user_id, userId));
  if (!row) return null;
  return toSen(account === "wallet" ? row.w : row.c);
}

describe("property: the ledger stays true", () => {
  it(
    "balances equal their entries, none is negative, each order credits at most once net",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: MEMBERS, maxLength: MEMBERS }),
          fc.boolean(),
          fc.array(op, { minLength: 5, maxLength: 22 }),
          async (openings, commissionOn, ops) => {
            await setCommission(ctx.db, commissionOn ? 1 : 0);
            // A referral chain: member i is referred by member i - 1, each on some tier.
            const members: number[] = [];
            for (let i = 0; i < MEMBERS; i++) {
              const cents = BigInt(openings[i] ?? 0);
              members.push(
                await insertUser(
                  ctx.db,
                  {
                    membership: (i % 5) + 1,
                    referral_of: members[i - 1] ?? null,
                    ttl_pv: fromSen(cents / 2n),
                  },
                  { wallet_amt: fromSen(cents), c_wallet_amt: fromSen(cents) },
                ),
              );
            }
            const orderIds: number[] = [];
            const credits: { points: bigint; maxCommission: bigint }[] = [];
            for (let i = 0; i < ORDERS; i++) {
              const total = 1000n + BigInt(i) * 3333n;
              const points = 100n * BigInt(i + 1);
              orderIds.push(
                await insertOrder(ctx.db, members[i + 1] ?? null, fromSen(total), fromSen(points)),
              );
              // At most the highest tier's 12%, rounded half-up.
              credits.push({ points, maxCommission: (total * 12n + 50n) / 100n });
            }
            const requests: number[] = [];
            const deleted = new Set<number>();
            for (const step of ops) {
              if (step.kind === "adjust") {
                const userId = members[step.member] as number;
                const account = ACCOUNTS[step.account] as LedgerAccount;
                const held = await balanceOf(userId, account);
                const res = await ctx.call("POST", "/api/walletAdjustments", {
                  user_id: userId,
                  account,
                  amount: fromSen(BigInt(step.cents)),
                  note: "property",
                });
                if (held === null) expect(res.statusCode).toBe(400);
                else expect(res.statusCode).toBe(held + BigInt(step.cents) < 0n ? 409 : 201);
              } else if (step.kind === "request") {
                const userId = members[step.member] as number;
                if (deleted.has(userId)) continue;
                requests.push(await insertRequest(ctx.db, userId, fromSen(BigInt(step.cents))));
              } else if (step.kind === "decide") {
                const id = requests[step.request];
                if (id === undefined) continue;
                const [before] = await ctx.db
                  .select()
                  .from(withdrawRequests)
                  .where(eq(withdrawRequests.withdraw_id, id));
                const held = await balanceOf(before?.user_id ?? 0, "cash_wallet");
                const res = await ctx.call("PUT", `/api/withdrawRequest/${id}`, {
                  withdraw_status: step.decision,
                });
                if (!before) expect(res.statusCode).toBe(404);
                else if (before.withdraw_status !== "processing") expect(res.statusCode).toBe(409);
                else if (step.decision === "rejected") expect(res.statusCode).toBe(200);
                else {
                  const short = (held ?? 0n) < toSen(before.withdraw_amt);
                  expect(res.statusCode).toBe(short ? 409 : 200);
                }
              } else if (step.kind === "reverse") {
                const id = requests[step.request];
                if (id === undefined) continue;
                const res = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, {
                  note: "returned by the bank",
                });
                expect([200, 404, 409]).toContain(res.statusCode);
              } else if (step.kind === "status") {
                const res = await ctx.call("PUT", `/api/orders/${orderIds[step.order]}`, {
                  order_status: step.status,
                  tracking_number: "MY1",
                });
                expect(res.statusCode).toBe(200);
              } else {
                // A member holding anything is refused; zeroed by adjustments, they go,
                // their referrals up to their referrer (docs/REQUIREMENTS.md section 4).
                const userId = members[step.member] as number;
                const path = `/api/users/${userId}?referrals=up`;
                // Deleting a member needs a fresh proof (docs/SECURITY.md); a run outlasts one.
                await stepUp(ctx);
                if (deleted.has(userId)) {
                  expect((await ctx.call("DELETE", path)).statusCode).toBe(404);
                  continue;
                }
                const held: [LedgerAccount, bigint][] = [];
                for (const account of ACCOUNTS) {
                  const cents = (await balanceOf(userId, account)) ?? 0n;
                  if (cents !== 0n) held.push([account, cents]);
                }
                if (held.length > 0) {
                  expect((await ctx.call("DELETE", path)).statusCode).toBe(409);
                  for (const [account, cents] of held) {
                    const zeroed = await ctx.call("POST", "/api/walletAdjustments", {
                      user_id: userId,
                      account,
                      amount: fromSen(-cents),
                      note: "paid out by hand",
                    });
                    expect(zeroed.statusCode).toBe(201);
                  }
                }
                expect((await ctx.call("DELETE", path)).statusCode).toBe(200);
                deleted.add(userId);
              }
            }

            expect(await ledgerDrift(ctx.db)).toEqual([]);
            for (const [i, ordersId] of orderIds.entries()) {
              const entries = await orderEntries(ctx.db, ordersId);
              const net = (account: LedgerAccount) =>
                entries
                  .filter((e) => e.account === account)
                  .reduce((s, e) => s + toSen(e.amount), 0n);
              const credit = credits[i] as { points: bigint; maxCommission: bigint };
              expect(net("pv")).toBeGreaterThanOrEqual(0n);
              // And at least once: a completed order of a member still here has its PV
              // standing; a refunded one has none left, but what a balance could not cover.
              const [state] = (
                await ctx.db.execute<{ order_status: number; user_id: number | null }>(
                  sql`select order_status, user_id from orders where orders_id = ${ordersId}`,
                )
              ).rows;
              if (state?.order_status === 6 && state.user_id !== null) {
                expect(net("pv")).toBeGreaterThan(0n);
              }
              if (state?.order_status === 8 && state.user_id !== null) {
                const clamped = entries.some((e) => e.note.startsWith("Only "));
                if (!clamped) expect(net("pv")).toBe(0n);
              }
              expect(net("pv")).toBeLessThanOrEqual(credit.points);
              expect(net("cash_wallet")).toBeGreaterThanOrEqual(0n);
              expect(net("cash_wallet")).toBeLessThanOrEqual(credit.maxCommission);
              // A credit is posted only while none stands: the running net is zero before it.
              for (const account of ["pv", "cash_wallet"] as const) {
                let running = 0n;
                for (const e of entries.filter((x) => x.account === account)) {
                  if (toSen(e.amount) > 0n) expect(running).toBe(0n);
                  running += toSen(e.amount);
                  expect(running).toBeGreaterThanOrEqual(0n);
                }
              }
            }
          },
        ),
        { numRuns: scaled(12, 250) },
      );
      const report = await ctx.call("GET", "/api/walletLedger/reconcile");
      expect(report.json().mismatches).toEqual([]);
      const [{ n } = { n: 0 }] = (
        await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from wallet_ledger`)
      ).rows;
      expect(n).toBeGreaterThan(0);
    },
    scaled(60_000, 600_000),
  );
});
