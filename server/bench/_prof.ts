import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { applyTimeZone } from "../src/config";
import { openDatabase } from "../src/db/client";
import { pieces, rowsOf } from "../src/modules/reports/rollupReads";
applyTimeZone("Asia/Kuala_Lumpur");
const database = await openDatabase({ databaseUrl: process.argv[2], timeZone: "Asia/Kuala_Lumpur" } as never);
const db = database.db;
const series = ["sales.orders", "sales.revenue", "sales.discount", "sales.shipping"];
const parts = pieces("2025-11-28", "2026-11-27", { years: false, months: false });
for (let i = 0; i < 8; i++) {
  const t = performance.now();
  const r = await db.execute(sql`select series, to_char(date_trunc('day', day), 'YYYY-MM-DD') as period, key,
      sum(value)::numeric(20,2)::text as value from ${rowsOf(series, parts)} as r group by 1, 2, 3`);
  const t2 = performance.now();
  const pool = (database as never as { pool?: unknown }).pool;
  console.log(`drizzle ${(t2 - t).toFixed(1)} ms rows ${r.rows.length}`);
}
await database.close();
