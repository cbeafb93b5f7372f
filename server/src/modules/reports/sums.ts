import { fromSen, toSen, wholeUnits } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readPrepared } from "../../db/prepared";
import { type Asked, rangesOf } from "./days";
import { pieces, rowsOf } from "./rollupReads";

/**
 * The reports' sums read from the daily roll-ups (docs/decisions/reports-rollups.md):
 * a range's, per period, and beside the range compared; exact text with two places.
 */

/** Sums per series and key, as exact text with two places. */
export type Sums = Map<string, Map<string, string>>;
export const ZERO = "0.00";
/** Before any store's first day: a balance sums every entry from here. */
export const EPOCH = "1970-01-01";

/** A series' sum for `key` in some sums (a period with no rows has none: zero). */
export function sumOf(sums: Sums | undefined, series: string, key = ""): string {
  return sums?.get(series)?.get(key) ?? ZERO;
}
export const count = wholeUnits;
/** -amount: the database's two places turned in the text itself, anything else in sen. */
export function negate(money: string): string {
  if (!/^-?\d+\.\d\d$/.test(money)) return fromSen(-toSen(money));
  if (/^-?0\.00$/.test(money)) return ZERO;
  return money.startsWith("-") ? money.slice(1) : `-${money}`;
}

/** revenue / orders, rounded half up to the sen. */
export function average(revenue: string, orders: number): string {
  if (orders === 0) return ZERO;
  const sen = toSen(revenue);
  const n = BigInt(orders);
  const sign = sen < 0n ? -1n : 1n;
  return fromSen((sign * (2n * sign * sen + n)) / (2n * n));
}

/** The map under `key`, made empty when missing. */
export function entry<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let found = map.get(key);
  if (!found) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

type SumRow = { series: string; key: string; current: string; previous: string };

/**
 * The key of a series that is a figure of the whole store ('': sales, new
 * members in total): named, its rows come from index report_rollups_by_key
 * alone, not from the table's pages (a year of days is 365 pages a series).
 */
export const STORE_KEY = sql`array['']::text[]`;

/** The sums of `series` over the range (`current`) and the range compared, per key. */
export async function rangeSums(
  db: Db,
  series: readonly string[],
  query: Pick<Asked, "from" | "to" | "compare">,
  keys?: SQL,
): Promise<{ current: Sums; previous: Sums }> {
  const { range, previous_range } = rangesOf(query);
  const result = await readPrepared<SumRow>(
    db,
    sql`select series, key,
      coalesce(sum(value) filter (where part = 1), 0)::numeric(20,2)::text as current,
      coalesce(sum(value) filter (where part = 2), 0)::numeric(20,2)::text as previous
    from (select 1 as part, * from ${rowsOf(series, pieces(range.from, range.to), keys)} as c
      union all
      select 2, * from ${rowsOf(series, pieces(previous_range.from, previous_range.to), keys)} as p) as r
    group by series, key`,
  );
  return {
    current: bySeries(result.rows, "current"),
    previous: bySeries(result.rows, "previous"),
  };
}

function bySeries(rows: readonly SumRow[], field: "current" | "previous"): Sums {
  const sums: Sums = new Map();
  for (const row of rows) {
    const keys = entry(sums, row.series);
    keys.set(row.key, row[field]);
  }
  return sums;
}

/**
 * The sums of `series` per period of the range and key: month rows for the
 * whole months of a series by month, days otherwise.
 */
export async function periodSums(
  db: Db,
  series: readonly string[],
  query: Pick<Asked, "from" | "to" | "group">,
  keys?: SQL,
): Promise<Map<string, Sums>> {
  const parts = pieces(query.from, query.to, { years: false, months: query.group === "month" });
  const result = await readPrepared<{ series: string; period: string; key: string; value: string }>(
    db,
    // By day the rows are the sums (one a series, key and day); else the
    // period's first day, formatted once per period, not per row.
    query.group === "day"
      ? sql`select series, day::text as period, key, value::numeric(20,2)::text as value
        from ${rowsOf(series, parts, keys)} as r`
      : sql`select series, period::text as period, key, sum(value)::numeric(20,2)::text as value
        from (select series, key, value,
            ${PERIOD_START[query.group]} as period
          from ${rowsOf(series, parts, keys)} as r) as p
        group by series, period, key`,
  );
  const byPeriod = new Map<string, Sums>();
  for (const row of result.rows)
    entry(entry(byPeriod, row.period), row.series).set(row.key, row.value);
  return byPeriod;
}

/**
 * With `compare`: the range compared, whose series the answer holds too (a
 * second read of the same roll-ups); without, none (nothing more is read).
 */
export function comparedRange(query: Asked): Pick<Asked, "from" | "to" | "group"> | undefined {
  return query.compare ? { ...rangesOf(query).previous_range, group: query.group } : undefined;
}

/** The sums of `series` over one range, per key; `keys`: those keys only. */
export async function sumsOver(
  db: Db,
  series: readonly string[],
  range: Pick<Asked, "from" | "to">,
  keys?: SQL,
): Promise<Sums> {
  const result = await readPrepared<{ series: string; key: string; value: string }>(
    db,
    sql`select series, key, coalesce(sum(value), 0)::numeric(20,2)::text as value
    from ${rowsOf(series, pieces(range.from, range.to), keys)} as r
    group by series, key`,
  );
  const sums: Sums = new Map();
  for (const row of result.rows) entry(sums, row.series).set(row.key, row.value);
  return sums;
}

/** A row's period, by its first day, in date arithmetic (no time zone per row). */
const PERIOD_START = {
  // 2000-01-03 was a Monday; weeks start on Mondays (as date_trunc's).
  week: sql`day - (day - date '2000-01-03') % 7`,
  month: sql`day - (extract(day from day)::int - 1)`,
} as const;

/** The sum over every key of `series` in a period's sums. */
export function allKeys(sums: Sums | undefined, series: string): string {
  let sen = 0n;
  for (const value of sums?.get(series)?.values() ?? []) sen += toSen(value);
  return fromSen(sen);
}
