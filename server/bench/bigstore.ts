/**
 * `npx tsx bench/bigstore.ts <postgres-url>`: fills an empty database with the
 * benchmark's store (BENCH_USERS / BENCH_ORDERS / BENCH_PRODUCTS) and leaves it,
 * so EXPLAINs (bench/pages.ts) can be run against it many times.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { seedDemoStore } from "../src/db/seed/demo";

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
await seedBase(database.db);
await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-big-"));
const started = Date.now();
await seedDemoStore(database.db, dir, {
  size,
  onStep: (step, ms) => console.log(`${step}: ${(ms / 1000).toFixed(1)} s`),
});
console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await database.db.execute(sql`vacuum analyze`);
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
