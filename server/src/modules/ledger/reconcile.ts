/**
 * GET walletLedger/reconcile (docs/decisions/wallet-ledger.md and
 * docs/decisions/order-money-follows-status.md): every live balance against the sum of
 * its entries; per account, all entries (deleted members' included) against
 * all balances; and every order's money against its status.
 */
import type {
  AccountTotalMismatch,
  LedgerAccount,
  OrderMismatch,
  ReconcileMismatch,
  ReconcileReport,
} from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";

/** Ids from..to, both counted: a part of a check run a part at a time (reconcileRun.ts). */
export interface IdRange {
  from: number;
  to: number;
}

/** `and <column> between from and to`, or nothing for the whole. */
const inRange = (column: string, within: IdRange | undefined): SQL =>
  within ? sql`and ${sql.raw(column)} between ${within.from} and ${within.to}` : sql``;

export async function balanceMismatches(
  db: Tx,
  within?: IdRange,
): Promise<{ checked: number; mismatches: ReconcileMismatch[] }> {
  const result = await db.execute<{
    checked: number;
    user_id: number | null;
    account: LedgerAccount | null;
    balance: string | null;
    ledger_sum: string | null;
  }>(sql`
    with balances as (
      select w.user_id, 'wallet'::text as account, w.wallet_amt as balance from user_wallets w
      where true ${inRange("w.user_id", within)}
      union all
      select w.user_id, 'cash_wallet', w.c_wallet_amt from user_wallets w
      where true ${inRange("w.user_id", within)}
      union all
      select w.user_id, 'held', w.held_amt from user_wallets w
      where true ${inRange("w.user_id", within)}
      union all
      select w.user_id, 'tax_withheld', w.tax_withheld_amt from user_wallets w
      where true ${inRange("w.user_id", within)}
      union all
      select u.user_id, 'pv', u.ttl_pv from users u where true ${inRange("u.user_id", within)}
      union all
      select u.user_id, 'held_pv', u.held_pv from users u where true ${inRange("u.user_id", within)}
    ),
    sums as (
      select user_id, account, sum(amount) as total from wallet_ledger
      where true ${inRange("user_id", within)} group by user_id, account
    ),
    compared as (
      select b.user_id, b.account, b.balance, coalesce(s.total, 0) as total
      from balances b left join sums s on s.user_id = b.user_id and s.account = b.account
    )
    select (select count(*)::int from users where true ${inRange("user_id", within)}) as checked,
      c.user_id, c.account, c.balance::numeric(12,2)::text as balance,
      c.total::numeric(12,2)::text as ledger_sum
    from (select 1) one
    left join compared c on c.balance <> c.total
    order by c.user_id, c.account`);
  const rows = result.rows;
  return {
    checked: Number(rows[0]?.checked ?? 0),
    mismatches: rows.flatMap((row) =>
      row.user_id === null || row.account === null
        ? []
        : [
            {
              user_id: row.user_id,
              account: row.account,
              balance: row.balance ?? "0.00",
              ledger_sum: row.ledger_sum ?? "0.00",
            },
          ],
    ),
  };
}

/** Per account: the sum of every entry ever posted against the sum of the balances held now. */
export async function accountTotals(db: Tx): Promise<AccountTotalMismatch[]> {
  const result = await db.execute<AccountTotalMismatch>(sql`
    with balances as (
      select 'wallet'::text as account, coalesce(sum(wallet_amt), 0) as total from user_wallets
      union all select 'cash_wallet', coalesce(sum(c_wallet_amt), 0) from user_wallets
      union all select 'held', coalesce(sum(held_amt), 0) from user_wallets
      union all select 'pv', coalesce(sum(ttl_pv), 0) from users
      union all select 'held_pv', coalesce(sum(held_pv), 0) from users
      union all select 'tax_withheld', coalesce(sum(tax_withheld_amt), 0) from user_wallets
    ),
    -- A deleted member's tax withheld stays in the ledger for the remittance
    -- report (their deletion does not wait for it to be zero): counted for live members only.
    entries as (
      select account, sum(amount) as total from wallet_ledger
      where account <> 'tax_withheld' or user_id in (select user_id from user_wallets)
      group by account)
    select b.account, b.total::numeric(14,2)::text as balances,
      coalesce(e.total, 0)::numeric(14,2)::text as entries
    from balances b left join entries e on e.account = b.account
    where b.total <> coalesce(e.total, 0)
    order by b.account`);
  return result.rows;
}

/**
 * Each order, for each member and account it touches: what it holds (its
 * entries, plus PV in the opening balance) less what is still owed must be
 * the full credit less its returns' share when complete (the buyer's points_earned, the recorded
 * commission to the recorded referrer, nothing to anyone else), 0 when
 * canceled, refunded or returned, and either when in 1-5 (a correction keeps
 * what stood). Each paid level of its sponsor line counts (commission_lines);
 * a held balance counts with its live one. Members deleted since are not checked: their entries stay.
 */
