import type { ExportFormat } from "@store/contract";
import { and, Column, is, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { csvLineSql, jsonLineSql } from "../csv";
import { csvLinesByKeys, sortHasIndex } from "../csvByKeys";
import type { ListSource } from "./rows";
import type { ListClauses } from "./spec";
import { orderSql, whereSql } from "./sqlParts";

/** Rows a batch of the whole list reads: about 250 kB of CSV. */
export const ALL_BATCH = 2000;

/**
 * The whole list as CSV lines, in its order, in keyset batches
 * (docs/decisions/csv-export.md): each
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
  // A workbook's rows as JSON arrays (lib/xlsx.ts); the CSV's as its lines.
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
