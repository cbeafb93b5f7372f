/**
 * Migration 0045 on a store that already has sales: its orders and lines are
 * "not applicable" with no tax (the column defaults), the roll-ups count the
 * same after a fresh count as before, and an order written afterwards with
 * SST adds its tax_total to `sales.tax` (docs/decisions/sst-on-lines.md).
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

const ROLLUPS = `select series, day::text, key, value::numeric(20,2)::text as value from report_rollups
  where series like 'sales.%' order by series, day, key`;

// The migration's SQL is the same on both engines; the PostgreSQL run leaves it to PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "migration 0045 on a store with sales",
  () => {
    it("leaves old orders not applicable with no tax, and counts sales.tax from then on", async () => {
      client = await PGlite.create({ extensions: { pg_trgm } });
      await client.exec("set time zone 'Asia/Kuala_Lumpur'");
      const db = drizzle(client);
      before = migrationsBefore("0045_sst");
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
      insert into order_statuses (order_status_id, order_status_name)
        select i, 'Status ' || i from generate_series(1, 9) i;
      begin;
      insert into orders (orders_id, order_number, username, total_price, subtotal, order_status, created_at) values
        (1, 'M1', 'amy', 40.00, 40.00, 1, '2025-03-04 12:00:00+08'),
        (2, 'M2', 'amy', 15.50, 15.50, 6, '2025-03-05 23:30:00+08');
      insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
        select orders_id, 'Kopi', 1, total_price, total_price from orders;
      commit;`);
      const counted = (await client.query(ROLLUPS)).rows;

      await migrate(db, { migrationsFolder: FOLDER });
      // As the server starts: the derived objects (the returns' roll-ups among them).
      await applyDerivedTriggers(db as unknown as Db);

      expect(
        (await client.query("select tax_total::text from orders order by orders_id")).rows,
      ).toEqual([{ tax_total: "0.00" }, { tax_total: "0.00" }]);
      expect(
        (
          await client.query(
            "select distinct tax_type, tax_rate::text, tax_amount::text from order_items",
          )
        ).rows,
      ).toEqual([{ tax_type: "not_applicable", tax_rate: "0.00", tax_amount: "0.00" }]);
      // A fresh count by the new definition: the same sales, no tax.
      await client.query("select report_rollups_rebuild('Asia/Kuala_Lumpur')");
      expect((await client.query(ROLLUPS)).rows).toEqual(counted);

      // An order with SST, its line holding the tax: `sales.tax` on its day, month and year.
      await client.exec(`
      begin;
      insert into orders (orders_id, order_number, username, total_price, subtotal, tax_total, order_status, created_at)
        values (3, 'M3', 'amy', 108.00, 108.00, 8.00, 2, '2025-03-06 10:00:00+08');
      insert into order_items (orders_id, product_name, quantity, unit_price, line_total, tax_type, tax_rate, tax_amount)
        values (3, 'Teh', 1, 108.00, 108.00, 'taxable', 8, 8.00);
      commit;`);
      const tax = `select series, day::text, value::numeric(20,2)::text as value from report_rollups
      where series like 'sales.tax%' order by series`;
      const kept = (await client.query(tax)).rows;
      expect(kept).toEqual([
        { series: "sales.tax", day: "2025-03-06", value: "8.00" },
        { series: "sales.tax@month", day: "2025-03-01", value: "8.00" },
        { series: "sales.tax@year", day: "2025-01-01", value: "8.00" },
      ]);
      await client.query("select report_rollups_rebuild('Asia/Kuala_Lumpur')");
      expect((await client.query(tax)).rows).toEqual(kept);

      // Its lines' tax must be its tax_total, checked at commit.
      await expect(
        client.exec(`
        begin;
        insert into orders (orders_id, order_number, username, total_price, subtotal, tax_total, order_status)
          values (4, 'M4', 'amy', 10.00, 10.00, 0.50, 2);
        insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
          values (4, 'Teh', 1, 10.00, 10.00);
        commit;`),
      ).rejects.toThrow(/tax/);
      // Every migration runs twice on PGlite here: well over the default 30 s on a busy machine.
    }, 180_000);
  },
);
