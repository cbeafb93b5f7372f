import { and, sql } from "drizzle-orm";
import type { PageRequest } from "./pageArgs";
import type { LargeListSpec } from "./spec";
import { type Found, keyPage, orderSql, whereSql } from "./sqlParts";

/**
 * Any page of the unfiltered default order: the running per-bucket counts
 * say which bucket holds the page's first row and how many rows come before
 * it, and the index is entered at that bucket, so at most one bucket's rows
 * are skipped. Counts and rows come from one statement (one snapshot), so
 * the page is exact.
 */
export async function directoryPage(
  request: PageRequest,
  directory: NonNullable<LargeListSpec["directory"]>,
): Promise<Found> {
  const { db, clauses, from, limit, offset } = request;
  const { spec, order } = clauses;
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
