/**
 * Lists: one entry for every list the API answers (docs/ARCHITECTURE.md,
 * "How to add a list and form"; docs/decisions/list-pages-by-key.md).
 * A list's spec (spec.ts) says what it holds. A simple list (the default: a
 * few hundred rows) reads every page with simplePage (filteredPage.ts): one
 * statement, its count stopped at SIMPLE_COUNT_CAP. A list declared
 * `scale: "large"` (with its reason) is read the way that costs least at any
 * store size:
 *
 * | request                                      | way (file)                          | why                                                                  |
 * |----------------------------------------------|-------------------------------------|----------------------------------------------------------------------|
 * | `_format=csv` or `xlsx`                      | csvLines (csvExport.ts)             | the whole list in keyset batches: memory holds one batch             |
 * | no `_page`/`_limit`                          | the list's own select (below)       | every row is asked for: their number is the total                    |
 * | unfiltered, default order, offset > 0, list  | directoryPage (directoryPage.ts)    | per-bucket running totals place the page: one bucket's rows skipped  |
 * |   with a `directory`                         |                                     |                                                                      |
 * | unfiltered, sorted by a parent's column      | parentPage (parentPage.ts)          | no index holds a joined order: parents by index, each one's rows     |
 * | unfiltered, offset > FAR_OFFSET and past the | farOffsetPage (farOffset.ts)        | the reversed order skips fewer rows                                  |
 * |   middle                                     |                                     |                                                                      |
 * | unfiltered, any other page                   | unfilteredPage (keyPage.ts)         | running total + the order's index; one statement compiled per shape  |
 * | filters, no `q`                              | filteredPage (filteredPage.ts)      | a count stopped at FILTER_COUNT_CAP: never a count of the table      |
 * | `q` (with or without filters)                | searchPage (searchPage.ts)          | trigram (or search_grams) matches first, capped at SEARCH_COUNT_CAP, |
 * |                                              |   + searchCache.ts, plannerHints.ts |   remembered until a table it reads is written; the planner kept to  |
 * |                                              |                                     |   the index; many matches: a walk of the order, else a sort of all   |
 *
 * Every paged way reads the page's keys first, then the list's own select
 * for those keys only (rows.ts), so joins and columns cost ten rows, not the
 * rows an offset skips. Unfiltered totals and the search cache rely on the
 * triggers of triggers.ts; test/derived-triggers.engine.test.ts checks every list has them.
 */
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Tx } from "../../db/client";
import { sendCsv } from "../csv";
import { sendXlsx } from "../xlsx";
import { ALL_BATCH, csvLines } from "./csvExport";
import { directoryPage } from "./directoryPage";
import type { CsvLines, ListExport } from "./exportTypes";
import { FAR_OFFSET, farOffsetPage } from "./farOffset";
import { filteredPage, simplePage } from "./filteredPage";
import { unfilteredPage } from "./keyPage";
import type { PageRequest } from "./pageArgs";

export type { CsvLines, ListExport };

import { parentPage } from "./parentPage";
import { type ListSource, rowsByKey, usesOwnColumns } from "./rows";
import { searchPage } from "./searchPage";
import type { ListClauses } from "./spec";
import type { Found } from "./sqlParts";

export { ALL_BATCH, csvLines } from "./csvExport";
export { FILTER_COUNT_CAP, SIMPLE_COUNT_CAP } from "./filteredPage";
export { plannerHints } from "./plannerHints";
export type { ListSource, PreparableSelect } from "./rows";
export { searchCache } from "./searchCache";
export { indexedSearch, searchCondition } from "./searchCondition";
export { SEARCH_COUNT_CAP } from "./searchPage";
export {
  definedLists,
  defineList,
  type KeptTotals,
  type LargeListSpec,
  type ListClauses,
  type ListScope,
  type ListSpec,
  listClauses,
  listSpecOf,
  type ParentSort,
  type SimpleListSpec,
  sortNames,
} from "./spec";

/** A page of records and the total that matched. */
export interface Page<T> {
  rows: T[];
  total: number;
  /** More rows matched than were counted: the total is the cap, a lower bound. */
  capped?: boolean;
  /** `_format=csv` or `xlsx`: the whole list, batch by batch (rows and total unused). */
  export?: ListExport;
}

/** A page's rows changed after reading (joined, counted); CSV lines are written whole by SQL. */
export async function mapPage<T, U>(
  page: Page<T>,
  map: (rows: T[]) => Promise<U[]>,
): Promise<Page<U>> {
  return { ...page, rows: await map(page.rows) };
}

/**
 * Answers a list: the rows as a JSON array and the total in X-Total-Count;
 * or, for `_format=csv`, the whole list as a CSV file (lib/csv.ts).
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] | Promise<FastifyReply> {
  if (page.export?.format === "xlsx") return sendXlsx(reply, page.export);
  if (page.export) return sendCsv(reply, page.export.lines);
  reply.header("X-Total-Count", String(page.total));
  if (page.capped) reply.header("X-Total-Count-Capped", "true");
  return page.rows;
}

/** The page's keys and its total, by the way the table above gives; never a count of the table. */
async function readKeys(request: PageRequest): Promise<Found> {
  const { clauses, offset } = request;
  const { spec } = clauses;
  if (spec.scale !== "large") return simplePage(request);
  if (clauses.unfiltered) {
    if (clauses.defaultOrder && spec.directory && offset > 0) {
      return directoryPage(request, spec.directory);
    }
    if (clauses.parentSort) return parentPage(request, clauses.parentSort, spec.total);
    if (offset > FAR_OFFSET) {
      const far = await farOffsetPage(request, spec.total);
      if (far) return far;
    }
    return unfilteredPage(request, spec.total);
  }
  if (!clauses.q) return filteredPage(request);
  return searchPage(request);
}

/**
 * Answers a list: without `_page`/`_limit` every match in order (their number
 * is the total); with them, the page's keys first (readKeys), then the list's
 * own select for those rows only.
 */
export async function readPage<T>(
  db: Tx,
  clauses: ListClauses,
  source: ListSource<T>,
): Promise<Page<T>> {
  if (clauses.format) {
    const format = clauses.format;
    const lines: CsvLines = (fields) => csvLines(db, clauses, source, fields, ALL_BATCH, format);
    return { rows: [], total: 0, export: { format, lines, fields: clauses.spec.fields ?? {}, db } };
  }
  if (!clauses.page) {
    const rows = await source.rows(clauses.where, clauses.orderBy);
    return { rows, total: rows.length };
  }
  const { limit, offset } = clauses.page;
  const ownColumns = usesOwnColumns(clauses, source.table);
  const from = ownColumns ? sql`${source.table}` : sql`${source.table}${source.joins ?? sql``}`;
  const found = await readKeys({ db, clauses, from, limit, offset });
  const page = { total: found.total, ...(found.capped ? { capped: true } : {}) };
  if (found.keys.length === 0) return { rows: [], ...page };
  const unordered = await rowsByKey(db, clauses.spec, source, found.keys);
  const byKey = new Map(unordered.map((row) => [source.keyOf(row), row]));
  const rows = found.keys.flatMap((key) => {
    const row = byKey.get(key);
    return row === undefined ? [] : [row];
  });
  return { rows, ...page };
}
