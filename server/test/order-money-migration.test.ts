/**
 * Migration 0013 on a store that already has ledger entries from orders: an
 * order whose commission was paid gets a record of it, a completed order
 * without entries one that says its PV is in the opening balance, a credit
 * standing on a canceled order becomes owed; reconcile then finds nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import * as schema from "../src/db/schema";
import { reconcile } from "../src/modules/ledger/reconcile";
import { SERVER_ROOT } from "../src/serverRoot";
import { migrationsBefore } from "./migrations.fixtures";

const FOLDER = path.join(SERVER_ROOT, "drizzle");

let client: PGlite | undefined;
let before: string | undefined;
afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

// The migration's SQL is the same on both engines; the PostgreSQL run leaves it to PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "migration 0013 on a store whose ledger already follows orders",
  () => {
    it("records each order's commission as the ledger holds it, owes what stands on a canceled order, and reconciles", async () => {
      client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle(client, { schema });
      before = migrationsBefore("0013_order_money");
      await migrate(db, { migrationsFolder: before });
      // Amy buys, Bee refers her. Order 1 completed under the ledger (PV and
      // commission), 2 completed before it (no entries), 3 completed under the
      // ledger then canceled (nothing taken back then), 4 never completed.
      await client.exec(`
      insert into genders (gender) values ('Female');
      insert into roles (role) values ('Member');
      insert into languages (languages) values ('English');
      insert into currencies (currency_code, currency_symbol) values ('MYR', 'RM');
      insert into memberships (membership, member_earning) values ('Silver', 3);
      insert into order_statuses (order_status_id, order_status_name)
        select i, 'Status ' || i from generate_series(1, 9) i;
      insert into users (user_id, username, email, f_name, l_name, contact, password_hash, gender, role,
        languages, currency, user_status)
      values (1, 'bee', 'bee@example.my', 'Bee', 'Lim', '0123', 'x', 'Female', 'Member', 'English', 'MYR', 1);
      insert into users (user_id, username, email, f_name, l_name, contact, password_hash, gender, role,
        languages, currency, user_status, referral_of, ttl_pv)
      values (2, 'amy', 'amy@example.my', 'Amy', 'Tan', '0123', 'x', 'Female', 'Member', 'English', 'MYR', 1, 1, 7.00);
      insert into user_wallets (user_id) values (1), (2);
      insert into orders (orders_id, order_number, user_id, username, total_price, points_earned, order_status)
      values (1, 'A1', 2, 'amy', 100.00, 10.00, 6), (2, 'A2', 2, 'amy', 70.00, 7.00, 6),
        (3, 'A3', 2, 'amy', 50.00, 5.00, 7), (4, 'A4', 2, 'amy', 20.00, 2.00, 2);
      insert into wallet_ledger (user_id, account, amount, balance_after, reason, ref_type, ref_id, note)
      values (2, 'pv', 10.00, 17.00, 'pv_order', 'order', 1, ''),
        (1, 'cash_wallet', 3.00, 3.00, 'commission', 'order', 1, '3.00% of RM 100.00'),
        (2, 'pv', 5.00, 22.00, 'pv_order', 'order', 3, ''),
        (1, 'cash_wallet', 1.50, 4.50, 'commission', 'order', 3, '3.00% of RM 50.00');
      update users set ttl_pv = 22.00 where user_id = 2;
      update user_wallets set c_wallet_amt = 4.50 where user_id = 1;`);

      await migrate(db, { migrationsFolder: FOLDER });

      const records = await client.query(
        `select orders_id, outcome, referrer_id, referrer_username, percent::text, base_kind,
          base_amount::text, amount::text, pv_opening::text
        from order_commissions order by orders_id`,
      );
      expect(records.rows).toEqual([
        {
          orders_id: 1,
          outcome: "paid",
          referrer_id: 1,
          referrer_username: "bee",
          percent: "3.00",
          base_kind: "total",
          base_amount: "100.00",
          amount: "3.00",
          pv_opening: "0.00",
        },
        {
          orders_id: 2,
          outcome: "unrecorded",
          referrer_id: null,
          referrer_username: null,
          percent: null,
          base_kind: null,
          base_amount: null,
          amount: "0.00",
          pv_opening: "7.00",
        },
        {
          orders_id: 3,
          outcome: "paid",
          referrer_id: 1,
          referrer_username: "bee",
          percent: "3.00",
          base_kind: "total",
          base_amount: "50.00",
          amount: "1.50",
          pv_opening: "0.00",
        },
      ]);
      const owed = await client.query(
        `select user_id, account, orders_id, amount::text, recovered::text from ledger_owed
        order by user_id, account`,
      );
      expect(owed.rows).toEqual([
        { user_id: 1, account: "cash_wallet", orders_id: 3, amount: "1.50", recovered: "0.00" },
        { user_id: 2, account: "pv", orders_id: 3, amount: "5.00", recovered: "0.00" },
      ]);
      const report = await reconcile(db as unknown as Db);
      expect(report).toMatchObject({
        mismatches: [],
        order_mismatches: [],
        account_totals: [],
        orders_checked: 3,
      });
      // A record is decided once: the database refuses a change.
      await expect(
        client.query(`update order_commissions set amount = 9 where orders_id = 1`),
      ).rejects.toThrow(/decided once/);
    });
  },
);
