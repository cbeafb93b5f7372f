import { fromSen, toSen } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { orderItems, orders } from "../src/db/schema";

type OrderRow = typeof orders.$inferSelect;
/** An order row as a test writes it: subtotal may be left out (total - shipping + discount). */
export type NewOrder = Omit<typeof orders.$inferInsert, "subtotal"> & { subtotal?: string };

/**
 * Orders have no create call here (the shop's checkout writes them): tests
 * insert rows, each with one line for its subtotal, in one transaction (every
 * order has lines that sum to its subtotal, migration 0021).
 */
export async function insertOrders(db: Db, rows: NewOrder[]): Promise<OrderRow[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(orders)
      .values(
        rows.map((row) => ({
          ...row,
          subtotal:
            row.subtotal ??
            fromSen(
              toSen(row.total_price) - toSen(row.shipping_fee ?? "0") + toSen(row.discount ?? "0"),
            ),
        })),
      )
      .returning();
    if (inserted.length) {
      await tx.insert(orderItems).values(
        inserted.map((o) => ({
          orders_id: o.orders_id,
          product_name: "Test item",
          quantity: 1,
          unit_price: o.subtotal,
          line_total: o.subtotal,
        })),
      );
    }
    return inserted;
  });
}

/**
 * A raw `insert into orders (…, subtotal, …) values …` statement (no `returning`)
 * with one line per order for its subtotal, in the same statement.
 */
export function withLines(insert: SQL): SQL {
  return sql`with o as (${insert} returning orders_id, subtotal)
    insert into order_items (orders_id, product_name, quantity, unit_price, line_total)
    select orders_id, 'Test item', 1, subtotal, subtotal from o`;
}

/**
 * Orders breaking the money rule of migration 0021, each count by the rule it
 * breaks (all zero when every order holds): subtotal - discount + shipping ≠
 * total, no lines, lines not summing to the subtotal, a line whose total is
 * not unit price × quantity − line discount.
 */
export async function ordersDrift(db: Db) {
  const [row] = (
    await db.execute<{
      orders: number;
      money: number;
      no_lines: number;
      sum: number;
      line: number;
    }>(sql`
      select count(*)::int as orders,
        count(*) filter (where o.subtotal - o.discount + o.shipping_fee <> o.total_price)::int as money,
        count(*) filter (where l.n is null)::int as no_lines,
        count(*) filter (where l.total is distinct from o.subtotal)::int as sum,
        (select count(*) from order_items i
          where i.line_total <> i.unit_price * i.quantity - i.line_discount)::int as line
      from orders o
      left join (select orders_id, count(*) as n, sum(line_total) as total
        from order_items group by orders_id) l on l.orders_id = o.orders_id`)
  ).rows;
  return row;
}

/**
 * Lines of the demo seed that are not what its catalog sold: the product (and
 * the variant, which a product with variants always has) with their names,
 * SKU and price to the sen, no line discount.
 */
export async function seededLinesDrift(db: Db): Promise<number> {
  const [row] = (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from order_items i
      left join products p on p.product_id = i.product_id
      left join product_variants v on v.variant_id = i.variant_id
      where p.product_id is null
        or i.product_name <> p.product_name
        or i.line_discount <> 0
        or (i.variant_id is null) = exists (select 1 from product_variants w where w.product_id = p.product_id)
        or (v.variant_id is not null and (v.product_id <> p.product_id or i.variant_name <> v.variant_name
          or i.sku <> v.variant_sku or i.unit_price <> coalesce(nullif(v.variant_dis_price, 0), v.variant_price)))
        or (v.variant_id is null and (i.variant_name <> '' or i.sku <> p.sku
          or i.unit_price <> coalesce(nullif(p.discount_price, 0), p.normal_price)))`)
  ).rows;
  return row?.n ?? -1;
}

/** The SQLSTATE and constraint of a refused write (drizzle wraps the driver's error in `cause`). */
export async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const found = [error, (error as { cause?: unknown }).cause].find(
      (e): e is { code: string; constraint?: string } =>
        typeof (e as { code?: unknown } | undefined)?.code === "string",
    );
    if (!found) throw error;
    return `${found.code} ${found.constraint ?? ""}`.trim();
  }
  return "accepted";
}
