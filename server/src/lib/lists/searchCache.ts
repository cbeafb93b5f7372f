import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * The switch: on, a search's count and matches are remembered (below); off
 * (env LISTS_SEARCH_CACHE=off, or a test setting `enabled`), every page of a
 * search counts again. The answers are the same either way.
 */
export const searchCache = { enabled: process.env.LISTS_SEARCH_CACHE !== "off" };

/**
 * The searches asked lately, each with the write versions (running_totals
 * "<table>.writes", migration 0007, kept by the triggers lib/lists/triggers.ts
 * writes) of the tables it reads when it was counted: its matches' keys in
 * order when there were at most SEARCH_COUNT_CAP, else only that there were
 * more. While no version has moved that is still the answer, so a search
 * paged through or asked again skips its trigram lookup, whose bitmap grows
 * with the matches (tan at 1M orders: 10 ms for 80,000 entries). Exact: any
 * statement that writes one of those tables moves its version. Per process,
 * the last 500 (a few MB at most).
 */
const searches = new Map<string, Remembered>();

export interface Remembered {
  versions: string;
  /** Counted by reading rows, not by an index (searchPage.ts). */
  read: boolean;
  /** Every match's key in order, when there were at most SEARCH_COUNT_CAP. */
  keys?: number[];
  /** Else the first HEAD_KEPT keys in order, once a page had to sort every match. */
  head?: number[];
}

/** The first pages of a search with more matches than the cap, kept once sorted (ten pages of ten). */
export const HEAD_KEPT = 100;
const SEARCHES_KEPT = 500;

/** The write versions of these tables, as one text, read in the statement's snapshot. */
export function versionsOf(tables: Iterable<string>): SQL {
  const written = [...tables].sort().map((table) => `${table}.writes`);
  return sql`(select coalesce(string_agg(value::text, ',' order by name), '')
    from running_totals where name in (${sql.join(
      written.map((name) => sql`${name}`),
      sql`, `,
    )}))`;
}

/** The search remembered under `key`, if no table it reads has been written since. */
export async function recall(db: Tx, key: string, versions: SQL): Promise<Remembered | undefined> {
  if (!searchCache.enabled) return undefined;
  const found = searches.get(key);
  if (!found) return undefined;
  const [now] = (await db.execute<{ v: string }>(sql`select ${versions} as v`)).rows;
  return found.versions === (now?.v ?? "") ? found : undefined;
}

/** Remembers a search counted now (the oldest one out past SEARCHES_KEPT). */
export function remember(key: string, found: Remembered): void {
  if (!searchCache.enabled) return;
  searches.delete(key);
  searches.set(key, found);
  // Oldest out first (a Map keeps insertion order).
  if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value as string);
}

/** Forgets every search: for a process that opens another store (test/setup.ts, a test file's own). */
export function forgetSearches(): void {
  searches.clear();
}
