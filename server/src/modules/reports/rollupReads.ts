import { toSen } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Asked, shiftDay } from "./days";

// How the reports read report_rollups (migrations 0024 and 0026,
// docs/decisions/reports-rollups.md): a range as month and day rows, and the
// rankings over few candidate keys.

export const MONTH = "@month";
/** A series' rows, daily or monthly, named by the series ("sales.revenue@month" → "sales.revenue"). */
export const BASE = sql.raw("split_part(series, '@', 1)");

/** The first day of the month after `day`'s. */
function nextMonth(day: string): string {
  const at = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return at.toISOString().slice(0, 10);
}

/**
 * The rows of `series` that sum to the days `from`..`to`: the whole months
 * inside from their month rows (migration 0024 keeps "<series>@month"), the
 * days at either end from the daily rows. A year reads 12 rows per key and
 * at most ~60 days, not 365.
 */
export function within(series: readonly string[], from: string, to: string): SQL {
  const conditions = pieces(series, from, to).map(
    (p) =>
      sql`(series = any(${toArray(p.series)}::text[]) and day between ${p.from}::date and ${p.to}::date)`,
  );
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The day ranges of daily and monthly rows that make up `from`..`to` (see within). */
function pieces(series: readonly string[], from: string, to: string) {
  const first = from.endsWith("-01") ? from : nextMonth(from);
  const after = nextMonth(to);
  const toMonth = `${to.slice(0, 8)}01`;
  // The last whole month: `to`'s own when `to` is its last day, else the one before.
  const lastFull = shiftDay(to, 1) === after ? toMonth : `${shiftDay(toMonth, -1).slice(0, 8)}01`;
  if (first > lastFull) return [{ series, from, to }];
  const monthly = series.map((name) => `${name}${MONTH}`);
  return [
    { series, from, to: shiftDay(first, -1) },
    { series, from: nextMonth(lastFull), to },
    { series: monthly, from: first, to: lastFull },
  ].filter((p) => p.from <= p.to);
}

/** The first and last whole months of `from`..`to` (first after last when none). */
function wholeMonths(from: string, to: string) {
  const first = from.endsWith("-01") ? from : nextMonth(from);
  const toMonth = `${to.slice(0, 8)}01`;
  const last =
    shiftDay(to, 1) === nextMonth(to) ? toMonth : `${shiftDay(toMonth, -1).slice(0, 8)}01`;
  return { first, last };
}

/** A text array literal for `any(...)`: PGlite and node-postgres both take it. */
export function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

export type RankedRow = { key: string; a: string; b: string; c: string };

/**
 * How deep a ranking reads each month's list, first then again: multiples of the rows asked (docs/decisions/reports-rollups.md, "Rankings").
 */
export const RANK_DEPTHS = [3, 10] as const;
/** The most candidates a ranking sums exactly per row asked; beyond, the next way. */
const RANK_CANDIDATES = 20;

/** The first day of `day`'s month. */
const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/** The sums per key over the range: a, b, c by the series given (c 0 without a third); of `oneKey` alone when given. */
function keySums(
  series: readonly [string, string, string?],
  range: Pick<Asked, "from" | "to">,
  oneKey?: SQL,
) {
  const [first, second, third] = series;
  const names = third ? [first, second, third] : [first, second];
  // One key: each piece its own index-only range of report_rollups_by_key.
  const rows = oneKey
    ? sql`(${sql.join(
        pieces(names, range.from, range.to).map(
          (p) => sql`select series, value from report_rollups
            where series = any(${toArray(p.series)}::text[]) and key = ${oneKey}
              and day between ${p.from}::date and ${p.to}::date`,
        ),
        sql` union all `,
      )}) as r`
    : sql`report_rollups where ${within(names, range.from, range.to)}`;
  return sql`select ${oneKey ? sql`` : sql`key,`}
      coalesce(sum(value) filter (where ${BASE} = ${first}), 0) as a,
      coalesce(sum(value) filter (where ${BASE} = ${second}), 0) as b,
      coalesce(sum(value) filter (where ${BASE} = ${third ?? ""}), 0) as c
    from ${rows}`;
}

/**
 * Keys ranked over the range by the sum of the first series (numerically),
 * then the second, then the key, without reading every key's rows
 * (docs/decisions/reports-rollups.md, "Rankings"). A key's sum is at most the
 * sum of its whole months that touch the range (a sale's total and a line's
 * total are never negative: the checks orders_money and order_items_amounts;
 * the month rows are checked too). So: 1. the top `depth` keys of each such
 * month from the month rows (index report_rollups_month_rank), their exact
 * sums, kept when the last row is above what any key outside the lists could
 * reach (the threshold algorithm); 2. for values that tie too much, the first
 * series alone over every key, then the others for the keys at or above the
 * limit's value; 3. every key.
 */
export async function ranked(
  db: Db,
  series: readonly [string, string, string?],
  query: Pick<Asked, "from" | "to" | "_limit">,
): Promise<RankedRow[]> {
  const limit = query._limit;
  const monthly = `${series[0]}${MONTH}`;
  const months = sql`generate_series(${monthOf(query.from)}::date, ${monthOf(query.to)}::date, interval '1 month') as m(day)`;
  // The exact sums of the candidate keys, each through report_rollups_by_key
  // (a join would read every key's rows), ranked.
  const exact = (candidates: SQL) => sql`sums as (
      select c.key, s.a, s.b, s.c from (${candidates}) as c
      cross join lateral (${keySums(series, query, sql`c.key`)}) as s
      where s.a <> 0 or s.b <> 0
    )`;
  const columns = sql`key, a::numeric(20,2)::text as a, b::numeric(20,2)::text as b, c::numeric(20,2)::text as c`;
  const order = sql`order by sums.a desc, sums.b desc, key limit ${limit}`;
  const only = (rows: RankedRow[]) => rows.map(({ key, a, b, c }) => ({ key, a, b, c }));

  // 1. The threshold algorithm over the month lists, a shallow read then a deeper one.
  const whole = wholeMonths(query.from, query.to);
  for (const times of RANK_DEPTHS) {
    const depth = times * limit;
    const top = await db.execute<RankedRow & { threshold: string; lowest: string | null }>(sql`with
      top as (
        select m.day::date as day, t.key, t.value, t.n from ${months}
        cross join lateral (
          select key, value, row_number() over (order by value desc) as n from report_rollups
          where series like '%@month' and series = ${monthly} and day = m.day::date
          order by value desc limit ${depth}) as t
      ),
      lowest as (
        select min(l.value) as lowest from ${months}
        cross join lateral (
          select value from report_rollups
          where series like '%@month' and series = ${monthly} and day = m.day::date
          order by value asc limit 1) as l
      ),
      -- Each month's last value read: what a key outside its list has there at most.
      edge as (select day, coalesce(max(value) filter (where n = ${depth}), 0) as v from top group by day),
      -- Per key seen: at least its whole months in the lists, at most its values
      -- and the other months' edges; only a key whose most reaches the limit's
      -- least is summed exactly.
      bounds as (
        select t.key,
          sum(case when t.day between ${whole.first}::date and ${whole.last}::date then t.value else 0 end) as low,
          (select sum(v) from edge) + sum(t.value - e.v) as high
        from top t join edge e using (day) group by t.key
      ),
      cut as (select low from bounds order by low desc offset ${limit - 1} limit 1),
      picked as (select key from bounds where high >= coalesce((select low from cut), 0)),
      -- Too many candidates (values that tie): none, and on to the next way.
      ${exact(sql`select key from picked where (select count(*) from picked) <= ${RANK_CANDIDATES * limit}`)}
    select ${columns},
      (select coalesce(sum(v), 0) from edge)::text as threshold,
      (select lowest from lowest)::text as lowest
    from sums ${order}`);
    const last = top.rows.at(-1);
    const lowest = top.rows[0]?.lowest;
    if (lowest != null && toSen(lowest) < 0n) break;
    // Every key beyond the lists sums to at most the threshold: the last row must be above it.
    if (top.rows.length === limit && last && toSen(last.a) > toSen(last.threshold))
      return only(top.rows);
  }

  // 2. Few, even values (new referrals: 1 or 2 a month) tie too much for that:
  // sum the first series alone over every key (its rows are few), and the
  // others for the keys at or above the limit's value.
  const firsts = await db.execute<RankedRow>(sql`with
      firsts as (
        select key, sum(value) as a from (${sql.join(
          pieces([series[0]], query.from, query.to).map(
            // Month rows from report_rollups_month_rank alone (it holds the value).
            (p) => sql`select key, value from report_rollups
              where series = any(${toArray(p.series)}::text[]) and day between ${p.from}::date and ${p.to}::date
              ${p.series[0]?.endsWith(MONTH) ? sql`and series like '%@month'` : sql``}`,
          ),
          sql` union all `,
        )}) as r
        group by key having sum(value) <> 0
      ),
      cut as (select a from firsts order by a desc offset ${limit - 1} limit 1),
      ${exact(sql`select key from firsts where a >= (select a from cut) and (select a from cut) > 0`)}
    select ${columns} from sums ${order}`);
  if (firsts.rows.length === limit) return only(firsts.rows);

  // 3. Every key.
  const result = await db.execute<RankedRow>(sql`select ${columns}
    from (${keySums(series, query)}
      group by key
      having sum(value) filter (where ${BASE} = ${series[0]}) <> 0
        or sum(value) filter (where ${BASE} = ${series[1]}) <> 0) as sums
    ${order}`);
  return result.rows;
}
