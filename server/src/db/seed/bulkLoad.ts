/**
 * The demo seed's bulk load (db/seed/demo.ts): rows as JSON batches, the
 * orders with their lines, the line checks and indexes set aside around a
 * large load, the hand-kept counts proved afterwards.
 */
import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../client";
import { orderItems, orders } from "../schema";
import type { OrderPlan } from "./demoStore/orders";

/** Rows per statement: keeps each JSON document a few megabytes. */
const ROWS_PER_STATEMENT = 5_000;

export function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return out;
}

/**
 * Bulk insert: each batch travels as one JSON parameter that PostgreSQL
 * expands with json_populate_recordset, so tens of thousands of rows cost a
 * few statements instead of a query builder call per value. Keys are the
 * column names (the schema uses the wire names), timestamps are wire strings
 * read in the session's time zone (the store's), money stays decimal text.
 * Answers the `returning` columns of every row.
 */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  returning: string[] = [],
): Promise<Record<string, unknown>[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = sql.join(
    Object.keys(first).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  const answer = returning.length
    ? sql` returning ${sql.join(
        returning.map((c) => sql.identifier(c)),
        sql`, `,
      )}`
    : sql``;
  const out: Record<string, unknown>[] = [];
  for (const part of chunks(rows)) {
    const result = await tx.execute(
      sql`insert into ${name} (${columns}) select ${columns}
        from json_populate_recordset(null::${name}, ${JSON.stringify(part)}::json)${answer}`,
    );
    out.push(...(result.rows as Record<string, unknown>[]));
  }
  return out;
}

/**
 * Inserts the orders drawn one at a time, a statement per ROWS_PER_STATEMENT,
 * then each batch's lines with the ids the orders got (by order number). On a
 * PostgreSQL server the next batch is drawn while the last one is inserted.
 */
export async function insertOrders(
  tx: Tx,
  plans: Iterable<OrderPlan>,
  toRow: (plan: OrderPlan) => typeof orders.$inferInsert,
  linesOf: (plan: OrderPlan, ordersId: number) => (typeof orderItems.$inferInsert)[],
): Promise<void> {
  const write = async (batch: OrderPlan[]) => {
    const inserted = await insertRows(tx, orders, batch.map(toRow), ["orders_id", "order_number"]);
    const ids = new Map(inserted.map((r) => [r.order_number, Number(r.orders_id)]));
    await insertRows(
      tx,
      orderItems,
      batch.flatMap((plan) => linesOf(plan, ids.get(plan.row.order_number) as number)),
    );
  };
  let batch: OrderPlan[] = [];
  let inFlight: Promise<unknown> = Promise.resolve();
  for (const plan of plans) {
    batch.push(plan);
    if (batch.length === ROWS_PER_STATEMENT) {
      await inFlight;
      inFlight = write(batch);
      batch = [];
    }
  }
  await inFlight;
  if (batch.length) await write(batch);
}

export async function disableLineChecks(tx: Tx): Promise<void> {
  await tx.execute(sql`alter table orders disable trigger orders_lines_sum`);
  await tx.execute(sql`alter table order_items disable trigger order_items_lines_sum`);
}

export async function enableLineChecks(tx: Tx): Promise<void> {
  await tx.execute(sql`alter table orders enable trigger orders_lines_sum`);
  await tx.execute(sql`alter table order_items enable trigger order_items_lines_sum`);
}

/** What the triggers of migration 0021 check row by row, over every order at once. */
export async function checkLinesSum(tx: Tx): Promise<void> {
  const found = await tx.execute(sql`select o.orders_id from orders o
    left join (select orders_id, sum(line_total) as total from order_items group by orders_id) l
      on l.orders_id = o.orders_id
    where l.total is distinct from o.subtotal limit 1`);
  const [wrong] = found.rows as { orders_id: number }[];
  if (wrong)
    throw new Error(`demo seed: the lines of order ${wrong.orders_id} do not sum to its subtotal`);
}

/**
 * Drops the indexes of these tables that no constraint or primary key owns,
 * answering their definitions to run again (pg_get_indexdef keeps every
 * option, so an index a later migration adds is rebuilt as it was defined).
 */
export async function dropIndexes(tx: Tx, tables: PgTable[]): Promise<string[]> {
  const names = tables.map((t) => getTableName(t));
  const found = await tx.execute(
    sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace
        and t.relname in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
        and not x.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by i.relname`,
  );
  const rows = found.rows as { name: string; definition: string }[];
  for (const row of rows) await tx.execute(sql`drop index ${sql.identifier(row.name)}`);
  return rows.map((r) => r.definition);
}

/**
 * The counts the app keeps by hand, set again from the rows in SQL where they
 * differ (the plans already count them; this makes the load prove it, and
 * writes nothing when they agree). The same definitions as the services'
 * (modules/catalog/counts.ts, modules/people/referrals.ts).
 */
export async function recountDerived(tx: Tx): Promise<void> {
  await tx.execute(sql`update users u set down_line = c.n
    from (select p.user_id, count(r.user_id)::int as n from users p
      left join users r on r.referral_of = p.user_id group by p.user_id) c
    where c.user_id = u.user_id and u.down_line <> c.n`);
  await tx.execute(sql`update categories k set products_in_cat = c.n
    from (select k2.category_id, count(p.product_id)::int as n from categories k2
      left join products p on p.category_id = k2.category_id and p.deleted_at is null
      group by k2.category_id) c
    where c.category_id = k.category_id and k.products_in_cat <> c.n`);
  await tx.execute(sql`update products p set product_variation = c.n
    from (select p2.product_id, count(v.variant_id)::int as n from products p2
      left join product_variants v on v.product_id = p2.product_id and v.deleted_at is null
      group by p2.product_id) c
    where c.product_id = p.product_id and p.product_variation <> c.n`);
}
