import { sql } from "drizzle-orm";
import { compiledFor } from "./compiled";
import { keysIn, type PageRequest } from "./pageArgs";
import { type Found, keyPage, runningTotal } from "./sqlParts";

/**
 * An unfiltered page by its order's index: the running total and the page's
 * keys in one statement. The same text serves every page of this list, sort
 * and FROM: built once (compiled.ts), the page's numbers its parameters.
 */
/** `total`: the list's running total (LargeListSpec). */
export async function unfilteredPage(request: PageRequest, totalName: string): Promise<Found> {
  const { db, clauses, limit, offset } = request;
  const total = runningTotal(totalName);
  const compiled = compiledFor(
    clauses.spec,
    `page:${clauses.shape}`,
    () =>
      sql`select ${total} as n, array(${keysIn(request, clauses.where)} limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}) as keys`,
  );
  const page = await keyPage(db, { compiled, values: { limit, offset } });
  return { keys: page.keys, total: page.n, capped: false };
}
