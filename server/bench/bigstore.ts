import { sql } from "drizzle-orm";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { seedDemoStore } from "../src/db/seed/demo";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { databaseStorage } from "../src/modules/uploads/storage";

const setting = (name: string, fallback: number) => Number(process.env[name] || fallback);
const size = {
  users: setting("BENCH_USERS", 10_000),
  orders: setting("BENCH_ORDERS", 50_000),
  products: setting("BENCH_PRODUCTS", 2_000),
  withdrawals: Math.max(40, Math.round(setting("BENCH_USERS", 10_000) / 10)),
};
const url = process.argv[2];
if (!url) throw new Error("usage: bigstore.ts <postgres-url>");
applyTimeZone("Asia/Kuala_Lumpur");
const database = await openDatabase({ databaseUrl: url, timeZone: "Asia/Kuala_Lumpur" });
await applyDerivedTriggers(database.db);
await seedBase(database.db);
await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
const started = Date.now();
await seedDemoStore(database.db, databaseStorage(database.db), {
  size,
  onStep: (step, ms) => console.log(`${step}: ${(ms / 1000).toFixed(1)} s`),
});
console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await database.db.execute(sql`vacuum analyze`);
await database.close();
