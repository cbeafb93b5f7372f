import {
  type CouponsReport,
  fromSen,
  type MembersReport,
  type MoneyReport,
  type ProductsReport,
  type ReferrerRow,
  type RegionsReport,
  type SalesReport,
  toSen,
} from "@store/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readPrepared } from "../../db/prepared";
import { type Asked, periodsOf, rangesOf } from "./days";
import { type Label, pieces, type RankedRow, ranked, rowsOf, toArray } from "./rollupReads";
import {
  allKeys,
  average,
  comparedRange,
  count,
  EPOCH,
  entry,
  negate,
  periodSums,
  rangeSums,
  STORE_KEY,
  type Sums,
  sumOf,
  sumsOver,
  ZERO,
} from "./sums";

/**
 * The reports (issue 26), read from the daily roll-ups the database keeps with
 * every write (report_rollups, migration 0024; docs/decisions/reports-rollups.md):
 * a one-year range reads at most ~366 rows per series, whatever the store's
 * size. A report's few statements run side by side (each its own snapshot).
 */

// sales

// `sales.unpaid`: the sales still pending (migration 0032); paid is the rest.
// `sales.tax`: the SST the sales contain (migration 0045).
const SALES = [
  "sales.orders",
  "sales.revenue",
  "sales.unpaid",
  "sales.discount",
  "sales.shipping",
  "sales.tax",
  // Returns and refunds on the days they were made (reports/returnRollups.ts).
  "returns.count",
  "returns.refunds",
  "returns.items",
] as const;

function salesFigures(get: (series: string) => string) {
  const orders = count(get("sales.orders"));
  const revenue = get("sales.revenue");
  const unpaid = get("sales.unpaid");
  return {
    orders,
    revenue,
    paid_revenue: fromSen(toSen(revenue) - toSen(unpaid)),
    unpaid_revenue: unpaid,
    average_order: average(revenue, orders),
    discount: get("sales.discount"),
    shipping: get("sales.shipping"),
    tax: get("sales.tax"),
    returns: count(get("returns.count")),
    refunds: get("returns.refunds"),
    returned_items: count(get("returns.items")),
  };
}

export async function salesReport(db: Db, query: Asked): Promise<SalesReport> {
  const compared = comparedRange(query);
  const [sums, periods, comparedPeriods] = await Promise.all([
    rangeSums(db, SALES, query, STORE_KEY),
    periodSums(db, SALES, query, STORE_KEY),
    compared && periodSums(db, SALES, compared, STORE_KEY),
  ]);
  const seriesOf = (range: Pick<Asked, "from" | "to">, byPeriod: Map<string, Sums>) =>
    periodsOf(range.from, range.to, query.group).map((period) => ({
      period,
      ...salesFigures((s) => sumOf(byPeriod.get(period), s)),
    }));
  return {
    ...rangesOf(query),
    totals: salesFigures((s) => sumOf(sums.current, s)),
    previous: salesFigures((s) => sumOf(sums.previous, s)),
    series: seriesOf(query, periods),
    ...(compared && comparedPeriods
      ? { previous_series: seriesOf(compared, comparedPeriods) }
      : {}),
  };
}

// products

const PRODUCT_NAMES: Label = { table: "products", id: "product_id", name: "product_name" };
const CATEGORY_NAMES: Label = { table: "categories", id: "category_id", name: "category_name" };
const USERNAMES: Label = { table: "users", id: "user_id", name: "username" };

