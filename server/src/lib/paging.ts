import type { ExportFormat, ListQuery } from "@store/contract";
import {
  and,
  asc,
  Column,
  desc,
  getTableName,
  ilike,
  inArray,
  is,
  or,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  sql,
  Table,
} from "drizzle-orm";
import { getTableConfig, type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import type { Tx } from "../db/client";
import { csvLineSql, jsonLineSql, sendCsv } from "./csv";
import { csvLinesByKeys, sortHasIndex } from "./csvByKeys";
import { badRequest } from "./errors";
import { type Fields, filterCondition } from "./filters";
import { sendXlsx } from "./xlsx";

/**
 * How many matches a searched list counts: up to this many the total is
 * exact, beyond it the answer says "more than" (header X-Total-Count-Capped).
 * Each match counted costs its ILIKE recheck (about 2.5 µs on four columns)
 * on top of the trigram lookup, so 1,000 adds a few milliseconds at any
 * store size where 10,000 added 25 ms. docs/DECISIONS.md, "Lists at any size".
 */
export const SEARCH_COUNT_CAP = 1000;
/**
 * The same for a list narrowed by filters only. An index range has no
 * recheck, but 10,000 of them still cost 4-5 ms at a million orders (a
 * status filter) and grew with the store; 1,000 keeps every filter's count
 * under a millisecond or two at any size (docs/BENCHMARKS.md).
 */
export const FILTER_COUNT_CAP = 1000;

/** Rows of the list's order a search with many matches reads for its page before sorting them all. */
const WALK_BUDGET = 5000;
/** Past this offset an unfiltered page past the middle is read from the far end. */
const FAR_OFFSET = 10_000;

type Expr = PgColumn | SQL;

/** A sort key that is a column of the list's own table, or of a one-to-one join (`tie`: its key). */
type SortKey = Expr | { by: Expr; tie: Expr } | ParentSort;

/**
 * A sort on a column of the row's parent (a many-to-one join: a user's
 * membership name, a withdrawal's payee): no index can hold the joined order, so
 * an unfiltered page reads parents in that column's order (its index on the
 * parent) and each one's rows by key (an index (fk, key) on the list's table).
 */
export interface ParentSort {
  /** The column as the list's joins name it (searched pages sort their matches by it). */
  by: Expr;
  parent: { table: PgTable; key: PgColumn; column: PgColumn };
  /** The list's reference to the parent (null: no parent, sorted as a null column). */
  fk: PgColumn;
}

export interface ListSpec {
  /** Columns that `q` searches, case-insensitively, any of them matching. */
  search: Expr[];
  /**
   * The keys of the rows `q` matches, as a subquery, when the search spans
   * tables (an OR across a join can use neither table's trigram index): the
   * union of one indexed select per table (indexedSearch). Absent: `search`
   * on the list's FROM.
   */
  searchKeys?: (q: string) => SQL;
  /**
   * `_sort` keys that need more than their field (a one-to-one join's tie, a
   * parent's order), by wire field name. Ties are broken by `key` in the same
   * direction, or by `tie` (the joined table's key, for a column of a
   * one-to-one join), so one index (column, key) serves the sort.
   */
  sort: Record<string, SortKey>;
  /**
   * Every field the list answers (lib/filters.ts, fieldsOf): each can be sorted
   * by (unless `sort` says how) and filtered on. A `_sort` or filter naming
   * anything else is a 400.
   */
  fields?: Fields;
  /** Query parameters the list reads itself (products' category_id, min_price): not filters. */
  params?: readonly string[];
  /** Order when `_sort` is absent (newest first, typically); `key` breaks ties. */
  defaultOrder: { by: Expr; order: "asc" | "desc" };
  /** The list's row key: the tie-breaker, and what a page is read by first. */
  key: PgColumn;
  /** The running total (running_totals.name, migration 0005) of the unfiltered list. */
  total: string;
  /**
   * Running counts per bucket of the default order's column (running_totals
   * `${prefix}${bucket}`, integer buckets in the default order's direction),
   * so any page of the unfiltered list starts at its bucket instead of
   * skipping every row before it. `before(bucket)` selects the rows of that
   * bucket and of the buckets after it in list order.
   */
  directory?: { prefix: string; before: (bucket: SQL) => SQL };
}

interface Ordering {
  by: Expr;
  desc: boolean;
}

export interface ListClauses {
  /** Every condition: the list's base rows, the caller's filters and the search. */
  where: SQL | undefined;
  /** The base rows and filters, without the search. */
  filtered: SQL | undefined;
  /** The search alone (`q` on every searched column), as a row is checked. */
  search: SQL | undefined;
  /**
   * The same as an index finds it (indexedSearch), or the list's searchKeys;
   * absent for a short term on a list without search_grams: its matches are read row by row.
   */
  indexed?: SQL | undefined;
  /** `q`, when searched. */
  q?: string;
  /** `q` is under three characters: one- and two-character pieces, not trigrams (see readKeys). */
  shortTerm?: boolean;
  /** Neither filter nor search: the total is the list's running total. */
  unfiltered: boolean;
  /** No `_sort`: the directory, if any, serves the order. */
  defaultOrder: boolean;
  /** The `_sort` is on a parent's column. */
  parentSort?: ParentSort;
  order: Ordering[];
  orderBy: SQL[];
  /** Present only when the caller asked for a page. */
  page?: { limit: number; offset: number };
  /** `_format=csv` or `xlsx`: the whole list, read in keyset batches (readPage answers `export`). */
  format?: ExportFormat;
  /** The sort as asked (`_sort`, `_order`): with the spec, what an unfiltered page's statement depends on. */
  shape: string;
  spec: ListSpec;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `q` on every given column, case-insensitively, any matching. */
export function searchCondition(columns: Expr[], q: string): SQL | undefined {
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(sql`${column}::text`, pattern)));
}

