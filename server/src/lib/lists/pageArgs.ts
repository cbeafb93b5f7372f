import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { ListClauses } from "./spec";
import { orderSql, whereSql } from "./sqlParts";

/** What every way of reading a page is given: the clauses, the FROM its keys are read from, the page. */
export interface PageRequest {
  db: Tx;
  clauses: ListClauses;
  /** The list's table, with its joins only when the page's conditions or order use them. */
  from: SQL;
  limit: number;
  offset: number;
}

/** The keys under `where` in the list's order (reversed: from the far end). */
export function keysIn(request: PageRequest, where: SQL | undefined, reverse = false): SQL {
  const { clauses, from } = request;
  return sql`select ${clauses.spec.key} from ${from}${whereSql(where)} order by ${orderSql(clauses.order, reverse)}`;
}
