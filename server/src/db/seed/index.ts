import { sql } from "drizzle-orm";
import type { UploadStorage } from "../../modules/uploads/storage";
import type { Db } from "../client";
import { users } from "../schema";
import { type DemoOptions, type DemoSummary, demoSizeFor, seedDemoStore } from "./demo";

/**
 * Fills an empty store (no users but the admin) with the demo store: the small
 * one, or with `orders` (SEED_DEMO_ORDERS) one of that many orders, bulk-loaded.
 * Answers what it seeded, or false when the store was not empty.
 */
export async function seedDemoIfEmpty(
  db: Db,
  storage: UploadStorage,
  orders?: number,
  onStep?: DemoOptions["onStep"],
): Promise<DemoSummary | false> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
  if ((row?.n ?? 0) > 1) return false;
  if (orders === undefined) return seedDemoStore(db, storage, { onStep });
  return seedDemoStore(db, storage, { size: demoSizeFor(orders), bulk: true, onStep });
}
