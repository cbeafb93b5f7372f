import { sql } from "drizzle-orm";
import { keysIn, type PageRequest } from "./pageArgs";
import { capped, type Found, keyPage, whereSql } from "./sqlParts";

/**
 * How many rows a list narrowed by filters only counts. An index range has no
 * recheck, but 10,000 of them still cost 4-5 ms at a million orders (a
 * status filter) and grew with the store; 1,000 keeps every filter's count
 * under a millisecond or two at any size (docs/BENCHMARKS.md).
 */
export const FILTER_COUNT_CAP = 1000;

/** A filtered page: a count stopped at FILTER_COUNT_CAP + 1, and the keys in order. */
export async function filteredPage(request: PageRequest): Promise<Found> {
  const { db, clauses, from, limit, offset } = request;
  const page = await keyPage(
    db,
    sql`select (select count(*) from (select 1 from ${from}${whereSql(clauses.where)}
        limit ${FILTER_COUNT_CAP + 1}) as counted)::int as n,
      array(${keysIn(request, clauses.where)} limit ${limit} offset ${offset}) as keys`,
  );
  return capped(page.n, page.keys, FILTER_COUNT_CAP);
}
