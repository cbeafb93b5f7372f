/**
 * How large a store the embedded database (PGlite) serves well, as measured in
 * docs/benchmarks/http-pglite.md ("Where the embedded database stops"): past this many
 * orders a page of a list passes 50 ms, or eight administrators at once queue
 * behind each other, because PGlite runs one statement at a time inside the
 * server process. The start-up log says so when a store is past it.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export const EMBEDDED_ORDERS_LIMIT = 300_000;

/**
 * The planner's row estimate of orders (pg_class.reltuples, kept by ANALYZE and
 * index builds): free, where count(*) would read a million rows at start-up.
 * Never analysed (-1): the table's size over a typical order row.
 */
export async function estimatedOrders(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select case when c.reltuples >= 0 then c.reltuples
        else pg_relation_size(c.oid) / 400 end::bigint as n
      from pg_class c where c.oid = to_regclass('orders')`,
  );
  return Number((result.rows[0] as { n?: string | number } | undefined)?.n ?? 0);
}

/** The line the start-up log prints for an embedded store past the limit, or null. */
export async function embeddedLimitNotice(db: Db): Promise<string | null> {
  const orders = await estimatedOrders(db);
  if (orders <= EMBEDDED_ORDERS_LIMIT) return null;
  const about = (n: number) => n.toLocaleString("en");
  return (
    `This store has about ${about(Math.round(orders / 1000) * 1000)} orders, past the ` +
    `${about(EMBEDDED_ORDERS_LIMIT)} the embedded database serves well: list pages slow ` +
    "down and administrators wait for each other. Move it to PostgreSQL (DATABASE_URL; " +
    "README.md, docs/BENCHMARKS.md)."
  );
}
