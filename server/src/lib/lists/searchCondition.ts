import { Column, getTableName, ilike, is, or, SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { type Expr, onlyOn } from "./sqlParts";

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
export const isShort = (q: string) => [...q].length < 3;

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