/** A term with no trigram: pg_trgm needs three characters. */
const isShort = (q: string) => [...q].length < 3;

/**
 * searchCondition as an index finds it: a term of three characters or more
 * by the columns' trigram indexes; a shorter one by their search_grams
 * index (db/schema.ts, searchIndexes), each candidate rechecked with ILIKE.
 * Undefined for a short term on columns without one: read row by row.
 */
export function indexedSearch(columns: Expr[], q: string): SQL | undefined {
  const matches = searchCondition(columns, q);
  if (!isShort(q)) return matches;
  const grams = gramsIndexOn(columns);
  return grams && sql`${grams} @> array[lower(${q})] and (${matches})`;
}

const gramsKept = new WeakMap<Expr[], SQL | null>();

/**
 * The expression of the search_grams index over exactly these columns of
 * their table, in this order, when the table has one (`<table>_search_grams`,
 * db/schema.ts): read from the table's own index definitions, so the index
 * and the lists cannot disagree.
 */
function gramsIndexOn(columns: Expr[]): SQL | undefined {
  let kept = gramsKept.get(columns);
  if (kept === undefined) {
    const [first] = columns;
    const table = is(first, Column) ? (first.table as PgTable) : undefined;
    const index = table
      ? getTableConfig(table).indexes.find(
          (i) => i.config.name === `${getTableName(table)}_search_grams`,
        )
      : undefined;
    const same = index && columnNames(index.config.columns) === columnNames(columns);
    kept =
      same && columns.every((c) => onlyOn(table as PgTable, c))
        ? sql`search_grams(${sql.join(columns, sql`, `)})`
        : null;
    gramsKept.set(columns, kept);
  }
  return kept ?? undefined;
}

/** The names of the columns in `expr`, in order. */
function columnNames(expr: unknown): string {
  if (is(expr, Column)) return expr.name;
  const chunks = is(expr, SQL) ? expr.queryChunks : Array.isArray(expr) ? expr : [];
  return chunks
    .map(columnNames)
    .filter((name) => name !== "")
    .join();
}

export interface ListScope {
  /**
   * The rows the list holds at all (the live rows of a soft-deleting table):
   * the same on every request of the list, whose unfiltered statements are
   * built once (see compiledFor).
   */
  base?: SQL | undefined;
  /** The caller's filters: any makes the total a capped count. */
  filter?: SQL | undefined;
}

/** Turns the shared paging parameters into SQL clauses for one list. */
export function listClauses(query: ListQuery, spec: ListSpec, scope: ListScope = {}): ListClauses {
  const callerFilter = and(scope.filter, filterCondition(query, spec.fields ?? {}, spec.params));
  const filtered = and(scope.base, callerFilter);
  if (query.q && spec.search.length === 0) {
    throw badRequest("q", "This list has no search; use its filters.");
  }
  const q = query.q || undefined;
  const search = q ? searchCondition(spec.search, q) : undefined;
  const sortKey = query._sort ? sortKeyOf(spec, query._sort) : undefined;
  let order: Ordering[];
  let parentSort: ParentSort | undefined;
  if (sortKey) {
    const descending = query._order === "desc";
    let [by, tie]: [Expr, Expr] = [spec.key, spec.key];
    if (is(sortKey, Column) || is(sortKey, SQL)) by = sortKey;
    else if ("tie" in sortKey) [by, tie] = [sortKey.by, sortKey.tie];
    else {
      by = sortKey.by;
      parentSort = sortKey;
    }
    order = [
      { by, desc: descending },
      { by: tie, desc: descending },
    ];
  } else {
    const descending = spec.defaultOrder.order === "desc";
    order = [{ by: spec.defaultOrder.by, desc: descending }];
    if (spec.defaultOrder.by !== spec.key) order.push({ by: spec.key, desc: descending });
  }
  const clauses: ListClauses = {
    where: and(filtered, search),
    filtered,
    search,
    unfiltered: !callerFilter && !search,
    defaultOrder: !sortKey,
    order,
    orderBy: order.map((o) => (o.desc ? desc(o.by) : asc(o.by))),
    shape: `${query._sort ?? ""}:${query._order ?? ""}`,
    spec,
  };
  if (q) {
    clauses.q = q;
    clauses.indexed = spec.searchKeys
      ? sql`${spec.key} in (${spec.searchKeys(q)})`
      : indexedSearch(spec.search, q);
    if (isShort(q)) clauses.shortTerm = true;
  }
  if (parentSort) clauses.parentSort = parentSort;
  if (query._format) clauses.format = query._format;
  else if (query._page !== undefined || query._limit !== undefined) {
    const limit = query._limit ?? 10;
    clauses.page = { limit, offset: ((query._page ?? 1) - 1) * limit };
  }
  return clauses;
}

