import { fromSen, toSen } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { clientOf, type Db } from "../../db/client";
import { readPrepared } from "../../db/prepared";
import { type Asked, shiftDay, todayHere } from "./days";

// How the reports read report_rollups (migrations 0024, 0026 and 0027,
// docs/decisions/reports-rollups.md): a range as year, month and day rows,
// and the rankings over few candidate keys.

/** A series' rows, by day or period, named by the series ("sales.revenue@month" → "sales.revenue"). */
const BASE = sql.raw("split_part(series, '@', 1)");

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

/** A PostgreSQL server's pool: the report's statements run side by side. */
const onServer = (db: Db) => clientOf(db) instanceof pg.Pool;

/** A text array literal for `any(...)`: PGlite and node-postgres both take it. */
export function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The rows (series as named, key, day, signed value) of `series` that sum to
 * the pieces; `keys` (a text[]): those keys' rows only (index report_rollups_by_key).
 * Every key's period rows come from index report_rollups_rank alone (its
 * predicate named), a few keys' from the others: the planner, blind to how
 * many rows a series has on a day, would otherwise filter a year's list.
 */
export function rowsOf(series: readonly string[], parts: readonly Piece[], keys?: SQL): SQL {
  return sql`(${sql.join(
    parts.map(
      (
        p,
      ) => sql`select ${p.suffix ? BASE : sql.raw("series")} as series, key, day, ${sql.raw(p.sign === 1 ? "" : "-")}value as value
        from report_rollups
        where series = any(${toArray(series.map((s) => s + p.suffix))}::text[])
          ${keys ? sql`and key = any(${keys})` : sql``}
          and day between ${p.from}::date and ${p.to}::date
          ${p.suffix && !keys ? sql`and series like '%@%'` : sql``}
          ${p.ahead && keys ? aheadAtAll(series, p) : sql``}`,
    ),
    sql` union all `,
  )})`;
}

/**
 * The days after a range that reaches today hold rows only when a clock ran
 * ahead: asked once (a one-time filter), not once per key.
 */
const aheadAtAll = (series: readonly string[], p: Piece) =>
  sql`and exists (select from report_rollups as ahead where ahead.series = any(${toArray(series)}::text[])
    and ahead.day between ${p.from}::date and ${p.to}::date)`;

/** A ranked key's sums of the series given (a, b, c), and its label ('' without one). */
export type RankedRow = { key: string; a: string; b: string; c: string; label: string };
/**
 * Where a ranking's keys are named: a table's text column by its integer id
 * (a product's name, a member's username), read in the statement that sums them.
 */
export interface Label {
  table: "products" | "categories" | "users";
  id: string;
  name: string;
}

/** A key's label, or '' (a key that is not an id: none, a coupon's code). */
function labelOf(label: Label | undefined): SQL {
  if (!label) return sql`''`;
  const [table, id, name] = [label.table, label.id, label.name].map((n) => sql.identifier(n));
  return sql`case when sums.key ~ '^[0-9]{1,18}$' then
    (select ${name} from ${table} where ${id} = sums.key::bigint) end`;
}

/** The first depth a ranking reads each list to, and how much deeper each round reads (× `_limit`). */
const RANK_FIRST_DEPTH = 3;
const RANK_DEEPER = 4;
/**
 * The first depth of a ranking of counts (× `_limit`), by engine. New
 * referrals tie (1 to 13 a year), so from 100,000 orders on the shallow
 * round does not answer. On PostgreSQL a ranking runs beside the report's
 * other statements, on a connection of its own: a round saved is its time
 * saved. On PGlite every statement waits its turn, and the months' ties
 * read whole at this depth cost more than the round they save.
 */
export const RANK_FIRST_DEPTH_COUNTS = { server: 12, embedded: RANK_FIRST_DEPTH } as const;
/** The deepest read before the full one (× `_limit`). */
const RANK_DEEPEST = 1000;
/** The most candidates a ranking sums exactly per row asked; beyond, a deeper read. */
const RANK_CANDIDATES = 20;
/**
 * The most day rows a ranking reads whole (× `_limit`); beyond, their months
 * bound them. A day holds up to ~3,000 keys' rows at a million orders (its
 * products), read from index report_rollups_days alone (migration 0037).
 */
const RANK_DAY_ROWS = 300;

/** A period row list a ranking's candidates come from (see listsOf). */
interface RankList {
  suffix: Suffix;
  day: string;
  /** The range holds the period entire: a key's sum is at least its value there. */
  whole: boolean;
  /** The month of days the range reads: it bounds them until they are read whole. */
  ofDays: boolean;
}

/**
 * The period lists of a range: each year and month it reads, and for its
 * days their months (a key's sum over some days of a month is at most its
 * month's: sales never count negative). A month read less some days bounds
 * them too.
 */