export async function productsReport(db: Db, query: Asked): Promise<ProductsReport> {
  const base = query.by === "category" ? "category" : "product";
  const quantity = `${base}.quantity`;
  const revenue = `${base}.revenue`;
  // The totals from the few categories' rows (every line has one, '' when its
  // product is gone): the same sums as over every product, far fewer rows.
  const [rows, sums, returnedItems] = await Promise.all([
    ranked(db, [revenue, quantity], query, {
      label: base === "product" ? PRODUCT_NAMES : CATEGORY_NAMES,
    }),
    rangeSums(db, ["category.quantity", "category.revenue"], query),
    // Every unit returned, whatever its product: the store's own row a day.
    rangeSums(db, ["returns.items"], query, STORE_KEY),
  ]);
  const total = (s: Sums, returned: Sums) => ({
    quantity: count(allKeys(s, "category.quantity")),
    revenue: allKeys(s, "category.revenue"),
    returned: count(sumOf(returned, "returns.items")),
  });
  // By product, the ranked rows' units returned: read for their keys only.
  const keys = sql`${toArray(rows.map((row) => row.key))}::text[]`;
  const returned =
    base === "product" && rows.length > 0
      ? await sumsOver(db, ["product.returned"], query, keys)
      : undefined;
  // Compared: the categories' sums are read already; the products ranked, by their keys.
  const compared = comparedRange(query);
  const previous =
    compared &&
    (base === "category"
      ? sums.previous
      : await sumsOver(
          db,
          base === "product" ? [revenue, quantity, "product.returned"] : [revenue, quantity],
          compared,
          keys,
        ));
  const returnedOf = (from: Sums | undefined, key: string) =>
    base === "product" ? { returned: count(sumOf(from, "product.returned", key)) } : {};
  return {
    ...rangesOf(query),
    by: query.by,
    totals: total(sums.current, returnedItems.current),
    previous: total(sums.previous, returnedItems.previous),
    series: rows.map((row) => {
      const id = row.key === "" ? null : Number(row.key);
      return {
        id,
        name: row.label,
        quantity: count(row.b),
        revenue: row.a,
        ...returnedOf(returned, row.key),
        ...(previous
          ? {
              previous: {
                quantity: count(sumOf(previous, quantity, row.key)),
                revenue: sumOf(previous, revenue, row.key),
                ...returnedOf(previous, row.key),
              },
            }
          : {}),
      };
    }),
  };
}

// regions

export async function regionsReport(db: Db, query: Asked): Promise<RegionsReport> {
  const sums = await rangeSums(db, ["region.orders", "region.revenue"], query);
  const total = (s: Sums) => ({
    orders: count(allKeys(s, "region.orders")),
    revenue: allKeys(s, "region.revenue"),
  });
  const states = [...(sums.current.get("region.orders")?.keys() ?? [])];
  const series = states
    .map((state) => ({
      state,
      orders: count(sumOf(sums.current, "region.orders", state)),
      revenue: sumOf(sums.current, "region.revenue", state),
      // Compared: the states' sums over the range compared are read already.
      ...(query.compare
        ? {
            previous: {
              orders: count(sumOf(sums.previous, "region.orders", state)),
              revenue: sumOf(sums.previous, "region.revenue", state),
            },
          }
        : {}),
    }))
    .filter((row) => row.orders !== 0 || toSen(row.revenue) !== 0n)
    .sort(
      (a, b) =>
        Number(toSen(b.revenue) - toSen(a.revenue)) ||
        b.orders - a.orders ||
        (a.state < b.state ? -1 : 1),
    );
  return {
    ...rangesOf(query),
    totals: total(sums.current),
    previous: total(sums.previous),
    series,
  };
}

// members

const MEMBER_PERIODS = ["members.total", "members.referred"];

export async function membersReport(db: Db, query: Asked): Promise<MembersReport> {
  const compared = comparedRange(query);
  const [sums, periods, comparedPeriods, tiers, byReferrals, bySales] = await Promise.all([
    rangeSums(db, ["members.joined", "members.referred"], query),
    // By period the totals only: one row a day each (migration 0028).
    periodSums(db, MEMBER_PERIODS, query, STORE_KEY),
    compared && periodSums(db, MEMBER_PERIODS, compared, STORE_KEY),
    readPrepared<{ member_id: number; membership: string }>(
      db,
      sql`select member_id, membership from memberships order by member_id`,
    ),
    ranked(db, ["referral.joined", "referral.sales", "referral.orders"], query, {
      label: USERNAMES,
      counts: true,
    }),
    ranked(db, ["referral.sales", "referral.joined", "referral.orders"], query, {
      label: USERNAMES,
    }),
  ]);
  const total = (s: Sums) => ({
    new_members: count(allKeys(s, "members.joined")),
    new_referrals: count(allKeys(s, "members.referred")),
  });
  const referrer = (row: RankedRow, joined: "a" | "b", sales: "a" | "b"): ReferrerRow => ({
    user_id: Number(row.key),
    username: row.label,
    new_referrals: count(row[joined]),
    referral_orders: count(row.c),
    referral_sales: row[sales],
  });
  return {
    ...rangesOf(query),
    totals: total(sums.current),
    previous: total(sums.previous),
    series: memberSeries(query, periods),
    ...(compared && comparedPeriods
      ? { previous_series: memberSeries(compared, comparedPeriods) }
      : {}),
    by_tier: tiers.rows.map((tier) => ({
      member_id: Number(tier.member_id),
      membership: tier.membership,
      new_members: count(sumOf(sums.current, "members.joined", String(tier.member_id))),
    })),
    top_by_referrals: byReferrals.map((row) => referrer(row, "a", "b")),
    top_by_sales: bySales.map((row) => referrer(row, "b", "a")),
  };
}