/**
 * The sort key of a `_sort` field: the list's own way (`sort`), else the
 * field itself; a 400 naming it when the list answers no such field. Own keys
 * only: "__proto__" would answer Object.prototype, not a column (a 500).
 */
function sortKeyOf(spec: ListSpec, name: string): SortKey {
  if (Object.hasOwn(spec.sort, name)) return spec.sort[name] as SortKey;
  const field = spec.fields && Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
  if (field && field.type !== "json") return field.by;
  throw badRequest("_sort", `"${name.slice(0, 60)}" is not a field this list can be sorted by.`);
}

/** A page of records and the total that matched. */
export interface Page<T> {
  rows: T[];
  total: number;
  /** More rows matched than were counted: the total is the cap, a lower bound. */
  capped?: boolean;
  /** `_format=csv` or `xlsx`: the whole list, batch by batch (rows and total unused). */
  export?: ListExport;
}

/** The CSV lines of the whole list, for the given fields (the answered record's, in its order). */
export type CsvLines = (fields: string[]) => AsyncIterable<string>;

/** A whole-list export: its lines for the given fields, in the asked format. */
export interface ListExport {
  format: ExportFormat;
  /** CSV lines (lib/csv.ts, csvLineSql), or one JSON array a line (jsonLineSql) for a workbook. */
  lines: CsvLines;
  /** What each field holds (the cell types of a workbook). */
  fields: Fields;
  db: Tx;
}

/** A page's rows changed after reading (joined, counted); CSV lines are written whole by SQL. */
export async function mapPage<T, U>(
  page: Page<T>,
  map: (rows: T[]) => Promise<U[]>,
): Promise<Page<U>> {
  return { ...page, rows: await map(page.rows) };
}

/**
 * Answers a list: the rows as a JSON array and the total in X-Total-Count;
 * or, for `_format=csv`, the whole list as a CSV file (lib/csv.ts).
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] | Promise<FastifyReply> {
  if (page.export?.format === "xlsx") return sendXlsx(reply, page.export);
  if (page.export) return sendCsv(reply, page.export.lines);
  reply.header("X-Total-Count", String(page.total));
  if (page.capped) reply.header("X-Total-Count-Capped", "true");
  return page.rows;
}

export interface ListSource<T> {
  /** The list's own table (spec.key's). */
  table: PgTable;
  /**
   * The joins its search and sort columns need (" left join …"). Left out of
   * a page's key query that uses none of their columns: a join the planner
   * removes still keeps the join column in its scan, and so costs the
   * index-only scan of the key (users page 5000 at 100,000 users: 9 ms
   * without, 83 ms with).
   */
  joins?: SQL;
  /** The list's own select (what it answers) under these conditions, in this order. */
  rows: (where: SQL | undefined, orderBy: SQL[]) => PromiseLike<T[]>;
  /**
   * The same select without conditions (`db.select(...).from(...)` with its
   * joins): given, a page's rows by key are one statement prepared once per
   * list and database (built and mapped by Drizzle once, not per request).
   */
  select?: (db: Tx) => PreparableSelect<T>;
  /** The row's key (spec.key). */
  keyOf: (row: T) => number;
}

/** What readPage needs of a Drizzle select to prepare "its rows whose key is any of these". */
export interface PreparableSelect<T> {
  where(condition: SQL): { prepare(name: string): PreparedRows<T> };
}
interface PreparedRows<T> {
  execute(values: { keys: number[] }): PromiseLike<T[]>;
}

/**
 * Statements built once per shape (docs/DECISIONS.md, "Lists at any size",
 * "Built once per shape"): Drizzle builds a statement by walking its parts
 * (an entity check per part), which cost more CPU per page than the rest of
 * the request's own code. A page's rows by key are prepared per list and
 * database; an unfiltered page's keys keep their SQL text per list, sort
 * and path, with the page's numbers as parameters.
 */
const preparedRows = new WeakMap<ListSpec, WeakMap<object, PreparedRows<unknown>>>();
let preparedCount = 0;

/** A transaction's session ends with it: only the database itself keeps prepared statements. */
const inTransaction = (db: Tx) => "rollback" in db;

interface Compiled {
  /** The SQL text, with $1… for its parameters. */
  text: string;
  /** The SQL text split at its parameters. */
  parts: string[];
  /** Each parameter: its fixed value, or the name of the page number it takes. */
  params: unknown[];
}
const compiledKeys = new WeakMap<ListSpec, Map<string, Compiled>>();