function listsOf(parts: readonly Piece[]): RankList[] {
  const lists = new Map<string, RankList>();
  const partial = new Set<string>();
  for (const p of parts) {
    if (p.sign === -1) {
      if (!p.ahead) partial.add(monthStart(p.from));
      continue;
    }
    for (let day = p.from; day <= p.to; ) {
      const suffix = p.suffix || "@month";
      const first = p.suffix === "@year" ? day : monthStart(day);
      lists.set(`${suffix}${first}`, {
        suffix,
        day: first,
        whole: p.suffix !== "",
        ofDays: p.suffix === "",
      });
      day = p.suffix === "@year" ? `${Number(day.slice(0, 4)) + 1}-01-01` : nextMonth(day);
    }
  }
  // A month less some days (the days taken come after the rows they are taken from).
  return [...lists.values()].map((l) => ({
    ...l,
    whole: l.whole && !(l.suffix === "@month" && partial.has(l.day)),
  }));
}

/** The sums of the series given (a, b, c; c 0 without a third) per key over the pieces, ranked and labelled. */
function sumsOf(
  series: readonly [string, string, string?],
  parts: readonly Piece[],
  limit: number,
  label: Label | undefined,
  keys?: SQL,
): SQL {
  const [first, second, third] = series;
  // The third orders nothing: summed for the rows answered only.
  const c = third
    ? sql`(select coalesce(sum(value), 0) from ${rowsOf([third], parts, sql`array[sums.key]`)} as r)`
    : sql`0`;
  return sql`select key,
      a::numeric(20,2)::text as a, b::numeric(20,2)::text as b, ${c}::numeric(20,2)::text as c,
      coalesce(${labelOf(label)}, '') as label
    from (select key,
        coalesce(sum(value) filter (where series = ${first}), 0) as a,
        coalesce(sum(value) filter (where series = ${second}), 0) as b
      from ${rowsOf([first, second], parts, keys)} as r group by key) as sums
    where a <> 0 or b <> 0
    -- By the sums as numbers (a bare a would be the text column above).
    order by sums.a desc, sums.b desc, key limit ${limit}`;
}

/** What one round of a ranking found (see rankRound). */
interface Round {
  /** The exact top rows of the candidates summed. */
  rows: RankedRow[];
  /** No key unseen sums to more. */
  threshold: bigint;
  /** The highest most of a key seen but not summed; undefined when every key seen was summed. */
  left: bigint | undefined;
  /** Every list ended before the depth: every key was seen. */
  ended: boolean;
  /** A period value is negative: the bounds do not hold. */
  negative: boolean;
}

/**
 * One round of a ranking (see ranked), in one statement, so that no list row
 * leaves the database: each list's highest `depth` keys of the first series
 * and the keys tied with the last (index report_rollups_rank); the `days`
 * whole when they are few (exact: their months then bound nothing); each
 * key's bounds; and the exact sums of the keys with the highest mosts that
 * reach the `_limit`-th least.
 */
async function rankRound(
  db: Db,
  series: readonly [string, string, string?],
  parts: readonly Piece[],
  lists: readonly RankList[],
  round: {
    depth: number;
    step: bigint;
    limit: number;
    label: Label | undefined;
    days: readonly Piece[];
  },
): Promise<Round> {
  const { depth, step, limit, label, days } = round;
  const first = series[0];
  const within = (days: readonly Piece[]) =>
    days.length
      ? sql.join(
          days.map((d) => sql`day between ${d.from}::date and ${d.to}::date`),
          sql` or `,
        )
      : sql`false`;
  const ahead = parts.filter((p) => p.ahead);
  const named = sql.join(
    lists.map(
      (l, n) =>
        sql`(${n}::int, ${first + l.suffix}::text, ${l.day}::date, ${l.whole}::boolean, ${l.ofDays}::boolean)`,
    ),
    sql`, `,
  );
  const result = await readPrepared<{
    rows: RankedRow[] | null;
    threshold: string;
    left: string | null;
    ended: boolean;
    negative: boolean;
  }>(
    db,
    sql`with lists(n, series, day, whole, of_days) as (values ${named}),
    days as (select key, value from report_rollups
      where series = ${first} and series not like '%@%' and (${within(days)})
      limit ${RANK_DAY_ROWS * limit + 1}),
    days_whole as (select ${days.length > 0}::boolean and count(*) <= ${RANK_DAY_ROWS * limit}
      as whole from days),
    read as (select * from lists where not (of_days and (select whole from days_whole))),
    tops as (select r.n, t.key, t.value from read as r
      cross join lateral (select key, value from report_rollups
        where series like '%@%' and series = r.series and day = r.day
        order by value desc fetch first ${depth} rows with ties) as t),
    edges as (select r.n, r.whole, e.ended, e.edge,
        (select min(value) from report_rollups
          where series like '%@%' and series = r.series and day = r.day) < 0 as negative
      from read as r cross join lateral (select count(*) < ${depth} as ended,
          case when count(*) < ${depth} then 0
            else greatest(min(t.value) - ${fromSen(step)}::numeric, 0) end as edge
        from tops as t where t.n = r.n) as e),
    threshold as (select coalesce(sum(edge), 0) as value,
        coalesce(bool_and(ended), true) as ended, coalesce(bool_or(negative), false) as negative
      from edges),
    -- A key's least: its whole periods' values and its days (less any after
    -- the range); its most: its values read, its days and the other lists' edges.
    bounds as (select key, sum(low) as low, (select value from threshold) + sum(high) as high
      from (select t.key, case when e.whole then t.value else 0 end as low, t.value - e.edge as high
          from tops as t join edges as e on e.n = t.n
        union all
        select key, value, value from days where (select whole from days_whole)
        union all
        select key, -value, 0 from report_rollups where series = ${first} and (${within(ahead)})
      ) as b group by key),
    -- No key whose most is below the limit's least can rank.
    cut as (select low as value from bounds order by low desc offset ${limit - 1} limit 1),
    reach as (select key, high from bounds where high >= coalesce((select value from cut), 0)),
    picked as (select key from reach order by high desc, key limit ${RANK_CANDIDATES * limit}),
    left_out as (select high from reach order by high desc, key offset ${RANK_CANDIDATES * limit} limit 1)
    select (select json_agg(s order by s.a::numeric desc, s.b::numeric desc, s.key)
        from (${sumsOf(series, parts, limit, label, sql`array(select key from picked)`)}) as s) as rows,
      t.value::text as threshold, (select high from left_out)::text as left, t.ended, t.negative
    from threshold as t`,
  );
  const row = result.rows[0];
  if (!row) throw new Error("a ranking's round answered no row");
  return {
    rows: row.rows ?? [],
    threshold: toSen(row.threshold),
    left: row.left === null ? undefined : toSen(row.left),
    ended: row.ended,
    negative: row.negative,
  };
}

