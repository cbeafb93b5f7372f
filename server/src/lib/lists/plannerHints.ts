import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * The switch: on, a searched page's index lookups run with the planner kept
 * to bitmap scans (below); off (env LISTS_PLANNER_HINTS=off, or a test
 * setting `enabled`), the planner chooses alone. The answers are the same
 * either way; only their cost differs (docs/DECISIONS.md, "Lists at any size").
 */
export const plannerHints = { enabled: process.env.LISTS_PLANNER_HINTS !== "off" };

/**
 * Runs `work` with the planner kept to bitmap scans (the trigram indexes
 * first); `serial`: without parallel workers either, whose start (about 6 ms)
 * costs more than the thousand rows a capped count reads.
 */
export async function withTrigramPlan<R>(
  db: Tx,
  work: (tx: Tx) => Promise<R>,
  serial = false,
): Promise<R> {
  if (!plannerHints.enabled) return work(db);
  const workers = serial ? sql`'0'` : sql`current_setting('max_parallel_workers_per_gather')`;
  const settings = (scans: string, parallel: ReturnType<typeof sql>) =>
    sql`select set_config('enable_seqscan', ${scans}, true), set_config('enable_indexscan', ${scans}, true),
      set_config('max_parallel_workers_per_gather', ${parallel}, true)`;
  // Inside a longer transaction this is a savepoint, and transaction-local
  // settings outlive it: set them back. At the top they end with the commit.
  const nested = "rollback" in db;
  return db.transaction(async (tx) => {
    const [before] = nested
      ? (
          await tx.execute<{ workers: string }>(
            sql`select current_setting('max_parallel_workers_per_gather') as workers`,
          )
        ).rows
      : [];
    await tx.execute(settings("off", workers));
    const result = await work(tx);
    if (before) await tx.execute(settings("on", sql`${before.workers}`));
    return result;
  });
}