/** Compiles `query` (with sql.placeholder for the values that change) once per spec and shape. */
function compiledFor(spec: ListSpec, shape: string, build: () => SQL): Compiled {
  let bySpec = compiledKeys.get(spec);
  if (!bySpec) {
    bySpec = new Map();
    compiledKeys.set(spec, bySpec);
  }
  let found = bySpec.get(shape);
  if (!found) {
    const query = dialect.sqlToQuery(build());
    const parts = query.sql.split(/\$\d+/);
    if (parts.length !== query.params.length + 1) {
      throw new Error("a compiled list statement has a $ of its own");
    }
    found = { text: query.sql, parts, params: query.params };
    bySpec.set(shape, found);
  }
  return found;
}

/** What the database itself (not a transaction) answers a text with parameters with: pg's Pool and PGlite alike. */
interface Client {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a compiled statement with this request's values: straight through
 * the database's client (the text is already built), or inside a
 * transaction through Drizzle as any statement.
 */
function runCompiled<R>(
  db: Tx,
  compiled: Compiled,
  values: Record<string, unknown>,
): Promise<{ rows: R[] }> {
  const client = (db as { $client?: Client }).$client;
  if (inTransaction(db) || typeof client?.query !== "function") {
    return db.execute(withValues(compiled, values)) as Promise<{ rows: R[] }>;
  }
  const params = compiled.params.map((param) =>
    is(param, Placeholder) ? values[param.name] : param,
  );
  return client.query(compiled.text, params) as Promise<{ rows: R[] }>;
}

/** The compiled statement with this request's values, as SQL Drizzle passes on as it is. */
function withValues(compiled: Compiled, values: Record<string, unknown>): SQL {
  const chunks: unknown[] = [new StringChunk(compiled.parts[0] ?? "")];
  compiled.params.forEach((param, i) => {
    const value = is(param, Placeholder) ? values[param.name] : param;
    chunks.push(new Param(value), new StringChunk(compiled.parts[i + 1] ?? ""));
  });
  return new SQL(chunks as SQL["queryChunks"]);
}

interface Found {
  keys: number[];
  total: number;
  capped: boolean;
}

/**
 * The searches asked lately, each with the write versions (running_totals
 * "<table>.writes", migration 0007) of the tables it reads when it was
 * counted: its matches' keys in order when there were at most
 * SEARCH_COUNT_CAP, else only that there were more. While no version has
 * moved that is still the answer, so a search paged through or asked again
 * skips its trigram lookup, whose bitmap grows with the matches (tan at 1M
 * orders: 10 ms for 80,000 entries). Exact: any statement that writes one of
 * those tables moves its version. Per process, the last 500 (a few MB at most).
 */
const searches = new Map<string, Remembered>();
interface Remembered {
  versions: string;
  /** Counted by reading rows, not by an index (see readKeys). */
  read: boolean;
  /** Every match's key in order, when there were at most SEARCH_COUNT_CAP. */
  keys?: number[];
  /** Else the first HEAD_KEPT keys in order, once a page had to sort every match. */
  head?: number[];
}

/** The first pages of a search with more matches than the cap, kept once sorted (ten pages of ten). */
const HEAD_KEPT = 100;
const SEARCHES_KEPT = 500;
const dialect = new PgDialect();

/** The names of the tables in `expr` (columns' tables, tables themselves). */
function tablesIn(expr: unknown, into = new Set<string>()): Set<string> {
  if (is(expr, Column)) into.add(getTableName(expr.table));
  else if (is(expr, Table)) into.add(getTableName(expr));
  else if (is(expr, SQL)) for (const chunk of expr.queryChunks) tablesIn(chunk, into);
  else if (Array.isArray(expr)) for (const chunk of expr) tablesIn(chunk, into);
  return into;
}

/** Whether every column in `expr` belongs to `table` (an aliased table is another). */
function onlyOn(table: PgTable, expr: unknown): boolean {
  if (is(expr, Column)) return expr.table === table;
  if (is(expr, Table)) return expr === table;
  if (is(expr, SQL)) return expr.queryChunks.every((chunk) => onlyOn(table, chunk));
  if (Array.isArray(expr)) return expr.every((chunk) => onlyOn(table, chunk));
  return true;
}

const whereSql = (condition: SQL | undefined) => (condition ? sql` where ${condition}` : sql``);
const orderSql = (order: Ordering[], reverse = false) =>
  sql.join(
    order.map((o) => (o.desc !== reverse ? sql`${o.by} desc` : sql`${o.by} asc`)),
    sql`, `,
  );

/** Runs a statement answering one row {n, keys}. */
type KeyRow = { n: number | string | null; keys: number[] | null };

async function keyPage(
  db: Tx,
  query: SQL | { compiled: Compiled; values: Record<string, unknown> },
): Promise<{ n: number; keys: number[] }> {
  const result = is(query, SQL)
    ? await db.execute<KeyRow>(query)
    : await runCompiled<KeyRow>(db, query.compiled, query.values);
  const row = result.rows[0];
  // A bigint key (wallet_ledger.entry_id) comes back from node-postgres as text.
  return { n: Number(row?.n ?? 0), keys: (row?.keys ?? []).map(Number) };
}

/**
 * Runs `work` with the planner kept to bitmap scans (the trigram indexes
 * first); `serial`: without parallel workers either, whose start (about 6 ms)
 * costs more than the thousand rows a capped count reads.
 */
async function withTrigramPlan<R>(
  db: Tx,
  work: (tx: Tx) => Promise<R>,
  serial = false,
): Promise<R> {
  const workers = serial ? sql`'0'` : sql`current_setting('max_parallel_workers_per_gather')`;
  const settings = (scans: string, parallel: SQL) =>
    sql`select set_config('enable_seqscan', ${scans}, true), set_config('enable_indexscan', ${scans}, true),
      set_config('max_parallel_workers_per_gather', ${parallel}, true)`;
  // Inside a longer transaction this is a savepoint, and transaction-local
  // settings outlive it: set them back. At the top they end with the commit.
  const nested = "rollback" in db;
  return db.transaction(async (tx) => {
    const [before] = nested
      ? (
          await tx.execute<{ workers: string }>(
            sql`select current_setting('max_parallel_workers_per_gather') as workers`,
          )
        ).rows
      : [];
    await tx.execute(settings("off", workers));
    const result = await work(tx);
    if (before) await tx.execute(settings("on", sql`${before.workers}`));
    return result;
  });
}

function capped(n: number, keys: number[], cap: number): Found {
  return n > cap ? { keys, total: cap, capped: true } : { keys, total: n, capped: false };
}

/**
 * The page's keys and its total, without counting the table
 * (docs/DECISIONS.md, "Lists at any size"):
 * - unfiltered: the running total, and the keys from the order's index; a
 *   page past the middle is read from the far end, and the default order of a
 *   list with a directory starts at the page's bucket;
 * - filtered: a count stopped at FILTER_COUNT_CAP + 1, and the keys in order;
 * - searched: the trigram matches first, at most SEARCH_COUNT_CAP + 1 of
 *   them, sorted for the page (a term that is absent costs what its index
 *   lookup costs, never a walk of the whole order); with more matches than
 *   that, the page comes from the first rows of the order, or else from
 *   sorting every match.
 */
async function readKeys(
  db: Tx,
  clauses: ListClauses,
  from: SQL,
  limit: number,
  offset: number,
): Promise<Found> {
  const { spec, order } = clauses;
  const key = spec.key;
  const keysIn = (where: SQL | undefined, reverse = false) =>
    sql`select ${key} from ${from}${whereSql(where)} order by ${orderSql(order, reverse)}`;

  if (clauses.unfiltered) {
    if (clauses.defaultOrder && spec.directory && offset > 0) {
      return directoryPage(db, clauses, from, limit, offset);
    }
    if (clauses.parentSort) return parentPage(db, clauses, clauses.parentSort, limit, offset);
    const total = sql`(select coalesce((select value from running_totals where name = ${spec.total}), 0))::int`;
    if (offset > FAR_OFFSET) {
      const [known] = (await db.execute<{ n: number | string }>(sql`select ${total} as n`)).rows;
      if (offset > Number(known?.n ?? 0) / 2) {
        // Offset and limit from the total read in the same statement: the page is exact.
        const page = await keyPage(
          db,
          sql`select ${total} as n, array(${keysIn(clauses.where, true)}
            limit greatest(0, least(${limit}, ${total} - ${offset}))
            offset greatest(0, ${total} - ${offset} - ${limit})) as keys`,
        );
        return { keys: page.keys.reverse(), total: page.n, capped: false };
      }
    }
    // The same text for every page of this list, sort and FROM: built once.
    const compiled = compiledFor(
      spec,
      `page:${clauses.shape}`,
      () =>
        sql`select ${total} as n, array(${keysIn(clauses.where)} limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}) as keys`,
    );
    const page = await keyPage(db, { compiled, values: { limit, offset } });
    return { keys: page.keys, total: page.n, capped: false };
  }

  if (!clauses.q) {
    const page = await keyPage(
      db,
      sql`select (select count(*) from (select 1 from ${from}${whereSql(clauses.where)}
          limit ${FILTER_COUNT_CAP + 1}) as counted)::int as n,
        array(${keysIn(clauses.where)} limit ${limit} offset ${offset}) as keys`,
    );
    return capped(page.n, page.keys, FILTER_COUNT_CAP);
  }

  // The matches as an index finds them; without one, as a row is checked.
  const indexed = and(clauses.filtered, clauses.indexed ?? clauses.search);
  // The matches first, materialised, so the planner cannot walk the order
  // hoping to meet them; the sort columns travel along for the page.
  const sorts = sql.join(
    order.map((o, i) => sql`${o.by} as ${sql.identifier(`s${i}`)}`),
    sql`, `,
  );
  const sorted = sql.join(
    order.map((o, i) => sql`${sql.identifier(`s${i}`)} ${o.desc ? sql`desc` : sql`asc`}`),
    sql`, `,
  );
  // The write versions of every table the search reads, in the count's snapshot.
  const written = [...tablesIn([from, indexed])].sort().map((table) => `${table}.writes`);
  const versions = sql`(select coalesce(string_agg(value::text, ',' order by name), '')
    from running_totals where name in (${sql.join(
      written.map((name) => sql`${name}`),
      sql`, `,
    )}))`;
  const query = dialect.sqlToQuery(sql`${from}${whereSql(indexed)} order by ${orderSql(order)}`);
  const remembered = JSON.stringify([query.sql, query.params]);
  let found = searches.get(remembered);
  if (found) {
    const [now] = (await db.execute<{ v: string }>(sql`select ${versions} as v`)).rows;
    if (found.versions !== (now?.v ?? "")) found = undefined;
  }
  if (!found) {
    const count = (matching: SQL | undefined) => (tx: Tx) =>
      tx
        .execute<{ n: number; keys: number[] | null; v: string }>(
          sql`with matches as materialized (
              select ${key} as k, ${sorts} from ${from}${whereSql(matching)}
              limit ${SEARCH_COUNT_CAP + 1})
            select (select count(*) from matches)::int as n, ${versions} as v,
              array(select k from matches order by ${sorted}) as keys`,
        )
        .then((result) => result.rows[0]);
    // A short term's index entry holds every row with that piece: for a
    // common one ("a", "kh" in every order number) building its bitmap costs
    // more than reading rows until the cap. A sample of the rows tells which.
    const read = Boolean(
      !clauses.indexed || (clauses.shortTerm && (await isCommon(db, clauses, from))),
    );
    const first = read
      ? await count(clauses.where)(db)
      : await withTrigramPlan(db, count(indexed), true);
    const all = (first?.keys ?? []).map(Number);
    found = {
      versions: first?.v ?? "",
      read,
      ...(all.length <= SEARCH_COUNT_CAP ? { keys: all } : {}),
    };
    searches.delete(remembered);
    searches.set(remembered, found);
    // Oldest out first (a Map keeps insertion order).
    if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value as string);
  }
  if (found.keys) {
    return capped(found.keys.length, found.keys.slice(offset, offset + limit), SEARCH_COUNT_CAP);
  }
  const many = SEARCH_COUNT_CAP + 1;
  if (found.head && offset + limit <= HEAD_KEPT) {
    return capped(many, found.head.slice(offset, offset + limit), SEARCH_COUNT_CAP);
  }
  // Every match sorted for the page; the first pages are kept with the count.
  const kept = found;
  const sortAll = async (byIndex: boolean) => {
    const matching = byIndex ? indexed : clauses.where;
    const first = offset + limit <= HEAD_KEPT;
    const readSorted = (tx: Tx) =>
      keyPage(
        tx,
        sql`select array(${keysIn(matching)} limit ${first ? HEAD_KEPT : limit} offset ${first ? 0 : offset}) as keys`,
      );
    const page = byIndex ? await withTrigramPlan(db, readSorted) : await readSorted(db);
    if (!first) return page.keys;
    kept.head = page.keys;
    return page.keys.slice(offset, offset + limit);
  };
  // A short term the sample found rare: its matches are few among the
  // newest rows too, and a walk of the order would read its whole budget for
  // a few of them (15 ms at 1M orders); its index entry and a sort of its
  // matches take 5 (10 for KL's 3,200 matches, where the walk took 8).
  if (clauses.shortTerm && !found.read) return capped(many, await sortAll(true), SEARCH_COUNT_CAP);
  // Many matches are usually dense in the order too: its first rows hold the page.
  const walked = await keyPage(
    db,
    sql`select array(select k from (
        select ${key} as k, (${clauses.search}) as hit from ${from}${whereSql(clauses.filtered)}
        order by ${orderSql(order)} limit ${WALK_BUDGET}) as walk
      where hit limit ${limit} offset ${offset}) as keys`,
  );
  if (walked.keys.length === limit) return capped(many, walked.keys, SEARCH_COUNT_CAP);
  return capped(many, await sortAll(!found.read), SEARCH_COUNT_CAP);
}

