/** The SQL pieces every way of reading a page shares. */
import { Column, is, SQL, sql, Table } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { type Compiled, runCompiled } from "./compiled";

export type Expr = PgColumn | SQL;

export interface Ordering {
  by: Expr;
  desc: boolean;
}

/** What every way of reading a page answers: the page's keys in order and the total. */
export interface Found {
  keys: number[];
  total: number;
  capped: boolean;
}

/** The table's name in the database: an alias (`alias(users, "referrer")`) is its table. */
export function tableName(table: Table): string {
  const original = (table as unknown as Record<symbol, unknown>)[
    Symbol.for("drizzle:OriginalName")
  ];
  return typeof original === "string" ? original : "";
}

/** The database names of the tables in `expr` (columns' tables, tables themselves). */
export function tablesIn(expr: unknown, into = new Set<string>()): Set<string> {
  if (is(expr, Column)) into.add(tableName(expr.table));
  else if (is(expr, Table)) into.add(tableName(expr));
  else if (is(expr, SQL)) for (const chunk of expr.queryChunks) tablesIn(chunk, into);
  else if (Array.isArray(expr)) for (const chunk of expr) tablesIn(chunk, into);
  return into;
}

/** Whether every column in `expr` belongs to `table` (an aliased table is another). */
export function onlyOn(table: PgTable, expr: unknown): boolean {
  if (is(expr, Column)) return expr.table === table;
  if (is(expr, Table)) return expr === table;
  if (is(expr, SQL)) return expr.queryChunks.every((chunk) => onlyOn(table, chunk));
  if (Array.isArray(expr)) return expr.every((chunk) => onlyOn(table, chunk));
  return true;
}

export const whereSql = (condition: SQL | undefined) =>
  condition ? sql` where ${condition}` : sql``;
export const orderSql = (order: Ordering[], reverse = false) =>
  sql.join(
    order.map((o) => (o.desc !== reverse ? sql`${o.by} desc` : sql`${o.by} asc`)),
    sql`, `,
  );

/** Runs a statement answering one row {n, keys}. */
export type KeyRow = { n: number | string | null; keys: number[] | null };

export async function keyPage(
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

export function capped(n: number, keys: number[], cap: number): Found {
  return n > cap ? { keys, total: cap, capped: true } : { keys, total: n, capped: false };
}

/** The unfiltered list's running total (running_totals, migration 0005), read in the page's own statement. */
export const runningTotal = (name: string) =>
  sql`(select coalesce((select value from running_totals where name = ${name}), 0))::int`;
