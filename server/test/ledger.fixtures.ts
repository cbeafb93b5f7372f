import { randomBytes } from "node:crypto";
import type { LedgerEntry } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { settings, walletLedger } from "../src/db/schema";
import { insertOrders } from "./orders.fixtures";

/** Orders have no create call (the shop's checkout writes them): tests insert rows. */
export async function insertOrder(
  db: Db,
  userId: number | null,
  total_price: string,
  points_earned: string,
  order_status = 2,
  shipping_fee = "0.00",
): Promise<number> {
  const [row] = await insertOrders(db, [
    {
      order_number: `ORD-L${randomBytes(5).toString("hex")}`,
      user_id: userId,
      username: "buyer",
      total_price,
      points_earned,
      order_status,
      shipping_fee,
    },
  ]);
  return row?.orders_id ?? 0;
}

export async function setCommission(db: Db, on: 0 | 1): Promise<void> {
  await db.update(settings).set({ commission_status: on }).where(eq(settings.setting_id, 1));
}

export async function entriesOf(db: Db, userId: number): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.user_id, userId))
    .orderBy(walletLedger.entry_id);
}

export async function orderEntries(db: Db, ordersId: number): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(walletLedger)
    .where(sql`${walletLedger.ref_type} = 'order' and ${walletLedger.ref_id} = ${ordersId}`)
    .orderBy(walletLedger.entry_id);
}

/** Every live balance that differs from the sum of its entries, or is negative (SQL, independent of the service). */
export async function ledgerDrift(db: Db) {
  const result = await db.execute<{
    user_id: number;
    account: string;
    balance: string;
    sum: string;
  }>(sql`
    with balances as (
      select user_id, 'wallet' as account, wallet_amt as balance from user_wallets
      union all select user_id, 'cash_wallet', c_wallet_amt from user_wallets
      union all select user_id, 'pv', ttl_pv from users
    )
    select b.user_id, b.account, b.balance::text as balance,
      coalesce((select sum(l.amount) from wallet_ledger l
        where l.user_id = b.user_id and l.account = b.account), 0)::text as sum
    from balances b
    where b.balance < 0 or b.balance <> coalesce((select sum(l.amount) from wallet_ledger l
      where l.user_id = b.user_id and l.account = b.account), 0)`);
  return result.rows;
}
