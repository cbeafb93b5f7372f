import { AsyncLocalStorage } from "node:async_hooks";
import type { ExportFormat, ListQuery } from "@store/contract";
import { and, asc, Column, desc, is, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { badRequest } from "../errors";
import { type Fields, filterCondition } from "../filters";
import { byTerm, indexedSearch, isShort, searchCondition } from "./searchCondition";
import type { Expr, Ordering } from "./sqlParts";

export type { Expr, Ordering };

/** A sort key that is a column of the list's own table, or of a one-to-one join (`tie`: its key). */
export type SortKey = Expr | { by: Expr; tie: Expr } | ParentSort;

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

/** What every list declares: its fields, search, sorts, default order and key. */
interface ListShape {
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
  sort?: Record<string, SortKey>;
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
}

/**
 * A list of a few hundred rows (the default: brands, banners, permission
 * groups…): every page is one statement, its count stopped at
 * SIMPLE_COUNT_CAP (simplePage.ts); no trigger is kept for it.
 */
export interface SimpleListSpec extends ListShape {
  scale?: undefined;
  // A large list's declarations, refused here: a list that keeps totals says `scale: "large"`.
  because?: never;
  total?: never;
  totals?: never;
  directory?: never;
}

/**
 * A list a store grows without bound (orders, members, the ledger…), opted
 * into with its reason: the ways of reading a page in index.ts, on running
 * totals and write counters its triggers keep (triggers.ts).
 */
export interface LargeListSpec extends ListShape {
  scale: "large";
  /** What makes it grow: the reason it needs the large-store machinery. */
  because: string;
  /**
   * The running total (running_totals.name, migration 0005) of the unfiltered
   * list: the rows of its table, kept by the triggers triggers.ts writes.
   */
  total: string;
  /** What else those triggers keep on the list's table (triggers.ts, KeptTotals). */
  totals?: KeptTotals;
  /**
   * Running counts per bucket of the default order's column (running_totals
   * `${prefix}${bucket}`, integer buckets in the default order's direction),
   * so any page of the unfiltered list starts at its bucket instead of
   * skipping every row before it. `bucket`: a changed row's bucket, as SQL
   * over the row `c` (the triggers keep it); `before(bucket)` selects the rows
   * of that bucket and of the buckets after it in list order.
   */
  directory?: { prefix: string; bucket: string; before: (bucket: SQL) => SQL };
}

export type ListSpec = SimpleListSpec | LargeListSpec;

/** What the running-total triggers keep on a list's table besides its row count (triggers.ts). */
export interface KeptTotals {
  /**
   * Which rows count, as SQL over the changed row `c`: a soft-deleting
   * table's live ones ("c.deleted_at IS NULL"). Absent: every row.
   */
  counted?: string;
  /** Totals others read (the dashboard, notifications), beside the list's own. */
  more?: readonly Kept[];
  /** Rows are only ever inserted (a trigger refuses the rest): only the insert trigger. */
  appendOnly?: boolean;
}

/**
 * One more running total, as SQL over the changed row `c`: a sum
 * (running_totals `name` += sum) or a count per bucket (`prefix` || bucket).
 */
export type Kept = { name: string; sum: string } | { prefix: string; bucket: string };

const defined: ListSpec[] = [];

/**
 * A list's spec, kept so the triggers its totals and search need are written
 * from it and applied at start (triggers.ts, derivedObjects.ts).
 */
export function defineList<S extends ListSpec>(spec: S): S {
  defined.push(spec);
  return spec;
}

/** Every list defined so far (all of them once the modules are loaded). */
export const definedLists = (): readonly ListSpec[] => defined;

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

/** The API document's question "which list does this handler read?" (listSpecOf). */
const asking = new AsyncLocalStorage<{ spec?: ListSpec }>();
class SpecFound extends Error {}

/**
 * The spec a list route's handler reads with, for the API document
 * (lib/openapi.ts): the handler is run until it asks listClauses, which
 * answers by stopping it, so nothing is read. Undefined when the handler
 * stops before (it needs more than an empty query).
 */
export async function listSpecOf(handler: () => unknown): Promise<ListSpec | undefined> {
  const found: { spec?: ListSpec } = {};
  try {
    await asking.run(found, handler);
  } catch (error) {
    if (!(error instanceof SpecFound)) return undefined;
  }
  return found.spec;
}

/** The `_sort` names a list takes (sortKeyOf): its own sorts and every field but JSON. */
export function sortNames(spec: ListSpec): string[] {
  const fields = Object.entries(spec.fields ?? {}).filter(([, f]) => f.type !== "json");
  return [...new Set([...Object.keys(spec.sort ?? {}), ...fields.map(([name]) => name)])];
}

/** Turns the shared paging parameters into SQL clauses for one list. */
export function listClauses(query: ListQuery, spec: ListSpec, scope: ListScope = {}): ListClauses {
  const question = asking.getStore();
  if (question) {
    question.spec = spec;
    throw new SpecFound();
  }
  const callerFilter = and(scope.filter, filterCondition(query, spec.fields ?? {}, spec.params));
  const filtered = and(scope.base, callerFilter);
  if (query.q && spec.search.length === 0) {
    throw badRequest("q", "no_search", {}, "This list has no search; use its filters.");
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
    if ([...byTerm(spec.search, q).keys()].some(isShort)) clauses.shortTerm = true;
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
  if (spec.sort && Object.hasOwn(spec.sort, name)) return spec.sort[name] as SortKey;
  const field = spec.fields && Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
  if (field && field.type !== "json") return field.by;
  throw badRequest(
    "_sort",
    "unknown_sort",
    { field: name.slice(0, 60) },
    `"${name.slice(0, 60)}" is not a field this list can be sorted by.`,
  );
}
