import { createHash } from "node:crypto";
import { toSen } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../db/client";
import { dialect } from "../../lib/lists/compiled";
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

/**
 * Runs a report statement; on PostgreSQL prepared by name on each pool
 * connection, so its plan is kept: a report's text repeats for every range of
 * one shape, and planning a union of pieces costs as much as running it
 * (docs/decisions/reports-rollups.md, "Prepared"). The name is the text's hash.
 */
export async function readRollups<R extends pg.QueryResultRow>(
  db: Db,
  query: SQL,
): Promise<{ rows: R[] }> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    const { rows } = await db.execute<R>(query);
    return { rows: rows as R[] };
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `report_${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
  return client.query<R>({ name, text, values: params });
}

/** A text array literal for `any(...)`: PGlite and node-postgres both take it. */
function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The rows (series as named, key, day, signed value) of `series` that sum to
 * the pieces; `keys`: those keys' rows only (index report_rollups_by_key).
 * Every key's period rows come from index report_rollups_rank alone (its
 * predicate named), a few keys' from the others: the planner, blind to how
 * many rows a series has on a day, would otherwise filter a year's list.
 */
export function rowsOf(
  series: readonly string[],
  parts: readonly Piece[],
  keys?: readonly string[],
): SQL {
  return sql`(${sql.join(
    parts.map(
      (
        p,
      ) => sql`select ${p.suffix ? BASE : sql.raw("series")} as series, key, day, ${sql.raw(p.sign === 1 ? "" : "-")}value as value
        from report_rollups
        where series = any(${toArray(series.map((s) => s + p.suffix))}::text[])
          ${keys ? sql`and key = any(${toArray(keys)}::text[])` : sql``}
          and day between ${p.from}::date and ${p.to}::date
          ${p.suffix && !keys ? sql`and series like '%@%'` : sql``}`,
    ),
    sql` union all `,
  )})`;
}

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
/** The deepest read before the full one (× `_limit`). */
const RANK_DEEPEST = 1000;
/** The most candidates a ranking sums exactly per row asked; beyond, a deeper read. */
const RANK_CANDIDATES = 20;
/** The most day rows a ranking reads whole (× `_limit`); beyond, their months bound them. */
const RANK_DAY_ROWS = 50;

/** A period row list a ranking's candidates come from (see listsOf). */
interface RankList {
  suffix: Suffix;
  day: string;
  /** The range holds the period entire: a key's sum is at least its value there. */
  whole: boolean;
}

/**
 * The period lists of a range: each year and month it reads, and for its
 * days their months (a key's sum over some days of a month is at most its
 * month's: sales never count negative) unless the days are read whole.
 */
function listsOf(parts: readonly Piece[], daysRead: boolean): RankList[] {
  const lists = new Map<string, RankList>();
  const partial = new Set<string>();
  for (const p of parts) {
    if (p.sign === -1) {
      if (!p.ahead) partial.add(monthStart(p.from));
      continue;
    }
    if (p.suffix === "" && daysRead) continue;
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

/** Adds an amount (text with two places) to a key's sum in sen. */
function addTo(sums: Map<string, bigint>, key: string, amount: string): void {
  sums.set(key, (sums.get(key) ?? 0n) + toSen(amount));
}

/**
 * Each list's highest `depth` keys of `series` (index report_rollups_rank), and
 * its least value; with `ahead`, each key's sum over those days (`beyond`).
 */
async function listTops(
  db: Db,
  series: string,
  lists: readonly RankList[],
  depth: number,
  ahead?: Piece,
) {
  const named = sql.join(
    lists.map((l, n) => sql`(${n}::int, ${series + l.suffix}::text, ${l.day}::date)`),
    sql`, `,
  );
  const result = await readRollups<{ n: number; key: string | null; value: string }>(
    db,
    sql`
    select l.n, t.key, t.value::text as value from (values ${named}) as l(n, series, day)
    cross join lateral (
      select key, value from report_rollups
      where series like '%@%' and series = l.series and day = l.day
      order by value desc limit ${depth}) as t
    union all
    select l.n, null, (select min(value) from report_rollups
      where series like '%@%' and series = l.series and day = l.day)::text
    from (values ${named}) as l(n, series, day)
    ${
      ahead
        ? sql`union all
    select -1, key, value::text from report_rollups
    where series = ${series} and day between ${ahead.from}::date and ${ahead.to}::date`
        : sql``
    }`,
  );
  const tops = lists.map(() => [] as { key: string; value: bigint }[]);
  const beyond = new Map<string, bigint>();
  let negative = false;
  for (const row of result.rows) {
    const n = Number(row.n);
    if (row.key === null) negative ||= row.value !== null && toSen(row.value) < 0n;
    else if (n === -1) addTo(beyond, row.key, row.value);
    else tops[n]?.push({ key: row.key, value: toSen(row.value) });
  }
  return { tops, negative, beyond };
}

/** The sums per key of the series given (a, b, c; c 0 without a third) over the pieces, labelled. */
async function keySums(
  db: Db,
  series: readonly [string, string, string?],
  parts: readonly Piece[],
  limit: number,
  label: Label | undefined,
  keys?: readonly string[],
): Promise<RankedRow[]> {
  const [first, second, third] = series;
  const names = third ? [first, second, third] : [first, second];
  const result = await readRollups<RankedRow>(
    db,
    sql`select key,
      a::numeric(20,2)::text as a, b::numeric(20,2)::text as b, c::numeric(20,2)::text as c,
      coalesce(${labelOf(label)}, '') as label
    from (select key,
        coalesce(sum(value) filter (where series = ${first}), 0) as a,
        coalesce(sum(value) filter (where series = ${second}), 0) as b,
        coalesce(sum(value) filter (where series = ${third ?? ""}), 0) as c
      from ${rowsOf(names, parts, keys)} as r group by key) as sums
    where a <> 0 or b <> 0
    -- By the sums as numbers (a bare a would be the text column above).
    order by sums.a desc, sums.b desc, key limit ${limit}`,
  );
  return result.rows;
}

/**
 * Each key's sum of the day rows of `series` in the pieces' days, when there
 * are at most `most` rows; else undefined (too many to read whole).
 */
async function daySums(db: Db, series: string, days: readonly Piece[], most: number) {
  const within = days.map((d) => sql`day between ${d.from}::date and ${d.to}::date`);
  const result = await readRollups<{ key: string; value: string }>(
    db,
    sql`select key, value::text as value from report_rollups
    where series = ${series} and (${sql.join(within, sql` or `)}) limit ${most + 1}`,
  );
  if (result.rows.length > most) return undefined;
  const sums = new Map<string, bigint>();
  for (const row of result.rows) addTo(sums, row.key, row.value);
  return sums;
}

/** The `n`-th largest of `values` (1-based), or undefined when there are fewer. */
function nthLargest(values: bigint[], n: number): bigint | undefined {
  return values.sort((x, y) => (y > x ? 1 : y < x ? -1 : 0))[n - 1];
}

/**
 * Keys ranked over the range by the sum of the first series (numerically),
 * then the second, then the key, without reading every key's rows
 * (docs/decisions/reports-rollups.md, "Rankings"): Fagin's threshold
 * algorithm over the period lists. Each round reads every list's highest
 * keys to a depth; a key outside a list has there at most the list's last
 * value read (its edge), so no key unseen sums to more than the edges'
 * sum (the threshold). Per key seen: at least its whole periods' values, at
 * most its values and the other lists' edges. Once the `_limit`-th least is
 * above the threshold, the keys whose most reaches it are summed exactly and
 * the answer stands when its last row is above the threshold; until then the
 * next round reads deeper (values that tie need it: new referrals, 1 to 10 a
 * year). A negative period value, or no answer at the deepest read, leaves
 * the full read over every key.
 */
export async function ranked(
  db: Db,
  series: readonly [string, string, string?],
  query: Pick<Asked, "from" | "to" | "_limit">,
  label?: Label,
): Promise<RankedRow[]> {
  const limit = query._limit;
  const all = pieces(query.from, query.to);
  const runs = all.filter((p) => p.suffix === "" && p.sign === 1);
  let lists = listsOf(all, false);
  let depth = RANK_FIRST_DEPTH * limit;
  // The first round (the days at the ends bounded by their months), with the
  // days after `to` (none unless a clock ran ahead: they come off a whole
  // period's least).
  let round = lists.length
    ? await listTops(
        db,
        series[0],
        lists,
        depth,
        all.find((p) => p.ahead),
      )
    : undefined;
  const beyond = round?.beyond ?? new Map<string, bigint>();
  let daysTried = !runs.length;
  let days = new Map<string, bigint>();
  while (round && depth <= RANK_DEEPEST * limit) {
    const { tops, negative } = round;
    // Every key is in the lists (the full read is as small), or a value is negative.
    if (negative || tops.every((top) => top.length < depth)) break;
    const edges = tops.map((top) => (top.length === depth ? (top.at(-1)?.value ?? 0n) : 0n));
    const threshold = edges.reduce((sum, edge) => sum + edge, 0n);
    const bounds = new Map<string, { low: bigint; high: bigint }>();
    const start = (key: string) => {
      const exact = days.get(key) ?? 0n;
      return { low: exact - (beyond.get(key) ?? 0n), high: threshold + exact };
    };
    for (const key of days.keys()) bounds.set(key, start(key));
    tops.forEach((top, n) => {
      for (const { key, value } of top) {
        const bound = bounds.get(key) ?? start(key);
        if (lists[n]?.whole) bound.low += value;
        bound.high += value - (edges[n] ?? 0n);
        bounds.set(key, bound);
      }
    });
    // Sum exactly once the limit's least is above the threshold (the answer then
    // stands), or at the deepest read; else read deeper: a list row costs less
    // than a candidate's sum.
    const cut = nthLargest(
      [...bounds.values()].map((b) => b.low),
      limit,
    );
    const deepest = depth * RANK_DEEPER > RANK_DEEPEST * limit;
    if (cut !== undefined && (cut > threshold || deepest)) {
      const picked = [...bounds].filter(([, b]) => b.high >= cut).map(([key]) => key);
      if (picked.length <= RANK_CANDIDATES * limit) {
        const rows = await keySums(db, series, all, limit, label, picked);
        const last = rows.at(-1);
        if (rows.length === limit && last && toSen(last.a) > threshold) return rows;
      }
    }
    // Deeper: four times, sixteen when the threshold is far above the least (ties).
    depth *= cut !== undefined && threshold > cut + cut / 4n ? RANK_DEEPER ** 2 : RANK_DEEPER;
    // From the second round the days at the ends are read whole when they are
    // few: exact, and no month bounds them. Read beside the round that counts on it.
    if (!daysTried) {
      daysTried = true;
      const withoutDays = listsOf(all, true);
      const [read, next] = await Promise.all([
        daySums(db, series[0], runs, RANK_DAY_ROWS * limit),
        withoutDays.length ? listTops(db, series[0], withoutDays, depth) : undefined,
      ]);
      if (read) {
        days = read;
        lists = withoutDays;
        round = next;
        continue;
      }
    }
    round = await listTops(db, series[0], lists, depth);
  }
  return keySums(db, series, all, limit, label);
}