export async function orderMismatches(
  db: Tx,
  within?: IdRange,
): Promise<{ checked: number; mismatches: OrderMismatch[] }> {
  const result = await db.execute<{
    checked: number;
    orders_id: number | null;
    user_id: number;
    account: "pv" | "cash_wallet";
    order_status: number;
    expected: string;
    net: string;
    owed: string;
  }>(sql`
    with candidates as (
      select orders_id from orders where order_status = 6 ${inRange("orders_id", within)}
      union select orders_id from order_commissions where true ${inRange("orders_id", within)}
      union select ref_id from wallet_ledger where ref_type = 'order' ${inRange("ref_id", within)}
      union select orders_id from ledger_owed where true ${inRange("orders_id", within)}
    ),
    credited as (
      select o.orders_id, o.user_id, 'pv'::text as account, o.points_earned as credit,
        coalesce(c.pv_opening, 0) as opening
      from candidates k join orders o on o.orders_id = k.orders_id
      left join order_commissions c on c.orders_id = o.orders_id
      where o.user_id is not null
      union all
      select l.orders_id, l.user_id, 'cash_wallet', l.amount, 0
      from commission_lines l where l.amount > 0 ${inRange("l.orders_id", within)}
    ),
    -- What the order's returns and refunds took back of its commission base
    -- (docs/decisions/returns.md): each credit keeps the rest, half up.
    returned as (
      select r.orders_id,
        case when c.base_kind = 'total' then o.total_price
          else greatest(o.total_price - o.shipping_fee, 0) end as base,
        sum(r.goods_share) + case when c.base_kind = 'total' then sum(r.shipping_share) else 0 end as taken
      from order_returns r join orders o on o.orders_id = r.orders_id
      left join order_commissions c on c.orders_id = r.orders_id
      where true ${inRange("r.orders_id", within)}
      group by r.orders_id, o.total_price, o.shipping_fee, c.base_kind
    ),
    full_credit as (
      select f.orders_id, f.user_id, f.account, f.opening,
        f.credit - case when r.base > 0 and r.taken > 0
          then round(f.credit * least(r.taken, r.base) / r.base, 2) else 0 end as credit
      from credited f left join returned r on r.orders_id = f.orders_id
    ),
    -- A held balance counts with its live one: under a plan an order credits
    -- the held balance first, and its period's release moves the money on.
    entries as (
      select ref_id as orders_id, user_id,
        case account when 'held' then 'cash_wallet' when 'held_pv' then 'pv' else account end as account,
        sum(amount) as net from wallet_ledger
      where ref_type = 'order' and account in ('pv', 'cash_wallet', 'held', 'held_pv') ${inRange("ref_id", within)}
      group by 1, 2, 3
    ),
    owed as (
      select orders_id, user_id, account, sum(amount - recovered) as owed from ledger_owed
      where true ${inRange("orders_id", within)}
      group by orders_id, user_id, account
    ),
    parties as (
      select orders_id, user_id, account from full_credit
      union select orders_id, user_id, account from entries
      union select orders_id, user_id, account from owed
    ),
    compared as (
      select p.orders_id, p.user_id, p.account, o.order_status,
        coalesce(f.credit, 0) as credit,
        coalesce(e.net, 0) + coalesce(f.opening, 0) as net,
        coalesce(w.owed, 0) as owed
      from parties p
      join orders o on o.orders_id = p.orders_id
      join users u on u.user_id = p.user_id
      left join full_credit f on f.orders_id = p.orders_id and f.user_id = p.user_id and f.account = p.account
      left join entries e on e.orders_id = p.orders_id and e.user_id = p.user_id and e.account = p.account
      left join owed w on w.orders_id = p.orders_id and w.user_id = p.user_id and w.account = p.account
    ),
    wrong as (
      select *, case when order_status in (7, 8, 9) then 0 else credit end as expected
      from compared
      where case
        when order_status = 6 then net - owed <> credit
        when order_status in (7, 8, 9) then net - owed <> 0
        else net - owed not in (0, credit) end
    )
    select (select count(*)::int from candidates) as checked,
      w.orders_id, w.user_id, w.account, w.order_status,
      w.expected::numeric(12,2)::text as expected, w.net::numeric(12,2)::text as net,
      w.owed::numeric(12,2)::text as owed
    from (select 1) one left join wrong w on true
    order by w.orders_id, w.user_id, w.account`);
  const rows = result.rows;
  return {
    checked: Number(rows[0]?.checked ?? 0),
    mismatches: rows.flatMap(({ checked: _checked, orders_id, ...row }) =>
      orders_id === null ? [] : [{ orders_id, ...row, order_status: Number(row.order_status) }],
    ),
  };
}

/** The three checks in one read-only snapshot, so they agree with each other under writes. */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const balances = await balanceMismatches(tx);
    const orders = await orderMismatches(tx);
    return {
      wallets_checked: balances.checked,
      mismatches: balances.mismatches,
      orders_checked: orders.checked,
      order_mismatches: orders.mismatches,
      account_totals: await accountTotals(tx),
    };
  });
}