/** Rows a short term is tried on before its index is used; one in ten matching makes it common. */
const SAMPLE_ROWS = 1000;

/** Whether `q` matches one row in ten or more of the list's first rows as stored. */
async function isCommon(db: Tx, clauses: ListClauses, from: SQL): Promise<boolean> {
  const [row] = (
    await db.execute<{ n: number }>(
      sql`select count(*) filter (where hit)::int as n from (
          select (${clauses.search}) as hit from ${from}${whereSql(clauses.filtered)}
          limit ${SAMPLE_ROWS}) as sample`,
    )
  ).rows;
  return Number(row?.n ?? 0) * 10 >= SAMPLE_ROWS;
}

/**
 * Any page of the unfiltered default order: the running per-bucket counts
 * say which bucket holds the page's first row and how many rows come before
 * it, and the index is entered at that bucket, so at most one bucket's rows
 * are skipped. Counts and rows come from one statement (one snapshot), so
 * the page is exact.
 */
async function directoryPage(
  db: Tx,
  clauses: ListClauses,
  from: SQL,
  limit: number,
  offset: number,
): Promise<Found> {
  const { spec, order } = clauses;
  const directory = spec.directory as NonNullable<ListSpec["directory"]>;
  const direction = order[0]?.desc ? sql`desc` : sql`asc`;
  const page = await keyPage(
    db,
    sql`with buckets as (
        select substr(name, ${directory.prefix.length + 1})::bigint as bucket, value::bigint as n
        from running_totals
        where left(name, ${directory.prefix.length}) = ${directory.prefix} and value <> 0),
      placed as (
        select bucket, sum(n) over (order by bucket ${direction}) - n as before from buckets),
      start as (
        select bucket, before from placed where before <= ${offset} order by before desc limit 1)
      select (select coalesce(sum(n), 0) from buckets)::int as n,
        array(select k from start cross join lateral (
          select ${spec.key} as k from ${from}${whereSql(
            and(clauses.where, directory.before(sql`start.bucket`)),
          )}
          order by ${orderSql(order)} offset ${offset} - start.before limit ${limit}) as rows) as keys`,
  );
  return { keys: page.keys, total: page.n, capped: false };
}

