import { sql } from "drizzle-orm";
import { keysIn, type PageRequest } from "./pageArgs";
import { type Found, keyPage, runningTotal } from "./sqlParts";

/** Past this offset an unfiltered page past the middle is read from the far end. */
export const FAR_OFFSET = 10_000;

/**
 * An unfiltered page past FAR_OFFSET and past the middle of the list, read
 * from the far end of the order's index (the reversed order skips fewer
 * rows); undefined when the page is nearer the start.
 */
export async function farOffsetPage(
  request: PageRequest,
  totalName: string,
): Promise<Found | undefined> {
  const { db, clauses, limit, offset } = request;
  const total = runningTotal(totalName);
  const [known] = (await db.execute<{ n: number | string }>(sql`select ${total} as n`)).rows;
  if (offset <= Number(known?.n ?? 0) / 2) return undefined;
  // Offset and limit from the total read in the same statement: the page is exact.
  const page = await keyPage(
    db,
    sql`select ${total} as n, array(${keysIn(request, clauses.where, true)}
      limit greatest(0, least(${limit}, ${total} - ${offset}))
      offset greatest(0, ${total} - ${offset} - ${limit})) as keys`,
  );
  return { keys: page.keys.reverse(), total: page.n, capped: false };
}
