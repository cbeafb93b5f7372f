/**
 * The report statements run prepared by name with one generic plan and no
 * parallel workers, while the app's other statements keep PostgreSQL's choice
 * (docs/decisions/reports-rollups.md, "Prepared, planned once"): on PostgreSQL
 * through the report pool, on PGlite in one exchange whose setting ends with it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPrepared } from "../src/db/prepared";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const settings = sql`select current_setting('plan_cache_mode') as plans,
  current_setting('max_parallel_workers_per_gather') as workers`;

describe("report statements", () => {
  it("plan once, generic, without parallel workers; the app's statements keep the default", async () => {
    for (let i = 0; i < 3; i++) {
      const { rows } = await readPrepared<{ plans: string; workers: string }>(ctx.db, settings);
      expect(rows).toEqual([{ plans: "force_generic_plan", workers: "0" }]);
    }
    const app = await ctx.db.execute<{ plans: string }>(settings);
    expect(app.rows[0]?.plans).toBe("auto");
  });

  it("a statement that fails answers its error and runs again with other values", async () => {
    const ratio = (divisor: number) =>
      readPrepared<{ ratio: number }>(ctx.db, sql`select 10 / ${divisor}::int as ratio`);
    await expect(ratio(0)).rejects.toThrow(/division by zero/);
    expect((await ctx.db.execute<{ plans: string }>(settings)).rows[0]?.plans).toBe("auto");
    expect((await ratio(5)).rows).toEqual([{ ratio: 2 }]);
    expect((await ratio(2)).rows).toEqual([{ ratio: 5 }]);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "keeps at most 200 statements prepared in the embedded store",
    async () => {
      for (let i = 0; i < 210; i++)
        await readPrepared(ctx.db, sql`select ${sql.raw(String(i))} + ${i}::int as n`);
      const kept = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where name like 'prepared_%'`,
      );
      expect(Number(kept.rows[0]?.n)).toBeLessThanOrEqual(200);
      expect(Number(kept.rows[0]?.n)).toBeGreaterThan(100);
    },
  );
});
