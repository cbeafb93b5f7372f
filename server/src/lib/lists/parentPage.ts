import { and, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { PageRequest } from "./pageArgs";
import type { ParentSort } from "./spec";
import { type Found, keyPage, runningTotal, whereSql } from "./sqlParts";

/**
 * An unfiltered page sorted by a parent's column: parents in that column's
 * order, each one's rows by key (both by index, lazily, so a page near the
 * start reads a few dozen entries), then the rows without a parent (a null
 * column: last ascending, first descending, as ORDER BY puts them).
 */
export async function parentPage(
  request: PageRequest,
  sort: ParentSort,
  totalName: string,
): Promise<Found> {
  const { db, clauses, limit, offset } = request;
  const { spec } = clauses;
  const descending = clauses.order[0]?.desc ?? false;
  const direction = descending ? sql`desc` : sql`asc`;
  const reach = offset + limit;
  const parent = (column: PgColumn) =>
    sql`${sql.identifier("parent")}.${sql.identifier(column.name)}`;
  const own = (condition: SQL) => whereSql(and(clauses.where, condition));
  const total = runningTotal(totalName);
  const orphans = sort.fk.notNull
    ? sql``
    : sql` union all (select ${spec.key} as k, null as s from ${spec.key.table}${own(sql`${sort.fk} is null`)}
        order by ${spec.key} ${direction} limit ${reach})`;
  const page = await keyPage(
    db,
    sql`select ${total} as n, array(select k from (
        (select child.k, ${parent(sort.parent.column)} as s
          from ${sort.parent.table} as ${sql.identifier("parent")}
          cross join lateral (select ${spec.key} as k from ${spec.key.table}${own(
            sql`${sort.fk} = ${parent(sort.parent.key)}`,
          )} order by ${spec.key} ${direction} limit ${reach}) as child
          order by ${parent(sort.parent.column)} ${direction}, child.k ${direction} limit ${reach})${orphans}
      ) as sorted order by s ${direction} nulls ${descending ? sql`first` : sql`last`}, k ${direction}
      limit ${limit} offset ${offset}) as keys`,
  );
  return { keys: page.keys, total: page.n, capped: false };
}
