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