function memberSeries(range: Pick<Asked, "from" | "to" | "group">, byPeriod: Map<string, Sums>) {
  return periodsOf(range.from, range.to, range.group).map((period) => ({
    period,
    new_members: count(sumOf(byPeriod.get(period), "members.total")),
    new_referrals: count(sumOf(byPeriod.get(period), "members.referred")),
  }));
}

// money

const WITHDRAWALS = ["requested", "paid", "rejected", "reversed"] as const;
/** Withdrawals are store-wide (key ''): read from index report_rollups_by_key alone. */
const WITHDRAWAL_SERIES = WITHDRAWALS.flatMap((w) => [
  `withdrawals.${w}`,
  `withdrawals.${w}_amount`,
]);
/** The ledger per account:reason, owed per account. */
const KEYED_FLOWS = ["ledger", "owed"];
const FLOW_SERIES = [...KEYED_FLOWS, ...WITHDRAWAL_SERIES];

/** The money flows of a range from its sums (ledger per account:reason, owed per account). */
function moneyFlows(sums: Sums | undefined) {
  const ledger = (key: string) => sumOf(sums, "ledger", key);
  const flows = {
    pv_issued: ledger("pv:pv_order"),
    pv_taken_back: negate(ledger("pv:pv_refund")),
    commissions_paid: ledger("cash_wallet:commission"),
    commissions_reversed: negate(ledger("cash_wallet:commission_reversal")),
    clawbacks_owed: sumOf(sums, "owed", "cash_wallet"),
    pv_clawbacks_owed: sumOf(sums, "owed", "pv"),
    clawbacks_recovered: negate(ledger("cash_wallet:clawback_recovery")),
    pv_clawbacks_recovered: negate(ledger("pv:clawback_recovery")),
    withdrawals_requested: 0,
    withdrawals_requested_amount: ZERO,
    withdrawals_paid: 0,
    withdrawals_paid_amount: ZERO,
    withdrawals_rejected: 0,
    withdrawals_rejected_amount: ZERO,
    withdrawals_reversed: 0,
    withdrawals_reversed_amount: ZERO,
  };
  for (const w of WITHDRAWALS) {
    flows[`withdrawals_${w}`] = count(sumOf(sums, `withdrawals.${w}`));
    flows[`withdrawals_${w}_amount`] = sumOf(sums, `withdrawals.${w}_amount`);
  }
  return flows;
}

export async function moneyReport(db: Db, query: Asked): Promise<MoneyReport> {
  const { range, compare, previous_range } = rangesOf(query);
  const compared = comparedRange(query);
  const [sums, periods, comparedPeriods, balances, previousBalances] = await Promise.all([
    rangeSums(db, FLOW_SERIES, query),
    flowsByPeriod(db, query),
    compared && flowsByPeriod(db, compared),
    balancesAt(db, range.to),
    balancesAt(db, previous_range.to),
  ]);
  const seriesOf = (days: Pick<Asked, "from" | "to">, byPeriod: Map<string, Sums>) =>
    periodsOf(days.from, days.to, query.group).map((period) => ({
      period,
      ...moneyFlows(byPeriod.get(period)),
    }));
  const balance = (field: "current" | "previous", account: string) =>
    (field === "current" ? balances : previousBalances).get(account) ?? ZERO;
  return {
    range,
    compare,
    previous_range,
    totals: {
      ...moneyFlows(sums.current),
      wallet_balance: balance("current", "wallet"),
      cash_wallet_balance: balance("current", "cash_wallet"),
    },
    previous: {
      ...moneyFlows(sums.previous),
      wallet_balance: balance("previous", "wallet"),
      cash_wallet_balance: balance("previous", "cash_wallet"),
    },
    series: seriesOf(query, periods),
    ...(compared && comparedPeriods
      ? { previous_series: seriesOf(compared, comparedPeriods) }
      : {}),
  };
}

