import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { driftedDownLines, insertUser, readUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { scaled } from "./tier";

// The referral rules under random inputs (test/people-referrals.test.ts holds
// the cases): fewer runs in `npm test`, all of them in `npm run test:long`.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members needs a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const setReferrer = (userId: number, referrer: number | null) =>
  ctx.call("PUT", `/api/users/${userId}`, { referral_of: referrer ?? 0 });
const tier = async (userId: number) => (await readUser(ctx.db, userId))?.membership;

describe("promotion on a new referral", () => {
  it("property: promotion fires exactly when rule (a) or (b) holds", async () => {
    // Two fresh tiers at the top: `low` under test, `high` the next one.
    const [low] = await ctx.db
      .insert(memberships)
      .values({ membership: "Low", req_condition: "pv", min_requirement: "0", rank: 900 })
      .returning();
    const [high] = await ctx.db
      .insert(memberships)
      .values({ membership: "High", req_condition: "pv", min_requirement: "0", rank: 901 })
      .returning();
    const lowId = low?.member_id ?? 0;
    const highId = high?.member_id ?? 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("pv" as const, "down-line" as const),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 600 }),
        async (condition, minimum, existing, pvCents) => {
          const ttl_pv = (pvCents / 100).toFixed(2);
          await ctx.db
            .update(memberships)
            .set({ req_condition: condition, min_requirement: String(minimum) })
            .where(eq(memberships.member_id, lowId));
          const referrer = await insertUser(ctx.db, { membership: lowId, ttl_pv });
          for (let i = 0; i < existing; i++) await insertUser(ctx.db, { referral_of: referrer });
          await ctx.call("PUT", `/api/referralUpdate/${referrer}`, {});
          const child = await insertUser(ctx.db);
          expect((await setReferrer(child, referrer)).statusCode).toBe(200);
          const newDownLine = existing + 1;
          const holds =
            (condition === "down-line" && newDownLine >= minimum) ||
            (condition === "pv" && pvCents >= minimum * 100);
          expect(await tier(referrer)).toBe(holds ? highId : lowId);
        },
      ),
      { numRuns: scaled(15, 40) },
    );
  });
});

describe("property: down_line always equals a fresh count", () => {
  type Op =
    | { kind: "refer"; user: number; referrer: number | null }
    | { kind: "delete"; user: number; move: "up" | "none" }
    | { kind: "recount"; user: number };
  const SIZE = 6;
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant("refer" as const),
        user: fc.nat(SIZE - 1),
        referrer: fc.option(fc.nat(SIZE - 1), { nil: null }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("delete" as const),
        user: fc.nat(SIZE - 1),
        move: fc.constantFrom("up" as const, "none" as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("recount" as const), user: fc.nat(SIZE - 1) }),
    },
  );

  it("after any sequence of referral changes, deletions and old-client recounts", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 14 }),
        fc.array(fc.option(fc.nat(SIZE - 1), { nil: null }), { minLength: SIZE, maxLength: SIZE }),
        async (ops, initial) => {
          const ids: number[] = [];
          for (let i = 0; i < SIZE; i++) ids.push(await insertUser(ctx.db));
          // Start from a random forest (a parent always has a lower index: no cycles).
          for (let i = 1; i < SIZE; i++) {
            const parent = initial[i];
            if (parent !== null && parent !== undefined && parent < i) {
              await ctx.db
                .update(users)
                .set({ referral_of: ids[parent] })
                .where(eq(users.user_id, ids[i] ?? 0));
            }
          }
          for (const id of ids) await ctx.call("PUT", `/api/referralUpdate/${id}`, {});
          for (const o of ops) {
            const user = ids[o.user] ?? 0;
            if (o.kind === "delete") {
              expect([200, 404]).toContain(
                (await ctx.call("DELETE", `/api/users/${user}?referrals=${o.move}`)).statusCode,
              );
            } else if (o.kind === "recount") {
              expect([200, 404]).toContain(
                (await ctx.call("PUT", `/api/referralUpdate/${user}`, { down_line: 999 }))
                  .statusCode,
              );
            } else {
              const referrer = o.referrer === null ? null : (ids[o.referrer] ?? 0);
              const res = await setReferrer(user, referrer);
              // 400: a self-referral, a cycle or a deleted referrer; 404: a deleted user.
              expect([200, 400, 404]).toContain(res.statusCode);
            }
            expect(await driftedDownLines(ctx.db)).toEqual([]);
          }
          await assertNoCycles(ids);
        },
      ),
      { numRuns: scaled(12, 30) },
    );
  });
});

async function assertNoCycles(ids: number[]): Promise<void> {
  const rows = await ctx.db
    .select({ user_id: users.user_id, referral_of: users.referral_of })
    .from(users)
    .where(inArray(users.user_id, ids));
  const parent = new Map(rows.map((r) => [r.user_id, r.referral_of]));
  for (const start of parent.keys()) {
    const seen = new Set<number>();
    for (let at: number | null | undefined = start; at != null; at = parent.get(at)) {
      expect(seen.has(at)).toBe(false);
      seen.add(at);
    }
  }
}
