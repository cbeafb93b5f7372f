/**
 * What returns and refunds leave to read (docs/decisions/returns.md): the
 * /returns list, one record with its lines, and an order's timeline (its
 * creation, status changes, returns, refunds and staff comments).
 */
import type {
  ListQuery,
  OrderCommentInput,
  OrderReturn,
  OrderReturnRow,
  OrderTimelineEvent,
} from "@store/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  auditLog,
  orderComments,
  orderItems,
  orderReturnLines,
  orderReturns,
  orders,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";

/** A return as the list and the record answer it: its order's number and buyer beside it. */
const returnColumns = {
  return_id: orderReturns.return_id,
  orders_id: orderReturns.orders_id,
  order_number: orders.order_number,
  username: orders.username,
  kind: orderReturns.kind,
  credit_note_number: orderReturns.credit_note_number,
  reason: orderReturns.reason,
  restock: orderReturns.restock,
  items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_return_lines l
    where l.return_id = ${orderReturns.return_id})`,
  goods_amount: orderReturns.goods_amount,
  shipping_amount: orderReturns.shipping_amount,
  refund_amount: orderReturns.refund_amount,
  buy_back_percent: orderReturns.buy_back_percent,
  pv_reversed: orderReturns.pv_reversed,
  commission_reversed: orderReturns.commission_reversed,
  created_by: orderReturns.created_by,
  created_at: orderReturns.created_at,
};

const selectReturns = (db: Tx) =>
  db
    .select(returnColumns)
    .from(orderReturns)
    .innerJoin(orders, eq(orders.orders_id, orderReturns.orders_id));

/**
 * Newest first; `q` searches the credit note's and the order's numbers, the
 * buyer and the reason; filters kind, orders_id, restock, created_by. A
 * simple list: a store's returns are a small part of its orders.
 */
const listSpec = defineList({
  search: [
    orderReturns.credit_note_number,
    orders.order_number,
    orders.username,
    orderReturns.reason,
  ],
  fields: fieldsOf(returnColumns, { items: "int" }),
  defaultOrder: { by: orderReturns.return_id, order: "desc" },
  key: orderReturns.return_id,
});

export function listReturns(db: Tx, query: ListQuery): Promise<Page<OrderReturnRow>> {
  return readPage(db, listClauses(query, listSpec), {
    table: orderReturns,
    joins: sql` inner join ${orders} on ${eq(orders.orders_id, orderReturns.orders_id)}`,
    rows: (where, orderBy) =>
      selectReturns(db)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.return_id,
  });
}

/** The whole return or refund as GET returns/{id} answers it. */
export async function readReturn(db: Tx, returnId: number): Promise<OrderReturn> {
  const [row] = await selectReturns(db).where(eq(orderReturns.return_id, returnId));
  if (!row) throw notFound("Return");
  const lines = await db
    .select({
      item_id: orderReturnLines.item_id,
      product_name: orderItems.product_name,
      variant_name: orderItems.variant_name,
      sku: orderItems.sku,
      quantity: orderReturnLines.quantity,
      amount: orderReturnLines.amount,
    })
    .from(orderReturnLines)
    .innerJoin(orderItems, eq(orderItems.item_id, orderReturnLines.item_id))
    .where(eq(orderReturnLines.return_id, returnId))
    .orderBy(asc(orderReturnLines.item_id));
  return { ...row, lines };
}

/**
 * GET orders/{id}/timeline, oldest first: the order's creation and each
 * change of its status as the audit log has them, its returns and refunds,
 * and the staff's comments.
 */
export async function orderTimeline(db: Tx, ordersId: number): Promise<OrderTimelineEvent[]> {
  const [order] = await db
    .select({ created_at: orders.created_at })
    .from(orders)
    .where(eq(orders.orders_id, ordersId));
  if (!order) throw notFound("Order");
  const [changes, givings, comments] = await Promise.all([
    db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        by: auditLog.actor_username,
        status: sql<number | null>`(${auditLog.after}->>'order_status')::int`,
        was: sql<number | null>`(${auditLog.before}->>'order_status')::int`,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "Order"),
          eq(auditLog.entity_id, String(ordersId)),
          inArray(auditLog.action, ["create", "update"]),
        ),
      )
      .orderBy(asc(auditLog.audit_id)),
    db
      .select({
        at: orderReturns.created_at,
        kind: orderReturns.kind,
        by: orderReturns.created_by,
        text: orderReturns.reason,
        return_id: orderReturns.return_id,
        amount: orderReturns.refund_amount,
      })
      .from(orderReturns)
      .where(eq(orderReturns.orders_id, ordersId))
      .orderBy(asc(orderReturns.return_id)),
    db
      .select({
        at: orderComments.created_at,
        by: orderComments.created_by,
        text: orderComments.text,
      })
      .from(orderComments)
      .where(eq(orderComments.orders_id, ordersId))
      .orderBy(asc(orderComments.comment_id)),
  ]);
  const none = { status: null, return_id: null, amount: null };
  const created = changes.find((c) => c.action === "create");
  const events: OrderTimelineEvent[] = [
    { kind: "created", at: order.created_at, by: created?.by ?? "", text: "", ...none },
    ...changes
      .filter((c) => c.action === "update" && c.status !== null && c.status !== c.was)
      .map((c) => ({
        kind: "status" as const,
        at: c.at,
        by: c.by ?? "",
        text: "",
        ...none,
        status: c.status,
      })),
    ...givings.map((g) => ({ ...none, ...g })),
    ...comments.map((c) => ({ kind: "comment" as const, ...none, ...c })),
  ];
  // One clock: stable for events of the same second (creation, then as listed).
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) =>
      a.event.at < b.event.at ? -1 : a.event.at > b.event.at ? 1 : a.index - b.index,
    )
    .map(({ event }) => event);
}

/** POST orders/{id}/comments: a staff comment on the order's timeline, with its audit row. */
export function addOrderComment(
  db: Db,
  actor: Actor | null,
  ordersId: number,
  input: OrderCommentInput,
): Promise<OrderTimelineEvent> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.orders_id })
      .from(orders)
      .where(eq(orders.orders_id, ordersId));
    if (!order) throw notFound("Order");
    const [row] = await tx
      .insert(orderComments)
      .values({
        orders_id: ordersId,
        text: input.text,
        created_by_id: actor?.user_id ?? null,
        created_by: actor?.username ?? "",
      })
      .returning();
    if (!row) throw new Error("comment not inserted");
    await recordAudit(tx, actor, {
      entity: "OrderComment",
      entityId: row.comment_id,
      action: "create",
      after: row,
    });
    return {
      kind: "comment",
      at: row.created_at,
      by: row.created_by,
      text: row.text,
      status: null,
      return_id: null,
      amount: null,
    };
  });
}
