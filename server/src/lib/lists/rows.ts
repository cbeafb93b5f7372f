import { inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { inTransaction } from "./compiled";
import type { ListClauses, ListSpec } from "./spec";
import { onlyOn } from "./sqlParts";

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
export interface PreparedRows<T> {
  execute(values: { keys: number[] }): PromiseLike<T[]>;
}

/** A page's rows by key are prepared once per list and database (Drizzle builds and maps them once). */
const preparedRows = new WeakMap<ListSpec, WeakMap<object, PreparedRows<unknown>>>();
let preparedCount = 0;

const ownColumnsKept = new WeakMap<ListSpec, Map<string, boolean>>();

/**
 * Whether the page's conditions and order use only the list's own table (its
 * joins can be left out of the key query). Kept per sort for unfiltered
 * pages, whose conditions are the list's own: walking the expressions cost
 * more than the rest of readPage.
 */
export function usesOwnColumns(clauses: ListClauses, table: PgTable): boolean {
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
export function rowsByKey<T>(db: Tx, spec: ListSpec, source: ListSource<T>, keys: number[]) {
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