/** Every key's sums of the series given over the pieces, ranked: the full read. */
async function keySums(
  db: Db,
  series: readonly [string, string, string?],
  parts: readonly Piece[],
  limit: number,
  label: Label | undefined,
): Promise<RankedRow[]> {
  return (await readPrepared<RankedRow>(db, sumsOf(series, parts, limit, label))).rows;
}

/**
 * Keys ranked over the range by the sum of the first series (numerically),
 * then the second, then the key, without reading every key's rows
 * (docs/decisions/reports-rollups.md, "Rankings"): Fagin's threshold
 * algorithm over the period lists, a round a statement (rankRound). Each
 * round reads every list's highest keys to a depth, and the keys tied with
 * the last; a key outside a list has there less than the last value read, at
 * most a sen less, a whole one for `counts` (its edge), so no key unseen sums
 * to more than the edges' sum (the threshold). A key seen sums at least to
 * its whole periods' values and its days, at most to its values read, its
 * days and the other lists' edges (its most); of the keys whose most reaches
 * the `_limit`-th least, the highest (at most 20 × `_limit`) are summed exactly, and the
 * answer stands when its last row is above the threshold and above every
 * most left out; until then the next round reads deeper. A negative period
 * value, or no answer at the deepest read, leaves
 * the full read over every key.
 */
export async function ranked(
  db: Db,
  series: readonly [string, string, string?],
  query: Pick<Asked, "from" | "to" | "_limit">,
  { label, counts = false }: { label?: Label; counts?: boolean } = {},
): Promise<RankedRow[]> {
  const limit = query._limit;
  const all = pieces(query.from, query.to);
  const lists = listsOf(all);
  // A key outside a list read with its ties has there less than the last value:
  // a sen less, or a whole one for counts (new referrals tie, 1 to 10 a year).
  // The range's days are read whole when few, so that no month bounds them: a
  // month's value bounding one day's is far above it, and would ask round after round.
  const step = counts ? toSen("1") : 1n;
  const days = all.filter((p) => p.suffix === "" && p.sign === 1);
  const first = counts
    ? RANK_FIRST_DEPTH_COUNTS[onServer(db) ? "server" : "embedded"]
    : RANK_FIRST_DEPTH;
  for (let depth = first * limit; lists.length && depth <= RANK_DEEPEST * limit; ) {
    const round = await rankRound(db, series, all, lists, { depth, step, days, limit, label });
    if (round.negative) break;
    const last = round.rows.at(-1);
    const stands = (most: bigint | undefined) =>
      !last || most === undefined || toSen(last.a) > most;
    if (round.rows.length === limit && stands(round.threshold) && stands(round.left))
      return round.rows;
    // Every key was seen: the full read is as small.
    if (round.ended) break;
    // Deeper: four times, sixteen when the threshold is far above the last row.
    const behind = last ? toSen(last.a) : 0n;
    depth *= round.threshold > behind + behind / 4n ? RANK_DEEPER ** 2 : RANK_DEEPER;
  }
  return keySums(db, series, all, limit, label);
}
