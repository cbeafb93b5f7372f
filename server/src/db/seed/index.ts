import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../schema";
import { seedDemoStore } from "./demo";

/** Fills an empty store (no users but the admin) with the demo store. */
export async function seedDemoIfEmpty(db: Db, uploadsDir: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
  if ((row?.n ?? 0) > 1) return false;
  await seedDemoStore(db, uploadsDir);
  return true;
}