/** The money flows per period: the withdrawals' store-wide rows and the keyed ones side by side. */
async function flowsByPeriod(
  db: Db,
  range: Pick<Asked, "from" | "to" | "group">,
): Promise<Map<string, Sums>> {
  const [withdrawals, keyed] = await Promise.all([
    periodSums(db, WITHDRAWAL_SERIES, range, STORE_KEY),
    periodSums(db, KEYED_FLOWS, range),
  ]);
  for (const [period, sums] of keyed) {
    const into = entry(withdrawals, period);
    for (const [series, keys] of sums) into.set(series, keys);
  }
  return withdrawals;
}

/** Every account's balance at the end of `day`: all its entries up to then. */
async function balancesAt(db: Db, day: string): Promise<Map<string, string>> {
  const result = await readPrepared<{ key: string; value: string }>(
    db,
    sql`select key,
      coalesce(sum(value), 0)::numeric(20,2)::text as value
    from ${rowsOf(["balance"], pieces(EPOCH, day))} as r
    group by key`,
  );
  return new Map(result.rows.map((row) => [row.key, row.value]));
}

// coupons

export async function couponsReport(db: Db, query: Asked): Promise<CouponsReport> {
  const [rows, sums] = await Promise.all([
    ranked(db, ["coupon.uses", "coupon.sales", "coupon.discount"], query, { counts: true }),
    rangeSums(db, ["coupon.uses", "coupon.discount", "coupon.sales"], query),
  ]);
  const total = (s: Sums) => ({
    uses: count(allKeys(s, "coupon.uses")),
    discount: allKeys(s, "coupon.discount"),
    sales: allKeys(s, "coupon.sales"),
  });
  return {
    ...rangesOf(query),
    totals: total(sums.current),
    previous: total(sums.previous),
    series: rows.map((row) => ({
      coupon_code: row.key,
      uses: count(row.a),
      discount: row.c,
      sales: row.b,
      // Compared: every coupon's sums over the range compared are read already.
      ...(query.compare
        ? {
            previous: {
              uses: count(sumOf(sums.previous, "coupon.uses", row.key)),
              discount: sumOf(sums.previous, "coupon.discount", row.key),
              sales: sumOf(sums.previous, "coupon.sales", row.key),
            },
          }
        : {}),
    })),
  };
}

/**
 * The roll-ups count days in the zone named in report_time_zone (the migration
 * wrote the session's, which the server always sets to the store's). When the
 * store's zone is another (TZ changed), every roll-up is counted afresh with
 * the base tables share-locked, so no write is half-way through the change.
 * Checked once per process and database.
 */
const checked = new WeakMap<Db, string>();
export async function ensureZone(db: Db, timeZone: string): Promise<void> {
  if (checked.get(db) === timeZone) return;
  const kept = await db.execute<{ time_zone: string }>(
    sql`select time_zone from report_time_zone where id = 1`,
  );
  if (kept.rows[0]?.time_zone !== timeZone) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table orders, order_items, users, products, withdraw_requests,
        wallet_ledger, ledger_owed, order_returns, order_return_lines in share mode`);
      const current = await tx.execute<{ time_zone: string }>(
        sql`select time_zone from report_time_zone where id = 1 for update`,
      );
      if (current.rows[0]?.time_zone === timeZone) return;
      await tx.execute(sql`select report_rollups_rebuild(${timeZone})`);
    });
  }
  checked.set(db, timeZone);
}