/**
 * An unfiltered page sorted by a parent's column: parents in that column's
 * order, each one's rows by key (both by index, lazily, so a page near the
 * start reads a few dozen entries), then the rows without a parent (a null
 * column: last ascending, first descending, as ORDER BY puts them).
 */
async function parentPage(
  db: Tx,
  clauses: ListClauses,
  sort: ParentSort,
  limit: number,
  offset: number,
): Promise<Found> {
  const { spec } = clauses;
  const descending = clauses.order[0]?.desc ?? false;
  const direction = descending ? sql`desc` : sql`asc`;
  const reach = offset + limit;
  const parent = (column: PgColumn) =>
    sql`${sql.identifier("parent")}.${sql.identifier(column.name)}`;
  const own = (condition: SQL) => whereSql(and(clauses.where, condition));
  const total = sql`(select coalesce((select value from running_totals where name = ${spec.total}), 0))::int`;
  const orphans = sort.fk.notNull
    ? sql``
    : sql` union all (select ${spec.key} as k, null as s from ${spec.key.table}${own(sql`${sort.fk} is null`)}
        order by ${spec.key} ${direction} limit ${reach})`;
  const page = await keyPage(
    db,
    sql`select ${total} as n, array(select k from (
        (select child.k, ${parent(sort.parent.column)} as s
          from ${sort.parent.table} as ${sql.identifier("parent")}
          cross join lateral (select ${spec.key} as k from ${spec.key.table}${own(
            sql`${sort.fk} = ${parent(sort.parent.key)}`,
          )} order by ${spec.key} ${direction} limit ${reach}) as child
          order by ${parent(sort.parent.column)} ${direction}, child.k ${direction} limit ${reach})${orphans}
      ) as sorted order by s ${direction} nulls ${descending ? sql`first` : sql`last`}, k ${direction}
      limit ${limit} offset ${offset}) as keys`,
  );
  return { keys: page.keys, total: page.n, capped: false };
}

