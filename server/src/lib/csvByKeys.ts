import { Column, is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";

/**
 * Whether a keyset batch can continue from where the last one stopped by
 * walking an index: the sort is a column of the list's own table that leads
 * one of its indexes (db/schema.ts, sortIndexes). Otherwise every batch would
 * read and sort the whole matching table again (docs/decisions/csv-export.md).
 */
export function sortHasIndex(by: SQL | Column | unknown, table: PgTable): boolean {
  if (!is(by, Column) || by.table !== table) return false;
  return getTableConfig(table).indexes.some((index) => {
    const [lead] = index.config.columns;
    return is(lead, Column) && lead.name === by.name;
  });
}

/**
 * The whole list as CSV lines for a sort no index holds (a joined parent's
 * name, a column without a sort index): the matching keys are put in order
 * once, by one read of the table, and each batch's lines are then read by
 * key, in that order. Memory holds the keys (8 bytes a row) and one batch.
 */
export async function* csvLinesByKeys(
  db: Tx,
  q: { from: SQL; where: SQL; order: SQL; key: Column; line: SQL },
  batch: number,
): AsyncGenerator<string> {
  const ordered = await db.execute<{ keys: string | null }>(
    sql`select string_agg(${q.key}::text, ',' order by ${q.order}) as keys from ${q.from}${q.where}`,
  );
  const text = ordered.rows[0]?.keys;
  if (!text) return;
  const keys = text.split(",");
  for (let start = 0; start < keys.length; start += batch) {
    const slice = keys.slice(start, start + batch).join(",");
    const result = await db.execute<{ text: string | null }>(
      sql`select string_agg(${q.line}, '' order by k.n) as text
        from ${q.from}
        join unnest(string_to_array(${slice}, ',')::bigint[]) with ordinality as k(id, n)
          on ${q.key} = k.id`,
    );
    yield result.rows[0]?.text ?? "";
  }
}
