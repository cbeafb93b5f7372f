/**
 * Commission periods (docs/decisions/commission-plans.md): monthly from the
 * plan's start day, made when the first order of one completes. An order
 * counts in the period open when it first completes: the one of its day, or,
 * when that one is closed already, the next. open → calculated (the figures,
 * by a job) → approved (two people above the second-approval amount) →
 * released (by a job, one transaction per member).
 */
import type { CommissionPeriod, ListQuery } from "@store/contract";
import { fromSen, toSen } from "@store/contract";
import { and, eq, getTableColumns, lt, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { commissionPeriods } from "../../db/schema";
import { STORE_TODAY } from "../../db/storeZone";
import { notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, mapPage, type Page, readPage } from "../../lib/lists";

export type PeriodRow = typeof commissionPeriods.$inferSelect;

/** Today in the store's zone (the reports' zone, migration 0024). */
const TODAY = STORE_TODAY;

/** The period holding today, if one was made; undefined before any order of it completed. */
export async function currentPeriodId(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ period_id: commissionPeriods.period_id })
    .from(commissionPeriods)
    .where(
      sql`${commissionPeriods.starts_on} <= ${TODAY} and ${commissionPeriods.ends_on} >= ${TODAY}`,
    );
  return row?.period_id ?? null;
}

/**
 * Makes the period starting on `startsOn` (a date expression, read once),
 * ending the day before the next start day, unless it is there; answers it
 * held FOR SHARE, so a calculation (FOR UPDATE) waits for the completion
 * counting in it.
 */
async function periodStarting(tx: Tx, startsOn: SQL, startDay: number): Promise<PeriodRow> {
  const [start] = (await tx.execute<{ d: string }>(sql`select (${startsOn})::date::text as d`))
    .rows;
  if (!start) throw new Error("No start date for the commission period.");
  await tx.execute(sql`
    insert into commission_periods (starts_on, ends_on)
    select s.d, case when s.same > s.d then s.same else (s.same + interval '1 month')::date end - 1
    from (select d, make_date(extract(year from d)::int, extract(month from d)::int, ${startDay}) as same
      from (select ${start.d}::date as d) given) s
    on conflict (starts_on) do nothing`);
  const [row] = await tx
    .select()
    .from(commissionPeriods)
    .where(eq(commissionPeriods.starts_on, start.d))
    .for("share");
  if (!row) throw new Error("The commission period was neither made nor found.");
  return row;
}

/**
 * The open period an order completing now counts in: today's if open, else
 * the one after it; made when missing (after the last period, or from the
 * plan's start day on or before today).
 */
export async function periodForCompletion(tx: Tx, startDay: number): Promise<PeriodRow> {
  const [today] = await tx
    .select()
    .from(commissionPeriods)
    .where(
      sql`${commissionPeriods.starts_on} <= ${TODAY} and ${commissionPeriods.ends_on} >= ${TODAY}`,
    )
    .for("share");
  let period = today;
  if (!period) {
    const start = sql`greatest(
      (select max(ends_on) + 1 from commission_periods),
      case when extract(day from ${TODAY}) >= ${startDay}
        then make_date(extract(year from ${TODAY})::int, extract(month from ${TODAY})::int, ${startDay})
        else (make_date(extract(year from ${TODAY})::int, extract(month from ${TODAY})::int, ${startDay}) - interval '1 month')::date
      end)`;
    period = await periodStarting(tx, start, startDay);
  }
  while (period.status !== "open") {
    period = await periodStarting(tx, sql`${period.ends_on}::date + 1`, startDay);
  }
  return period;
}

export async function lockPeriod(tx: Tx, periodId: number): Promise<PeriodRow> {
  const [row] = await tx
    .select()
    .from(commissionPeriods)
    .where(eq(commissionPeriods.period_id, periodId))
    .for("update");
  if (!row) throw notFound("Commission period");
  return row;
}

/** The earliest period before this one still open, if any: periods close in order. */
export async function earlierOpen(tx: Tx, period: PeriodRow): Promise<PeriodRow | undefined> {
  const [row] = await tx
    .select()
    .from(commissionPeriods)
    .where(
      and(eq(commissionPeriods.status, "open"), lt(commissionPeriods.starts_on, period.starts_on)),
    )
    .orderBy(commissionPeriods.starts_on)
    .limit(1);
  return row;
}

/** A period as answered. */
export function periodRecord(row: PeriodRow): CommissionPeriod {
  const sales = toSen(row.sales);
  const total = toSen(row.total);
  return {
    period_id: row.period_id,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: row.status,
    total: fromSen(total),
    members: row.members,
    orders: row.orders,
    percent_of_sales:
      sales === 0n ? "0.00" : fromSen((total * 10_000n * 2n + sales) / (2n * sales)),
    calculated_at: row.calculated_at,
    first_approved_by: row.first_approved_username,
    approved_by: row.approved_username,
    approved_at: row.approved_at,
    released_at: row.released_at,
    job_id: row.job_id,
    version: row.version,
  };
}

export async function getPeriod(tx: Tx, periodId: number): Promise<CommissionPeriod> {
  const [row] = await tx
    .select()
    .from(commissionPeriods)
    .where(eq(commissionPeriods.period_id, periodId));
  if (!row) throw notFound("Commission period");
  return periodRecord(row);
}

/**
 * GET commissionPeriods: newest first. A simple list: a store makes twelve a
 * year; its filters (status) are few-valued.
 */
const listSpec = defineList({
  fields: fieldsOf(getTableColumns(commissionPeriods)),
  search: [commissionPeriods.status],
  defaultOrder: { by: commissionPeriods.starts_on, order: "desc" },
  key: commissionPeriods.period_id,
});

export async function listPeriods(db: Tx, query: ListQuery): Promise<Page<CommissionPeriod>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: commissionPeriods,
    rows: (where, orderBy) =>
      db
        .select()
        .from(commissionPeriods)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.period_id,
  });
  return page.export
    ? (page as unknown as Page<CommissionPeriod>)
    : mapPage(page, async (rows) => rows.map(periodRecord));
}
