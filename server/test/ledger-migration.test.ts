/**
 * An upgraded store: balances held before migration 0008 each get one opening
 * entry, and the ledger's guarantees hold from then on.
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
import { ledgerDrift } from "./ledger.fixtures";
import { migrationsBefore } from "./migrations.fixtures";

const FOLDER = path.join(SERVER_ROOT, "drizzle");
const LEDGER_MIGRATION = "0008_wallet_ledger";

let client: PGlite | undefined;
let before: string | undefined;
afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

// The migration's SQL is the same on both engines; the PostgreSQL run leaves it to PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "migration 0008 on a store that holds balances",
  () => {
    it("posts one opening entry per balance held, and nothing for zero ones", async () => {
      client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzle(client);
      before = migrationsBefore(LEDGER_MIGRATION);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
      insert into genders (gender) values ('Female');
      insert into roles (role) values ('Member');
      insert into languages (languages) values ('English');
      insert into currencies (currency_code, currency_symbol) values ('MYR', 'RM');
      insert into memberships (membership) values ('Basic');
      insert into users (username, email, f_name, l_name, contact, password_hash, gender, role,
        languages, currency, ttl_pv)
      values ('amy', 'amy@example.my', 'Amy', 'Tan', '0123', 'x', 'Female', 'Member', 'English', 'MYR', 12.50),
        ('bee', 'bee@example.my', 'Bee', 'Lim', '0123', 'x', 'Female', 'Member', 'English', 'MYR', 0);
      insert into user_wallets (user_id, wallet_amt, c_wallet_amt)
      select user_id, case when username = 'amy' then 744.43 else 0 end, 0.05 from users;`);

      await migrate(db, { migrationsFolder: FOLDER });
      // As the server starts: the balances' guards are derived objects since migration 0047.
      await applyDerivedTriggers(db as unknown as Db);

      const entries = await client.query<{ username: string; account: string; amount: string }>(
        `select u.username, l.account, l.amount::text as amount from wallet_ledger l
       join users u on u.user_id = l.user_id where l.reason = 'opening'
       order by u.username, l.account`,
      );
      expect(entries.rows).toEqual([
        { username: "amy", account: "cash_wallet", amount: "0.05" },
        { username: "amy", account: "pv", amount: "12.50" },
        { username: "amy", account: "wallet", amount: "744.43" },
        { username: "bee", account: "cash_wallet", amount: "0.05" },
      ]);
      expect(await ledgerDrift(db as unknown as Db)).toEqual([]);
      const total = await client.query<{ value: string }>(
        `select value::text as value from running_totals where name = 'wallet_ledger'`,
      );
      expect(total.rows[0]?.value).toBe("4");
      await expect(
        client.query(`update user_wallets set wallet_amt = 1 where wallet_amt = 744.43`),
      ).rejects.toThrow(/only by a ledger entry/);
    });
  },
);
