/**
 * Stock an order holds (docs/decisions/orders-keyed-in.md): its lines'
 * quantities moved out of the catalogue when it is keyed in or moved back to a
 * status that holds stock, and back in when it is canceled or returned, each
 * movement in its product's or variant's History.
 */
import { ORDER_STATUS_CANCELED, ORDER_STATUS_RETURNED } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { products, productVariants } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflictAt, type HttpError } from "../../lib/errors";

/** Statuses in which an order holds no stock and uses no coupon: the goods never left, or came back. */
export const STOCK_BACK_STATUSES: number[] = [ORDER_STATUS_CANCELED, ORDER_STATUS_RETURNED];

/** A stock row's movement, for the audit trail of its product or variant. */
interface Movement {
  entity: "Product" | "Variant";
  id: number;
  field: "stock_qtt" | "variant_qtt";
  before: number;
  after: number;
}

/** A line's stock, as moveStock moves it. */
export interface StockLine {
  /** Its place in the order, from 0. */
  index: number;
  product_id: number;
  variant_id: number | null;
  product_name: string;
  variant_name: string;
  sku: string;
  quantity: number;
}

/** The 409 for a line short of stock: `name` the product (and variant), `left` what is left of it. */
export type ShortRefusal = (line: StockLine, name: string, left: number) => HttpError;

/** Add Order's refusal: the line by its number, beside its quantity. */
const lineShort: ShortRefusal = (line, name, left) => {
  const number = line.index + 1;
  return conflictAt(
    `items.${line.index}.quantity`,
    "line_stock_short",
    { line: number, name, left },
    `Line ${number}: only ${left} of ${name} left in stock.`,
  );
};

/**
 * Moves the lines' quantities out of stock (`sign` -1) or back in (+1), one
 * conditional UPDATE per line, in (product, variant) order so two orders
 * never wait on each other's rows crosswise. Taking refuses with 409 naming
 * the first line that is short, and what is left of it (`refuse`, Add Order's
 * by default); the caller's transaction then writes nothing.
 */
export async function moveStock(
  tx: Tx,
  lines: readonly StockLine[],
  sign: 1 | -1,
  refuse: ShortRefusal = lineShort,
): Promise<Movement[]> {
  const sorted = [...lines].sort(
    (a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0),
  );
  const movements: Movement[] = [];
  let raised: number | null = null;
  for (const line of sorted) {
    const delta = sign * line.quantity;
    // A variant's stock is its product's too (Edit Product saves it): a new
    // version of the product, so a form opened before this order gets a 412
    // instead of writing the old stock back. Product row first, then its
    // variants: the lock order of a product save.
    if (line.variant_id !== null && raised !== line.product_id) {
      await tx
        .update(products)
        .set({ version: sql`${products.version} + 1` })
        .where(eq(products.product_id, line.product_id));
      raised = line.product_id;
    }
    const after =
      line.variant_id === null
        ? (
            await tx
              .update(products)
              .set({ stock_qtt: sql`${products.stock_qtt} + ${delta}` })
              .where(
                and(
                  eq(products.product_id, line.product_id),
                  sign < 0 ? sql`${products.stock_qtt} >= ${line.quantity}` : undefined,
                ),
              )
              .returning({ left: products.stock_qtt })
          )[0]?.left
        : (
            await tx
              .update(productVariants)
              .set({ variant_qtt: sql`${productVariants.variant_qtt} + ${delta}` })
              .where(
                and(
                  eq(productVariants.variant_id, line.variant_id),
                  sign < 0 ? sql`${productVariants.variant_qtt} >= ${line.quantity}` : undefined,
                ),
              )
              .returning({ left: productVariants.variant_qtt })
          )[0]?.left;
    if (after === undefined) {
      if (sign > 0) continue;
      throw await shortOfStock(tx, line, refuse);
    }
    movements.push(
      line.variant_id === null
        ? {
            entity: "Product",
            id: line.product_id,
            field: "stock_qtt",
            before: after - delta,
            after,
          }
        : {
            entity: "Variant",
            id: line.variant_id,
            field: "variant_qtt",
            before: after - delta,
            after,
          },
    );
  }
  return movements;
}

async function shortOfStock(tx: Tx, line: StockLine, refuse: ShortRefusal): Promise<HttpError> {
  const [row] =
    line.variant_id === null
      ? await tx
          .select({ left: products.stock_qtt })
          .from(products)
          .where(eq(products.product_id, line.product_id))
      : await tx
          .select({ left: productVariants.variant_qtt })
          .from(productVariants)
          .where(eq(productVariants.variant_id, line.variant_id));
  const left = Math.max(0, row?.left ?? 0);
  const name = line.variant_name ? `${line.product_name} ${line.variant_name}` : line.product_name;
  return refuse(line, name, left);
}

/** Each movement as an update of its product's or variant's stock, by whoever moved it. */
export async function auditMovements(
  tx: Tx,
  actor: Actor | null,
  movements: readonly Movement[],
): Promise<void> {
  for (const m of movements) {
    await recordAudit(tx, actor, {
      entity: m.entity,
      entityId: m.id,
      action: "update",
      before: { [m.field]: m.before },
      after: { [m.field]: m.after },
    });
  }
}
