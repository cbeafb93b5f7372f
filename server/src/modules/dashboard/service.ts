import {
  DASHBOARD_FIGURE_AREAS,
  type DashboardSummary,
  grants,
  type Permission,
} from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { readPrepared } from "../../db/prepared";
import { jobs, memberships, runningTotals, runningTotalsTimeZone } from "../../db/schema";
import { RECONCILE_JOB } from "../ledger/reconcileRun";

/** Exact money as text with two places, also for an empty sum: "0.00". */
const moneyText = (value: SQL | PgColumn) =>
  sql<string>`(coalesce(${value}, 0))::numeric(20,2)::text`;

const MONTH = "users.month:";
const monthName = (year: number, month: number) =>
  `${MONTH}${year}-${String(month).padStart(2, "0")}`;

/** The summary as one row: its parts as PostgreSQL builds them, and the zone the months are counted in. */
type SummaryRow = {
  counted_in: string | null;
  year: number;
  total_revenue: string;
  totals: Record<string, string> | null;
  users_by_membership: DashboardSummary["users_by_membership"] | null;
  books_balance: DashboardSummary["books_balance"];
};

/**
 * Every dashboard figure, read from the totals the database keeps with each
 * write (running_totals, migration 0005): a handful of rows whatever the
 * store's size, in one statement, so one snapshot (the cards and charts agree
 * with each other) and one round trip. Months are calendar months of the
 * current year in the store's time zone. docs/decisions/running-totals.md.
 * Only the figures of areas `held` may view are answered (issue 22).
 */
export async function dashboardSummary(
  db: Db,
  timeZone: string,
  held: readonly Permission[],
): Promise<DashboardSummary> {
  let row = await readSummary(db, timeZone);
  if (row.counted_in !== timeZone) {
    await countMonthsIn(db, timeZone);
    row = await readSummary(db, timeZone);
  }
  const count = (name: string) => Number(row.totals?.[name] ?? 0);
  const all: Required<DashboardSummary> = {
    total_revenue: row.total_revenue,
    total_orders: count("orders"),
    total_products: count("products"),
    total_users: count("users"),
    users_by_membership: row.users_by_membership ?? [],
    year: row.year,
    new_users_by_month: Array.from({ length: 12 }, (_, i) => count(monthName(row.year, i + 1))),
    books_balance: row.books_balance ?? null,
  };
  return viewableFigures(all, held);
}

/** The summary without the figures of areas the caller cannot view. */
export function viewableFigures(
  summary: Required<DashboardSummary>,
  held: readonly Permission[],
): DashboardSummary {
  const shown: DashboardSummary = { year: summary.year };
  for (const [figure, area] of Object.entries(DASHBOARD_FIGURE_AREAS)) {
    const name = figure as keyof typeof DASHBOARD_FIGURE_AREAS;
    if (grants(held, `${area}:view`)) Object.assign(shown, { [name]: summary[name] });
  }
  return shown;
}

/** One running total by name, looked up in its index (the table holds a row per month, tier and more). */
const totalOf = (name: SQL) =>
  sql`(select ${runningTotals.value} from ${runningTotals} where ${runningTotals.name} = ${name})`;

async function readSummary(db: Db, timeZone: string): Promise<SummaryRow> {
  const year = sql`extract(year from now() at time zone ${timeZone})::int`;
  const months = sql`array(select ${MONTH} || ${year} || '-' || lpad(m::text, 2, '0')
    from generate_series(1, 12) as m)`;
  // Prepared once per connection: the dashboard is polled on every screen.
  const result = await readPrepared<SummaryRow>(
    db,
    sql`select
      (select ${runningTotalsTimeZone.time_zone} from ${runningTotalsTimeZone}) as counted_in,
      ${year} as year,
      ${moneyText(totalOf(sql`'orders.total_price'`))} as total_revenue,
      (select json_object_agg(n.name, ${totalOf(sql`n.name`)}::text)
        from unnest(array['orders', 'products', 'users'] || ${months}) as n(name)) as totals,
      (select json_agg(json_build_object('member_id', ${memberships.member_id},
          'membership', ${memberships.membership},
          'users', coalesce(${totalOf(sql`'users.membership:' || ${memberships.member_id}`)}, 0)::int)
          order by ${memberships.member_id})
        from ${memberships}) as users_by_membership,
      (select json_build_object('job_id', ${jobs.job_id}, 'checked_at', left(${jobs.finished_at}::text, 19),
          'mismatches', jsonb_array_length(${jobs.result} -> 'mismatches')
            + jsonb_array_length(${jobs.result} -> 'order_mismatches')
            + jsonb_array_length(${jobs.result} -> 'account_totals'))
        from ${jobs} where ${jobs.kind} = ${RECONCILE_JOB} and ${jobs.status} = 'done'
        order by ${jobs.job_id} desc limit 1) as books_balance`,
  );
  const [row] = result.rows;
  if (!row) throw new Error("the dashboard's statement answered no row");
  return { ...row, year: Number(row.year) };
}

/**
 * The users.month:* totals are counted in the zone named in
 * running_totals_time_zone (the users trigger reads it). When the store's
 * zone is another (first use, or TZ changed), they are counted afresh: with
 * the users table share-locked, so no user write is half-way through the
 * change (writers wait, then read the new zone).
 */
async function countMonthsIn(db: Db, timeZone: string): Promise<void> {
  const [kept] = await db.select().from(runningTotalsTimeZone);
  if (kept?.time_zone === timeZone) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table users in share mode`);
    const [current] = await tx.select().from(runningTotalsTimeZone).for("update");
    if (current?.time_zone === timeZone) return; // another process counted them meanwhile
    await tx.execute(sql`delete from running_totals where left(name, ${MONTH.length}) = ${MONTH}`);
    await tx.execute(sql`insert into running_totals (name, value)
      select ${MONTH} || to_char(created_at at time zone ${timeZone}, 'YYYY-MM'), count(*)
      from users group by 1`);
    await tx
      .insert(runningTotalsTimeZone)
      .values({ id: 1, time_zone: timeZone })
      .onConflictDoUpdate({ target: runningTotalsTimeZone.id, set: { time_zone: timeZone } });
  });
}