/**
 * Answers a list: without `_page`/`_limit` every match in order (their number
 * is the total); with them, the page's keys first (readKeys), then the list's
 * own select for those rows only, so joins and columns cost ten rows, not the
 * rows an offset skips.
 */
export async function readPage<T>(
  db: Tx,
  clauses: ListClauses,
  source: ListSource<T>,
): Promise<Page<T>> {
  if (clauses.format) {
    const format = clauses.format;
    const lines: CsvLines = (fields) => csvLines(db, clauses, source, fields, ALL_BATCH, format);
    return { rows: [], total: 0, export: { format, lines, fields: clauses.spec.fields ?? {}, db } };
  }
  if (!clauses.page) {
    const rows = await source.rows(clauses.where, clauses.orderBy);
    return { rows, total: rows.length };
  }
  const { limit, offset } = clauses.page;
  const ownColumns = usesOwnColumns(clauses, source.table);
  const from = ownColumns ? sql`${source.table}` : sql`${source.table}${source.joins ?? sql``}`;
  const found = await readKeys(db, clauses, from, limit, offset);
  const page = { total: found.total, ...(found.capped ? { capped: true } : {}) };
  if (found.keys.length === 0) return { rows: [], ...page };
  const unordered = await rowsByKey(db, clauses.spec, source, found.keys);
  const byKey = new Map(unordered.map((row) => [source.keyOf(row), row]));
  const rows = found.keys.flatMap((key) => {
    const row = byKey.get(key);
    return row === undefined ? [] : [row];
  });
  return { rows, ...page };
}

const ownColumnsKept = new WeakMap<ListSpec, Map<string, boolean>>();

/**
 * Whether the page's conditions and order use only the list's own table (its
 * joins can be left out of the key query). Kept per sort for unfiltered
 * pages, whose conditions are the list's own: walking the expressions cost
 * more than the rest of readPage.
 */
