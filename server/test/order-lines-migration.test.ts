/**
 * Migration 0021 (docs/decisions/order-lines.md) on a store whose orders were
 * written before it: each old order gets subtotal = total - shipping, no
 * discount and one line "Items not recorded", and the checks hold after it.
 * A shipped migration's test: on PostgreSQL in npm test, on both databases in
 * the long tier (docs/decisions/test-tiers.md).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_ROOT } from "../src/serverRoot";
import { migrationsBefore } from "./migrations.fixtures";
import { refusal } from "./orders.fixtures";
import { adminQuery } from "./storeTemplate";

const FOLDER = path.join(SERVER_ROOT, "drizzle");
const server = process.env.TEST_DATABASE_URL;

describe("migration 0021 on a store with orders", () => {
  let run: (query: SQL) => Promise<Record<string, unknown>[]>;
  let close = async () => {};
  let before: string | undefined;
  afterAll(async () => {
    await close();
    if (before) fs.rmSync(before, { recursive: true, force: true });
  });

  it("gives each old order subtotal = total - shipping, no discount, and one line for it", async () => {
    before = migrationsBefore("0021_order_lines");
    if (server) {
      const name = `test_${randomBytes(6).toString("hex")}`;
      await adminQuery(server, `create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      const db = drizzlePg(pool);
      run = async (query) => (await db.execute(query)).rows;
      close = async () => {
        await pool.end();
        await adminQuery(server, `drop database if exists ${name} with (force)`);
      };
      await migratePg(db, { migrationsFolder: before });
      await run(
        sql`insert into order_statuses (order_status_id, order_status_name) values (1, 'pending')`,
      );
      await run(sql`insert into orders (order_number, username, total_price, shipping_fee, order_status)
        values ('OLD-1', 'amy', 108.50, 8.00, 1), ('OLD-2', 'amy', 50.00, 0, 1), ('OLD-3', 'amy', 5.00, 8.00, 1)`);
      await migratePg(db, { migrationsFolder: FOLDER });
    } else {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle(client);
      run = async (query) => (await db.execute(query)).rows as Record<string, unknown>[];
      close = () => client.close();
      await migrate(db, { migrationsFolder: before });
      await run(
        sql`insert into order_statuses (order_status_id, order_status_name) values (1, 'pending')`,
      );
      await run(sql`insert into orders (order_number, username, total_price, shipping_fee, order_status)
        values ('OLD-1', 'amy', 108.50, 8.00, 1), ('OLD-2', 'amy', 50.00, 0, 1), ('OLD-3', 'amy', 5.00, 8.00, 1)`);
      await migrate(db, { migrationsFolder: FOLDER });
    }

    const orders = await run(sql`select o.order_number, o.subtotal::text, o.discount::text,
        o.shipping_fee::text, o.total_price::text, i.product_name, i.product_id, i.variant_id,
        i.quantity, i.unit_price::text, i.line_discount::text, i.line_total::text
      from orders o join order_items i on i.orders_id = o.orders_id order by o.order_number`);
    const line = {
      product_name: "Items not recorded",
      product_id: null,
      variant_id: null,
      quantity: 1,
    };
    expect(orders).toEqual([
      {
        order_number: "OLD-1",
        subtotal: "100.50",
        discount: "0.00",
        shipping_fee: "8.00",
        total_price: "108.50",
        ...line,
        unit_price: "100.50",
        line_discount: "0.00",
        line_total: "100.50",
      },
      {
        order_number: "OLD-2",
        subtotal: "50.00",
        discount: "0.00",
        shipping_fee: "0.00",
        total_price: "50.00",
        ...line,
        unit_price: "50.00",
        line_discount: "0.00",
        line_total: "50.00",
      },
      // A shipping fee above the total (hand-edited data) is cut to it.
      {
        order_number: "OLD-3",
        subtotal: "0.00",
        discount: "0.00",
        shipping_fee: "5.00",
        total_price: "5.00",
        ...line,
        unit_price: "0.00",
        line_discount: "0.00",
        line_total: "0.00",
      },
    ]);
    // From here the rule holds: an order written the old way (no subtotal, no lines) is refused.
    expect(
      await refusal(
        run(
          sql`insert into orders (order_number, username, total_price, order_status) values ('NEW-1', 'amy', 10, 1)`,
        ),
      ),
    ).toBe("23502");
    expect(
      await refusal(
        run(
          sql`insert into orders (order_number, username, total_price, subtotal, order_status) values ('NEW-1', 'amy', 10, 10, 1)`,
        ),
      ),
    ).toBe("23514 order_lines_sum");
  }, 120_000);
});
