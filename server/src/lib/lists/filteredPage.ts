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

/**
 * How many rows a simple list counts (any page, filtered, searched or not):
 * its rows are a few hundred, so the count is exact; past this the total says
 * "at least" (X-Total-Count-Capped) rather than count a table that grew, and
 * the list should be declared `scale: "large"`.
 */
export const SIMPLE_COUNT_CAP = 10_000;

/** A page: a count stopped at `cap` + 1, and the keys in order, in one statement. */
async function countedPage(request: PageRequest, cap: number): Promise<Found> {
  const { db, clauses, from, limit, offset } = request;
  const page = await keyPage(
    db,
    sql`select (select count(*) from (select 1 from ${from}${whereSql(clauses.where)}
        limit ${cap + 1}) as counted)::int as n,
      array(${keysIn(request, clauses.where)} limit ${limit} offset ${offset}) as keys`,
  );
  return capped(page.n, page.keys, cap);
}

/** A large list's filtered page (no search): its count stopped at FILTER_COUNT_CAP. */
export const filteredPage = (request: PageRequest) => countedPage(request, FILTER_COUNT_CAP);

/** Any page of a simple list: its count stopped at SIMPLE_COUNT_CAP. */
export const simplePage = (request: PageRequest) => countedPage(request, SIMPLE_COUNT_CAP);
