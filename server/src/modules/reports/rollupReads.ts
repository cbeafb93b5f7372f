import { toSen } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Asked, shiftDay, todayHere } from "./days";

// How the reports read report_rollups (migrations 0024, 0026 and 0027,
// docs/decisions/reports-rollups.md): a range as year, month and day rows,
// and the rankings over few candidate keys.

/** A series' rows, by day or period, named by the series ("sales.revenue@month" → "sales.revenue"). */
export const BASE = sql.raw("split_part(series, '@', 1)");

type Suffix = "" | "@month" | "@year";

/**
 * A run of a series' rows: days, or periods named by their first day
 * (`suffix` "@month", "@year"), dated `from`..`to`, added or taken away.
 */
export interface Piece {
  suffix: Suffix;
  from: string;
  to: string;
  sign: 1 | -1;
  /** The days after `to` of a period that runs past it (none unless a clock ran ahead). */
  ahead?: true;
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;
function nextMonth(day: string): string {
  const at = new Date(`${monthStart(day)}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return at.toISOString().slice(0, 10);
}
const monthLast = (day: string) => shiftDay(nextMonth(day), -1);
const yearLast = (day: string) => `${day.slice(0, 4)}-12-31`;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * The rows that sum to the days `from`..`to`: whole years and months from
 * their period rows, the rest from days; a month entered or left part-way is
 * its month row less the days outside when that reads fewer rows. Nothing is
 * counted after today, so a range reaching today takes this month and year
 * whole, less every day after `to` (none, unless a clock ran ahead: exact
 * either way). `years: false` keeps each row inside one month (a series by
 * month); `months: false` reads days only (by day or week).
 */
export function pieces(
  from: string,
  to: string,
  levels: { years: boolean; months: boolean } = { years: true, months: true },
  today = todayHere(),
): Piece[] {
  const open = to >= today;
  const fits = (last: string) => last <= to || open;
  const out: Piece[] = [];
  const taken: Piece[] = [];
  const add = (suffix: Suffix, first: string, last = first) => {
    const before = out.at(-1);
    if (before && before.suffix === suffix) before.to = last;
    else out.push({ suffix, from: first, to: last, sign: 1 });
  };
  for (let day = from; day <= to; ) {
    if (levels.years && day === yearStart(day) && fits(yearLast(day))) {
      add("@year", day);
      day = `${Number(day.slice(0, 4)) + 1}-01-01`;
    } else if (levels.months && day === monthStart(day) && fits(monthLast(day))) {
      add("@month", day);
      day = nextMonth(day);
    } else {
      const first = monthStart(day);
      const last = monthLast(day);
      const end = last < to ? last : to;
      const before = daysBetween(first, day) - 1;
      const after = last > to && !open ? daysBetween(to, last) - 1 : 0;
      if (levels.months && before + after + 1 < daysBetween(day, end)) {
        add("@month", first);
        if (before) taken.push({ suffix: "", from: first, to: shiftDay(day, -1), sign: -1 });
        if (after) taken.push({ suffix: "", from: shiftDay(to, 1), to: last, sign: -1 });
      } else add("", day, end);
      day = shiftDay(end, 1);
    }
  }
  const reach = out.at(-1);
  const end = reach?.suffix === "@year" ? yearLast(reach.to) : reach && monthLast(reach.to);
  if (open && reach?.suffix && end && end > to)
    taken.push({ suffix: "", from: shiftDay(to, 1), to: end, sign: -1, ahead: true });
  return [...out, ...taken];
}

/** A text array literal for `any(...)`: PGlite and node-postgres both take it. */
export function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The rows (series as named, key, day, signed value) of `series` that sum to
 * the pieces; `oneKey` reads one key's rows only (index report_rollups_by_key).
 */
export function rowsOf(series: readonly string[], parts: readonly Piece[], oneKey?: SQL): SQL {
  return sql`(${sql.join(
    parts.map(
      (
        p,
      ) => sql`select ${BASE} as series, key, day, ${sql.raw(p.sign === 1 ? "" : "-")}value as value
        from report_rollups
        where series = any(${toArray(series.map((s) => s + p.suffix))}::text[])
          ${oneKey ? sql`and key = ${oneKey}` : sql``}
          and day between ${p.from}::date and ${p.to}::date
          ${p.suffix ? sql`and series like '%@%'` : sql``}`,
    ),
    sql` union all `,
  )})`;
}

export type RankedRow = { key: string; a: string; b: string; c: string };

/**
 * How deep a ranking reads each period's list, first then again: multiples of
 * the rows asked (docs/decisions/reports-rollups.md, "Rankings").
 */
export const RANK_DEPTHS = [3, 10] as const;
/** The most candidates a ranking sums exactly per row asked; beyond, the next way. */
const RANK_CANDIDATES = 20;

/** The sums per key of the series given (a, b, c; c 0 without a third) over the pieces. */
function keySums(
  series: readonly [string, string, string?],
  parts: readonly Piece[],
  oneKey?: SQL,
) {
  const [first, second, third] = series;
  const names = third ? [first, second, third] : [first, second];
  return sql`select ${oneKey ? sql`` : sql`key,`}
      coalesce(sum(value) filter (where series = ${first}), 0) as a,
      coalesce(sum(value) filter (where series = ${second}), 0) as b,
      coalesce(sum(value) filter (where series = ${third ?? ""}), 0) as c
    from ${rowsOf(names, parts, oneKey)} as r`;
}

/**
 * The period rows a ranking's candidates come from: each year and month the
 * range reads, and for its days their months. `whole`: the range holds the
 * period entire (a key's sum there is at least its value; the days after
 * `to` are read apart).
 */
function listsOf(parts: readonly Piece[]) {
  const lists = new Map<string, { suffix: Suffix; day: string; whole: boolean }>();
  const partial = new Set<string>();
  for (const p of parts) {
    if (p.sign === -1) {
      if (!p.ahead) partial.add(monthStart(p.from));
      continue;
    }
    for (let day = p.from; day <= p.to; ) {
      const suffix = p.suffix || "@month";
      const first = p.suffix === "@year" ? day : monthStart(day);
      lists.set(`${suffix}${first}`, { suffix, day: first, whole: p.suffix !== "" });
      day = p.suffix === "@year" ? `${Number(day.slice(0, 4)) + 1}-01-01` : nextMonth(day);
    }
  }
  return [...lists.values()].map((l) => ({
    ...l,
    whole: l.whole && !(l.suffix === "@month" && partial.has(l.day)),
  }));
}

/**
 * Keys ranked over the range by the sum of the first series (numerically),
 * then the second, then the key, without reading every key's rows
 * (docs/decisions/reports-rollups.md, "Rankings"). A key's sum is at most the
 * sum of the periods that hold the range (a sale's total and a line's total
 * are never negative: the checks orders_money and order_items_amounts; the
 * period rows are checked too). So: 1. the top `depth` keys of each period
 * (index report_rollups_rank), their exact sums, kept when the last row is
 * above what any key outside the lists could reach (Fagin's threshold
 * algorithm); 2. for values that tie too much, the first series alone over
 * every key, then the others for the keys at or above the limit's value;
 * 3. every key.
 */
export async function ranked(
  db: Db,
  series: readonly [string, string, string?],
  query: Pick<Asked, "from" | "to" | "_limit">,
): Promise<RankedRow[]> {
  const limit = query._limit;
  const parts = pieces(query.from, query.to);
  const lists = listsOf(parts);
  const listRows = sql.join(
    lists.map((l) => sql`(${series[0] + l.suffix}::text, ${l.day}::date, ${l.whole}::boolean)`),
    sql`, `,
  );
  // The exact sums of the candidate keys, each through report_rollups_by_key
  // (a join would read every key's rows), ranked.
  const exact = (candidates: SQL) => sql`sums as (
      select c.key, s.a, s.b, s.c from (${candidates}) as c
      cross join lateral (${keySums(series, parts, sql`c.key`)}) as s
      where s.a <> 0 or s.b <> 0
    )`;
  const columns = sql`key, a::numeric(20,2)::text as a, b::numeric(20,2)::text as b, c::numeric(20,2)::text as c`;
  const order = sql`order by sums.a desc, sums.b desc, key limit ${limit}`;
  const only = (rows: RankedRow[]) => rows.map(({ key, a, b, c }) => ({ key, a, b, c }));
  const ahead = parts.find((p) => p.ahead);

  // 1. The threshold algorithm over the period lists, a shallow read then a deeper one.
  for (const times of RANK_DEPTHS) {
    const depth = times * limit;
    const top = await db.execute<RankedRow & { threshold: string; lowest: string | null }>(sql`with
      lists (series, day, whole) as (values ${listRows}),
      top as (
        select l.series, l.day, l.whole, t.key, t.value, t.n from lists l
        cross join lateral (
          select key, value, row_number() over (order by value desc) as n from report_rollups
          where series like '%@%' and series = l.series and day = l.day
          order by value desc limit ${depth}) as t
      ),
      lowest as (
        select min(v.value) as lowest from lists l
        cross join lateral (
          select value from report_rollups
          where series like '%@%' and series = l.series and day = l.day
          order by value asc limit 1) as v
      ),
      -- Each list's last value read: what a key outside it has there at most.
      edge as (select series, day, coalesce(max(value) filter (where n = ${depth}), 0) as v from top group by series, day),
      -- Days counted after \`to\` (none unless a clock ran ahead), taken from the least.
      beyond as (${
        ahead
          ? sql`select key, sum(value) as v from report_rollups
              where series = ${series[0]} and day between ${ahead.from}::date and ${ahead.to}::date group by key`
          : sql`select ''::text as key, 0::numeric as v where false`
      }),
      -- Per key seen: at least its whole periods in the lists, at most its values
      -- and the other lists' edges; only a key whose most reaches the limit's
      -- least is summed exactly.
      bounds as (
        select t.key,
          sum(case when t.whole then t.value else 0 end) - coalesce(max(b.v), 0) as low,
          (select sum(v) from edge) + sum(t.value - e.v) as high
        from top t join edge e using (series, day) left join beyond b using (key) group by t.key
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
        select key, sum(value) as a from ${rowsOf([series[0]], parts)} as r
        group by key having sum(value) <> 0
      ),
      cut as (select a from firsts order by a desc offset ${limit - 1} limit 1),
      ${exact(sql`select key from firsts where a >= (select a from cut) and (select a from cut) > 0`)}
    select ${columns} from sums ${order}`);
  if (firsts.rows.length === limit) return only(firsts.rows);

  // 3. Every key.
  const result = await db.execute<RankedRow>(sql`select ${columns}
    from (${keySums(series, parts)}
      group by key
      having sum(value) filter (where series = ${series[0]}) <> 0
        or sum(value) filter (where series = ${series[1]}) <> 0) as sums
    ${order}`);
  return result.rows;
}
