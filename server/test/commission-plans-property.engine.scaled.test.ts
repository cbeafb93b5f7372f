/**
 * Property (docs/decisions/commission-plans.md): over random sponsor trees,
 * plans (1-3 levels, skip or compress, uplines made inactive), orders and
 * walks of their statuses with referral moves in between, every member's held
 * commission is what a plain model of the plan gives the orders that stand,
 * each decided on the line as it stood at the order's first completion; the
 * buyers' held PV likewise; reconcile finds nothing.
 */
import { fromSen, type ReconcileReport, toSen } from "@store/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, users, userWallets } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrder, ledgerDrift, setCommission } from "./ledger.fixtures";
import { insertUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { ON_POSTGRES, scaled } from "./tier";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setCommission(ctx.db, 1);
});
afterAll(() => ctx.close());

const MEMBERS = 7;
const ORDERS = 4;

const planLevel = fc.record({
  percent: fc.integer({ min: 0, max: 1500 }),
  compress: fc.boolean(),
});

const world = fc.record({
  levels: fc.array(planLevel, { minLength: 1, maxLength: 3 }),
  // Member i's referrer: an earlier member, or none.
  parents: fc.array(fc.nat(), { minLength: MEMBERS, maxLength: MEMBERS }),
  rootless: fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
  inactive: fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
  orders: fc.array(
    fc.record({
      buyer: fc.nat(MEMBERS - 1),
      totalCents: fc.integer({ min: 100, max: 90_000 }),
      pointsCents: fc.integer({ min: 0, max: 5_000 }),
    }),
    { minLength: ORDERS, maxLength: ORDERS },
  ),
});

type Op =
  | { kind: "status"; order: number; status: number }
  | { kind: "move"; member: number; to: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("status" as const),
      order: fc.nat(ORDERS - 1),
      status: fc.constantFrom(2, 5, 6, 6, 7, 9),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      member: fc.nat(MEMBERS - 1),
      to: fc.nat(MEMBERS - 1),
    }),
  },
);

/** The plan's rule, written plainly: each level to the next active upline; an inactive one loses it (skip) or passes it on. */
function model(
  levels: { percent: number; compress: boolean }[],
  line: { index: number; active: boolean }[],
  baseSen: bigint,
): Map<number, bigint> {
  const paid = new Map<number, bigint>();
  let at = 0;
  for (const upline of line) {
    const level = levels[at];
    if (!level) break;
    if (!upline.active) {
      if (!level.compress) at += 1;
      continue;
    }
    at += 1;
    const amount = (baseSen * BigInt(level.percent) + 5_000n) / 10_000n;
    paid.set(upline.index, (paid.get(upline.index) ?? 0n) + amount);
  }
  return paid;
}

describe("property: a plan pays what its rule says, on the line as it stood", () => {
  it(
    "every member's held commission and PV equal the model's, and reconcile agrees",
    async () => {
      const tiers = await ctx.db.select({ id: memberships.member_id }).from(memberships);
      let walks = 0;
      await fc.assert(
        fc.asyncProperty(world, fc.array(op, { minLength: 4, maxLength: 16 }), async (w, ops) => {
          walks++;
          await stepUp(ctx);
          const plan = await ctx.call("PUT", "/api/commissionPlan", {
            levels: w.levels.map((level, i) => ({
              level: i + 1,
              rates: Object.fromEntries(
                tiers.map((t) => [String(t.id), fromSen(BigInt(level.percent))]),
              ),
              min_personal_pv: "0",
              when_unqualified: level.compress ? "compress" : "skip",
            })),
            hold_days: 0,
          });
          expect(plan.statusCode, plan.body).toBe(200);
          const parent: (number | null)[] = w.parents.map((p, i) =>
            i === 0 || w.rootless[i] ? null : p % i,
          );
          const ids: number[] = [];
          for (let i = 0; i < MEMBERS; i++) {
            const referrer = parent[i];
            ids.push(
              await insertUser(ctx.db, {
                referral_of: referrer === null || referrer === undefined ? null : ids[referrer],
                user_status: w.inactive[i] ? 0 : 1,
              }),
            );
          }
          const orderIds: number[] = [];
          for (const spec of w.orders) {
            orderIds.push(
              await insertOrder(
                ctx.db,
                ids[spec.buyer] ?? null,
                fromSen(BigInt(spec.totalCents)),
                fromSen(BigInt(spec.pointsCents)),
              ),
            );
          }
          const decided = new Map<number, Map<number, bigint>>();
          const stands = new Set<number>();
          const lineOf = (member: number) => {
            const line: { index: number; active: boolean }[] = [];
            for (let at = parent[member]; at !== null && at !== undefined; at = parent[at]) {
              line.push({ index: at, active: !w.inactive[at] });
            }
            return line;
          };
          for (const step of ops) {
            if (step.kind === "move") {
              // Only under a member's own ancestors' side: no member becomes their own upline.
              const to = step.to;
              let ancestor: number | null | undefined = to;
              while (ancestor !== null && ancestor !== undefined && ancestor !== step.member)
                ancestor = parent[ancestor];
              if (ancestor === step.member) continue;
              const res = await ctx.call("PUT", `/api/users/${ids[step.member]}`, {
                referral_of: ids[to],
              });
              expect(res.statusCode, res.body).toBe(200);
              parent[step.member] = to;
              continue;
            }
            const spec = w.orders[step.order];
            const id = orderIds[step.order] as number;
            if (!spec) continue;
            const res = await ctx.call("PUT", `/api/orders/${id}`, {
              order_status: step.status,
              tracking_number: "MY1",
            });
            expect(res.statusCode, res.body).toBe(200);
            if (step.status === 6) {
              if (!decided.has(id))
                decided.set(id, model(w.levels, lineOf(spec.buyer), BigInt(spec.totalCents)));
              stands.add(id);
            } else if ([7, 9].includes(step.status)) {
              stands.delete(id);
            }
          }
          for (const [member, userId] of ids.entries()) {
            let commission = 0n;
            let points = 0n;
            for (const [i, id] of orderIds.entries()) {
              if (!stands.has(id)) continue;
              commission += decided.get(id)?.get(member) ?? 0n;
              if (w.orders[i]?.buyer === member) points += BigInt(w.orders[i]?.pointsCents ?? 0);
            }
            const [wallet] = await ctx.db
              .select({ held: userWallets.held_amt, cash: userWallets.c_wallet_amt })
              .from(userWallets)
              .where(eq(userWallets.user_id, userId));
            const [user] = await ctx.db
              .select({ held_pv: users.held_pv })
              .from(users)
              .where(eq(users.user_id, userId));
            expect({
              member,
              held: toSen(wallet?.held ?? "0"),
              pv: toSen(user?.held_pv ?? "0"),
            }).toEqual({
              member,
              held: commission,
              pv: points,
            });
            expect(wallet?.cash).toBe("0.00");
          }
          const report = (
            await ctx.call("GET", "/api/walletLedger/reconcile")
          ).json() as ReconcileReport;
          expect(report.mismatches).toEqual([]);
          expect(report.order_mismatches).toEqual([]);
          expect(report.account_totals).toEqual([]);
          expect(await ledgerDrift(ctx.db)).toEqual([]);
        }),
        { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? scaled(ON_POSTGRES ? 5 : 2, 60)) },
      );
      expect(walks).toBeGreaterThan(0);
    },
    scaled(120_000, 1_200_000),
  );
});
