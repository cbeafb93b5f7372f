/**
 * Migration 0038 on a store with paid commissions (docs/decisions/commission-plans.md):
 * each paid order's level-1 commission becomes its line, every decision
 * learns its buyer, and the decisions stay closed to updates.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_ROOT } from "../src/serverRoot";
import { migrationsBefore } from "./migrations.fixtures";

let client: PGlite | undefined;
let before: string | undefined;
afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

// The migration's SQL is the same on both engines; the PostgreSQL run leaves it to PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "migration 0038 on a store with commissions",
  () => {
    it("gives each paid order its line and each decision its buyer; updates stay refused", async () => {
      client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle(client);
      before = migrationsBefore("0038_commission_plans");
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
      insert into order_statuses (order_status_id, order_status_name)
        select i, 'Status ' || i from generate_series(1, 9) i;
      begin;
      insert into orders (orders_id, order_number, user_id, username, total_price, subtotal, order_status) values
        (1, 'C1', null, 'amy', 100.00, 100.00, 6), (2, 'C2', null, 'amy', 50.00, 50.00, 6);
      insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
        select orders_id, 'Kopi', 1, total_price, total_price from orders;
      commit;
      insert into order_commissions (orders_id, outcome, referrer_id, referrer_username, percent, base_kind, base_amount, amount) values
        (1, 'paid', 77, 'siti', 10.00, 'total', 100.00, 10.00),
        (2, 'no_referrer', null, null, null, null, null, 0);`);

      await migrate(db, { migrationsFolder: path.join(SERVER_ROOT, "drizzle") });

      const lines = await client.query(
        "select orders_id, depth, user_id, username, level, outcome, percent::text, amount::text, held from commission_lines",
      );
      expect(lines.rows).toEqual([
        {
          orders_id: 1,
          depth: 1,
          user_id: 77,
          username: "siti",
          level: 1,
          outcome: "paid",
          percent: "10.00",
          amount: "10.00",
          held: false,
        },
      ]);
      const decided = await client.query(
        "select orders_id, held, period_id from order_commissions order by 1",
      );
      expect(decided.rows).toEqual([
        { orders_id: 1, held: false, period_id: null },
        { orders_id: 2, held: false, period_id: null },
      ]);
      await expect(
        client.exec("update order_commissions set amount = 0 where orders_id = 2"),
      ).rejects.toThrow(/decided once/);
    });
  },
);
