import type { ListQuery } from "@store/contract";
import { and, asc, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";

export interface ListSpec {
  /** Columns that `q` searches, case-insensitively, any of them matching. */
  search: (PgColumn | SQL)[];
  /** The `_sort` keys a caller may use, by wire field name. */
  sort: Record<string, PgColumn | SQL>;
  /** Order when `_sort` is absent (newest first, typically). */
  defaultOrder: SQL[];
}

export interface ListClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Present only when the caller asked for a page. */
  page?: { limit: number; offset: number };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Turns the shared paging parameters into SQL clauses for one list. */
export function listClauses(query: ListQuery, spec: ListSpec, filter?: SQL): ListClauses {
  const conditions: SQL[] = filter ? [filter] : [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches = spec.search.map((column) => ilike(sql`${column}::text`, pattern));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  // Own keys only: "__proto__" would answer Object.prototype, not a column (a 500).
  const sortColumn =
    query._sort && Object.hasOwn(spec.sort, query._sort) ? spec.sort[query._sort] : undefined;
  const orderBy = sortColumn
    ? [query._order === "desc" ? desc(sortColumn) : asc(sortColumn), ...spec.defaultOrder]
    : spec.defaultOrder;
  const clauses: ListClauses = { where: and(...conditions), orderBy };
  if (query._page !== undefined || query._limit !== undefined) {
    const limit = query._limit ?? 10;
    clauses.page = { limit, offset: ((query._page ?? 1) - 1) * limit };
  }
  return clauses;
}

/** A page of records and the total that matched. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Answers a list: the rows as a JSON array and the total in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header("X-Total-Count", String(page.total));
  return page.rows;
}

/** A list query before its page is taken: a Drizzle select, already ordered. */
interface PageableQuery<T> extends PromiseLike<T[]> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/**
 * Runs a list query: the asked page and `count()` of every match, or, when no
 * page was asked, every match (whose number is then the total).
 */
export async function readPage<T>(
  query: PageableQuery<T>,
  clauses: ListClauses,
  count: () => Promise<number>,
): Promise<Page<T>> {
  if (!clauses.page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const rows = await query.limit(clauses.page.limit).offset(clauses.page.offset);
  return { rows, total: await count() };
}
