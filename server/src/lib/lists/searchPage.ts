import { and, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { dialect } from "./compiled";
import { keysIn, type PageRequest } from "./pageArgs";
import { withTrigramPlan } from "./plannerHints";
import { HEAD_KEPT, type Remembered, recall, remember, versionsOf } from "./searchCache";
import type { ListClauses } from "./spec";
import { capped, type Found, keyPage, orderSql, tablesIn, whereSql } from "./sqlParts";

/**
 * How many matches a searched list counts: up to this many the total is
 * exact, beyond it the answer says "more than" (header X-Total-Count-Capped).
 * Each match counted costs its ILIKE recheck (about 2.5 µs on four columns)
 * on top of the trigram lookup, so 1,000 adds a few milliseconds at any
 * store size where 10,000 added 25 ms. docs/DECISIONS.md, "Lists at any size".
 */
export const SEARCH_COUNT_CAP = 1000;

/** Rows of the list's order a search with many matches reads for its page before sorting them all. */
const WALK_BUDGET = 5000;

/**
 * A searched page: the trigram matches first, at most SEARCH_COUNT_CAP + 1 of
 * them, sorted for the page (a term that is absent costs what its index
 * lookup costs, never a walk of the whole order), remembered while the tables
 * it reads are unwritten (searchCache.ts); with more matches than that, the
 * page comes from the first rows of the order (a walk), or else from sorting
 * every match.
 */
export async function searchPage(request: PageRequest): Promise<Found> {
  const { db, clauses, from, limit, offset } = request;
  const { spec, order } = clauses;
  const key = spec.key;
  // The matches as an index finds them; without one, as a row is checked.
  const indexed = and(clauses.filtered, clauses.indexed ?? clauses.search);
  // The matches first, materialised, so the planner cannot walk the order
  // hoping to meet them; the sort columns travel along for the page.
  const sorts = sql.join(
    order.map((o, i) => sql`${o.by} as ${sql.identifier(`s${i}`)}`),
    sql`, `,
  );
  const sorted = sql.join(
    order.map((o, i) => sql`${sql.identifier(`s${i}`)} ${o.desc ? sql`desc` : sql`asc`}`),
    sql`, `,
  );
  // The write versions of every table the search reads, in the count's snapshot.
  const versions = versionsOf(tablesIn([from, indexed]));
  const query = dialect.sqlToQuery(sql`${from}${whereSql(indexed)} order by ${orderSql(order)}`);
  const remembered = JSON.stringify([query.sql, query.params]);
  let found = await recall(db, remembered, versions);
  if (!found) {
    const count = (matching: SQL | undefined) => (tx: Tx) =>
      tx
        .execute<{ n: number; keys: number[] | null; v: string }>(
          sql`with matches as materialized (
              select ${key} as k, ${sorts} from ${from}${whereSql(matching)}
              limit ${SEARCH_COUNT_CAP + 1})
            select (select count(*) from matches)::int as n, ${versions} as v,
              array(select k from matches order by ${sorted}) as keys`,
        )
        .then((result) => result.rows[0]);
    // A short term's index entry holds every row with that piece: for a
    // common one ("a", "kh" in every order number) building its bitmap costs
    // more than reading rows until the cap. A sample of the rows tells which.
    const read = Boolean(
      !clauses.indexed || (clauses.shortTerm && (await isCommon(db, clauses, from))),
    );
    const first = read
      ? await count(clauses.where)(db)
      : await withTrigramPlan(db, count(indexed), true);
    const all = (first?.keys ?? []).map(Number);
    found = {
      versions: first?.v ?? "",
      read,
      ...(all.length <= SEARCH_COUNT_CAP ? { keys: all } : {}),
    } satisfies Remembered;
    remember(remembered, found);
  }
  if (found.keys) {
    return capped(found.keys.length, found.keys.slice(offset, offset + limit), SEARCH_COUNT_CAP);
  }
  const many = SEARCH_COUNT_CAP + 1;
  if (found.head && offset + limit <= HEAD_KEPT) {
    return capped(many, found.head.slice(offset, offset + limit), SEARCH_COUNT_CAP);
  }
  // Every match sorted for the page; the first pages are kept with the count.
  const kept = found;
  const sortAll = async (byIndex: boolean) => {
    const matching = byIndex ? indexed : clauses.where;
    const first = offset + limit <= HEAD_KEPT;
    const readSorted = (tx: Tx) =>
      keyPage(
        tx,
        sql`select array(${keysIn(request, matching)} limit ${first ? HEAD_KEPT : limit} offset ${first ? 0 : offset}) as keys`,
      );
    const page = byIndex ? await withTrigramPlan(db, readSorted) : await readSorted(db);
    if (!first) return page.keys;
    kept.head = page.keys;
    return page.keys.slice(offset, offset + limit);
  };
  // A short term the sample found rare: its matches are few among the
  // newest rows too, and a walk of the order would read its whole budget for
  // a few of them (15 ms at 1M orders); its index entry and a sort of its
  // matches take 5 (10 for KL's 3,200 matches, where the walk took 8).
  if (clauses.shortTerm && !found.read) return capped(many, await sortAll(true), SEARCH_COUNT_CAP);
  // Many matches are usually dense in the order too: its first rows hold the page.
  const walked = await keyPage(
    db,
    sql`select array(select k from (
        select ${key} as k, (${clauses.search}) as hit from ${from}${whereSql(clauses.filtered)}
        order by ${orderSql(order)} limit ${WALK_BUDGET}) as walk
      where hit limit ${limit} offset ${offset}) as keys`,
  );
  if (walked.keys.length === limit) return capped(many, walked.keys, SEARCH_COUNT_CAP);
  return capped(many, await sortAll(!found.read), SEARCH_COUNT_CAP);
}

/** Rows a short term is tried on before its index is used; one in ten matching makes it common. */
const SAMPLE_ROWS = 1000;

/** Whether `q` matches one row in ten or more of the list's first rows as stored. */
async function isCommon(db: Tx, clauses: ListClauses, from: SQL): Promise<boolean> {
  const [row] = (
    await db.execute<{ n: number }>(
      sql`select count(*) filter (where hit)::int as n from (
          select (${clauses.search}) as hit from ${from}${whereSql(clauses.filtered)}
          limit ${SAMPLE_ROWS}) as sample`,
    )
  ).rows;
  return Number(row?.n ?? 0) * 10 >= SAMPLE_ROWS;
}
