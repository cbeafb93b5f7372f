/**
 * Migration 0018 on a store whose audit log already holds rows without
 * labels: each is labelled as recordAudit labels new ones (a product by its
 * name, a ledger entry by its member's username, a deleted member's by the
 * username their deletion recorded), and the log stays append-only.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_ROOT } from "../src/serverRoot";
import { migrationsBefore } from "./migrations.fixtures";

const FOLDER = path.join(SERVER_ROOT, "drizzle");
const server = process.env.TEST_DATABASE_URL;

/** A store of its own, migrated by the folder given: PGlite, or a new database on TEST_DATABASE_URL. */
interface Store {
  run: (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openStore(): Promise<Store> {
  if (server) {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = drizzlePg(pool);
    return {
      run: async (query) => (await db.execute(query)).rows,
      migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
      close: async () => {
        await pool.end();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  return {
    run: async (query) => (await db.execute(query)).rows as Record<string, unknown>[],
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

let store: Store | undefined;
let before: string | undefined;
afterAll(async () => {
  await store?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe("migration 0018 on a store with an audit log", () => {
  it("labels every row already kept, the way new rows are labelled", async () => {
    store = await openStore();
    before = migrationsBefore("0018_audit_labels");
    await store.migrate(before);
    const { run } = store;
    // The lookups a user and an order refer to (the base seed's, by hand: it writes today's schema).
    await run(sql`insert into genders (gender) values ('Female')`);
    await run(sql`insert into roles (role) values ('Member')`);
    await run(sql`insert into languages (languages) values ('English')`);
    await run(sql`insert into currencies (currency_code, currency_symbol) values ('MYR', 'RM')`);
    await run(sql`insert into memberships (membership, rank) values ('Basic', 1)`);
    await run(
      sql`insert into order_statuses (order_status_id, order_status_name) values (1, 'pending')`,
    );
    const userRow = (username: string) => sql`
      insert into users (username, email, f_name, l_name, contact, password_hash, gender, role, languages, currency, user_status)
      values (${username}, ${`${username}@example.my`}, 'A', 'B', '0100000000', 'x', 'Female', 'Member', 'English', 'MYR', 1)
      returning user_id`;
    const [aminah] = await run(userRow("aminah"));
    const [gone] = await run(userRow("farid"));
    await run(sql`delete from users where user_id = ${gone?.user_id}`);
    const [category] = await run(
      sql`insert into categories (category_name) values ('Kitchen') returning category_id`,
    );
    const [product] = await run(sql`
      insert into products (product_name, normal_price, category_id)
      values ('Rice Cooker', '199.00', ${category?.category_id}) returning product_id`);
    const [order] = await run(sql`
      insert into orders (order_number, user_id, username, total_price, order_status)
      values ('ORD-0042', ${aminah?.user_id}, 'aminah', '80.00', 1) returning orders_id`);
    const audit = (entity: string, id: unknown, action: string, b: unknown, a: unknown) => sql`
      insert into audit_log (actor_id, actor_username, entity, entity_id, action, before, after)
      values (null, 'boss', ${entity}, ${String(id)}, ${action},
        ${b === null ? null : JSON.stringify(b)}::jsonb, ${a === null ? null : JSON.stringify(a)}::jsonb)`;
    await run(
      audit("Product", product?.product_id, "update", { normal_price: "1" }, { normal_price: "2" }),
    );
    await run(audit("Order", order?.orders_id, "update", { order_status: 1 }, { order_status: 2 }));
    await run(
      audit("LedgerEntry", 664, "create", null, { user_id: aminah?.user_id, amount: "5.00" }),
    );
    await run(audit("User", gone?.user_id, "delete", { username: "farid" }, null));
    await run(
      audit("LedgerEntry", 665, "create", null, { user_id: gone?.user_id, amount: "1.00" }),
    );
    await run(audit("Brand", 9, "delete", { brand_name: "Gone Brand" }, null));
    await run(audit("Session", "unknown account", "login_failed", null, { address: "1.2.3.4" }));

    await store.migrate(FOLDER);

    const rows = await run(sql`select entity, entity_id, label from audit_log order by audit_id`);
    expect(rows.map((r) => [r.entity, r.label])).toEqual([
      ["Product", "Rice Cooker"],
      ["Order", "ORD-0042"],
      ["LedgerEntry", "aminah"],
      ["User", "farid"],
      ["LedgerEntry", "farid"],
      ["Brand", "Gone Brand"],
      ["Session", null],
    ]);
    // Append-only again after the backfill.
    await expect(run(sql`update audit_log set label = 'forged'`)).rejects.toThrow();
  }, 180_000);
});
