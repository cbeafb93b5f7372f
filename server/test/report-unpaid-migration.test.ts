/**
 * Migration 0032 on a store that already has sales: the orders pending then
 * are counted as not yet paid on their days, months and years, exactly as a
 * fresh count of every roll-up (report_rollups_rebuild) has them.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { SERVER_ROOT } from "../src/serverRoot";
import { migrationsBefore } from "./migrations.fixtures";

const FOLDER = path.join(SERVER_ROOT, "drizzle");

let client: PGlite | undefined;
let before: string | undefined;
afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

const UNPAID = `select series, day::text, key, value::numeric(20,2)::text as value from report_rollups
  where series like 'sales.unpaid%' and value <> 0 order by series, day`;

// The migration's SQL is the same on both engines; the PostgreSQL run leaves it to PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "migration 0032 on a store with sales",
  () => {
    it("counts the orders pending then as not yet paid, as a fresh count does", async () => {
      client = await PGlite.create({ extensions: { pg_trgm } });
      await client.exec("set time zone 'Asia/Kuala_Lumpur'");
      const db = drizzle(client);
      before = migrationsBefore("0032_report_unpaid_sales");
      await migrate(db, { migrationsFolder: before });
      // Two pending orders in March 2025 (one on each of two days), one in
      // 2024; a paid one and a canceled pending-looking one (not a sale).
      await client.exec(`
      insert into order_statuses (order_status_id, order_status_name)
        select i, 'Status ' || i from generate_series(1, 9) i;
      begin;
      insert into orders (orders_id, order_number, username, total_price, subtotal, order_status, created_at) values
        (1, 'M1', 'amy', 40.00, 40.00, 1, '2025-03-04 12:00:00+08'),
        (2, 'M2', 'amy', 15.50, 15.50, 1, '2025-03-05 23:30:00+08'),
        (3, 'M3', 'amy', 99.00, 99.00, 2, '2025-03-05 10:00:00+08'),
        (4, 'M4', 'amy', 12.00, 12.00, 7, '2025-03-05 10:00:00+08'),
        (5, 'M5', 'amy', 20.00, 20.00, 1, '2024-06-01 09:00:00+08');
      insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
        select orders_id, 'Kopi', 1, total_price, total_price from orders;
      commit;`);

      await migrate(db, { migrationsFolder: FOLDER });
      // As the server starts: the derived objects (the returns' roll-ups among them).
      await applyDerivedTriggers(db as unknown as Db);

      const filled = (await client.query(UNPAID)).rows;
      expect(filled).toEqual([
        { series: "sales.unpaid", day: "2024-06-01", key: "", value: "20.00" },
        { series: "sales.unpaid", day: "2025-03-04", key: "", value: "40.00" },
        { series: "sales.unpaid", day: "2025-03-05", key: "", value: "15.50" },
        { series: "sales.unpaid@month", day: "2024-06-01", key: "", value: "20.00" },
        { series: "sales.unpaid@month", day: "2025-03-01", key: "", value: "55.50" },
        { series: "sales.unpaid@year", day: "2024-01-01", key: "", value: "20.00" },
        { series: "sales.unpaid@year", day: "2025-01-01", key: "", value: "55.50" },
      ]);
      // The same as every roll-up counted afresh by the one definition.
      await client.query("select report_rollups_rebuild('Asia/Kuala_Lumpur')");
      expect((await client.query(UNPAID)).rows).toEqual(filled);

      // Paid afterwards: the trigger takes it out of not yet paid.
      await client.exec("update orders set order_status = 2 where order_number = 'M1'");
      const after = await client.query<{ value: string }>(
        `select value::numeric(20,2)::text as value from report_rollups
        where series = 'sales.unpaid@month' and day = '2025-03-01'`,
      );
      expect(after.rows).toEqual([{ value: "15.50" }]);
      // Every migration runs twice on PGlite here: well over the default 30 s on a busy machine.
    }, 180_000);
  },
);