function usesOwnColumns(clauses: ListClauses, table: PgTable): boolean {
  const decide = () =>
    [clauses.where, ...clauses.order.map((o) => o.by)].every((expr) => onlyOn(table, expr));
  if (!clauses.unfiltered) return decide();
  let bySort = ownColumnsKept.get(clauses.spec);
  if (!bySort) {
    bySort = new Map();
    ownColumnsKept.set(clauses.spec, bySort);
  }
  let own = bySort.get(clauses.shape);
  if (own === undefined) {
    own = decide();
    bySort.set(clauses.shape, own);
  }
  return own;
}

/** The list's rows of these keys, in any order: prepared once per list and database when it can be. */
function rowsByKey<T>(db: Tx, spec: ListSpec, source: ListSource<T>, keys: number[]) {
  if (!source.select || inTransaction(db)) return source.rows(inArray(spec.key, keys), []);
  let byDb = preparedRows.get(spec);
  if (!byDb) {
    byDb = new WeakMap();
    preparedRows.set(spec, byDb);
  }
  let prepared = byDb.get(db) as PreparedRows<T> | undefined;
  if (!prepared) {
    prepared = source
      .select(db)
      .where(sql`${spec.key} = any(${sql.placeholder("keys")})`)
      .prepare(`list_rows_${++preparedCount}`);
    byDb.set(db, prepared);
  }
  return prepared.execute({ keys });
}

/** Rows a batch of the whole list reads: about 250 kB of CSV. */
export const ALL_BATCH = 2000;

/**
 * The whole list as CSV lines, in its order, in keyset batches
 * (docs/DECISIONS.md, "Sort, filter, export and bulk on every list"): each
 * batch continues after the last row's sort value and key, so it is a walk of
 * the sort's index from where the last one stopped, never an offset. Each
 * batch's lines are written by PostgreSQL (lib/csv.ts, csvLineSql) and come
 * back as one string: parsing and mapping a row of 25 columns cost PGlite
 * about 0.25 ms, ten times its line. Memory holds one batch; no connection
 * or transaction is held between batches (lib/stream.ts says why), so, like
 * the streamed whole-list calls, the file is not one snapshot. A nullable
 * sort column is read in two runs, its values and its nulls, in the order
 * ORDER BY puts them (nulls last ascending, first descending).
 */
export async function* csvLines<T>(
  db: Tx,
  clauses: ListClauses,
  source: ListSource<T>,
  fields: string[],
  batch = ALL_BATCH,
  format: ExportFormat = "csv",
): AsyncGenerator<string> {
  const { spec, order } = clauses;
  const key = spec.key;
  const matching = spec.searchKeys ? and(clauses.filtered, clauses.indexed) : clauses.where;
  const known = fields.map((name) => spec.fields?.[name]);
  const line = format === "xlsx" ? jsonLineSql(known) : csvLineSql(known);
  const [first, second] = order;
  if (!first) return;
  const descending = first.desc;
  const after = descending ? sql`<` : sql`>`;
  // One column (the key itself), or a sort column and its tie-breaker.
  const tie = second?.by;
  const nullable =
    tie !== undefined &&
    !(is(first.by, Column) && first.by.table === source.table && first.by.notNull);
  const runs: ("values" | "nulls")[] = !nullable
    ? ["values"]
    : descending
      ? ["nulls", "values"]
      : ["values", "nulls"];
  // The line's fields may come from the joins: the rows are read with them.
  const from = sql`${source.table}${source.joins ?? sql``}`;
  if (tie !== undefined && !sortHasIndex(first.by, source.table)) {
    const where = whereSql(matching);
    yield* csvLinesByKeys(db, { from, where, order: orderSql(order), key, line }, batch);
    return;
  }
  type Batch = { n: number; text: string | null; s: string | null; t: unknown };
  for (const run of runs) {
    let last: { s: string | null; t: unknown } | null = null;
    for (;;) {
      let condition: SQL | undefined;
      if (tie === undefined) {
        condition = last ? sql`${first.by} ${after} ${last.t}` : undefined;
      } else if (run === "nulls") {
        condition = and(
          sql`${first.by} is null`,
          last ? sql`${tie} ${after} ${last.t}` : undefined,
        );
      } else {
        condition = and(
          nullable ? sql`${first.by} is not null` : undefined,
          last ? sql`(${first.by}, ${tie}) ${after} (${last.s}, ${last.t})` : undefined,
        );
      }
      const result: { rows: Batch[] } = await db.execute<Batch>(
        sql`with batch as materialized (
            select ${first.by}::text as s, ${tie ?? key} as t, ${line} as line,
              row_number() over (order by ${orderSql(order)}) as rn
            from ${from}${whereSql(and(matching, condition))}
            order by ${orderSql(order)} limit ${batch})
          select (select count(*) from batch)::int as n,
            (select string_agg(line, '' order by rn) from batch) as text,
            (select s from batch order by rn desc limit 1) as s,
            (select t from batch order by rn desc limit 1) as t`,
      );
      const found = result.rows[0];
      const n = Number(found?.n ?? 0);
      if (n === 0) break;
      yield found?.text ?? "";
      last = { s: found?.s ?? null, t: found?.t };
      if (n < batch) break;
    }
  }
}
