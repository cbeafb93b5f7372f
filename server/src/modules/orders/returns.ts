/**
 * Returns and partial refunds by line (issue 42, docs/decisions/returns.md):
 * goods given back from an order, or money without goods. Each is a record
 * with its lines and a credit note number; its share of the order's value
 * takes back the same share of the buyer's PV and of every level's
 * commission (commission.ts, settleReturn); the goods go back into stock
 * when chosen. When everything came back the order is returned (9); when
 * everything was refunded without it, refund (8).
 */
import {
  fromSen,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_PENDING,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
  type OrderReturn,
  type RefundInput,
  type ReturnableOrder,
  type ReturnKind,
  type ReturnValues,
  returnFigures,
  toSen,
} from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderReturnLines, orderReturns, orderStatuses, orders, settings } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, conflictAt, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { queueReturnEinvoice } from "../einvoices/submission";
import { settleOrder, settleReturn } from "./commission";
import type { Moved } from "./messages";
import { readReturn } from "./returnRecords";
import { itemsOf, lockOrderPeople, type Order, stamps, tellOrderWritten } from "./status";
import { auditMovements, moveStock } from "./stock";

/** Statuses whose order has nothing to give back: unpaid, canceled, or given back whole. */
const NOT_RETURNABLE = [
  ORDER_STATUS_PENDING,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
];

type Line = Awaited<ReturnType<typeof itemsOf>>[number];

/** An order as a return's figures see it: its lines with what came back, and what was refunded. */
/** An order as a return's figures see it, and the part of its goods value given back so far. */
type Returnable = ReturnableOrder & { items: Line[]; goodsLeft: bigint };

async function returnableOf(tx: Tx, order: Order): Promise<Returnable> {
  // One after the other: a transaction's statements share its one connection.
  const items = await itemsOf(tx, order.orders_id);
  const refunds = await refundsOf(tx, order.orders_id);
  const [taken] = await tx
    .select({ goods: sql<string>`coalesce(sum(${orderReturns.goods_share}), 0)::text` })
    .from(orderReturns)
    .where(eq(orderReturns.orders_id, order.orders_id));
  const goodsValue = toSen(order.total_price) - toSen(order.shipping_fee);
  const goodsLeft = goodsValue - toSen(taken?.goods ?? "0");
  return { ...order, items, ...refunds, goodsLeft: goodsLeft > 0n ? goodsLeft : 0n };
}

/**
 * What an order's returns and refunds gave back (money, of it shipping), and
 * the store's buy-back percentage while the order is inside its period (null
 * outside it or off): GET orders/{id} answers them beside the lines.
 */
export async function refundsOf(db: Tx, ordersId: number) {
  const [row] = await db
    .select({
      refunded: sql<string>`(select coalesce(sum(r.refund_amount), 0)::numeric(12,2)::text
        from order_returns r where r.orders_id = ${orders.orders_id})`,
      shipping_refunded: sql<string>`(select coalesce(sum(r.shipping_share), 0)::numeric(12,2)::text
        from order_returns r where r.orders_id = ${orders.orders_id})`,
      buy_back_percent: sql<string | null>`case when ${settings.buy_back_days} > 0
        and ${orders.created_at} >= now() - ${settings.buy_back_days} * interval '1 day'
        then ${settings.buy_back_percent}::text end`,
    })
    .from(orders)
    .leftJoin(settings, eq(settings.setting_id, 1))
    .where(eq(orders.orders_id, ordersId));
  return {
    refunded: row?.refunded ?? "0.00",
    shipping_refunded: row?.shipping_refunded ?? "0.00",
    buy_back_percent: row?.buy_back_percent ?? null,
  };
}

/** The order locked for a return, at the version the person was shown; 409 when it has nothing to give back. */
async function lockReturnable(tx: Tx, ordersId: number, expected?: number): Promise<Order> {
  await lockOrderPeople(tx, ordersId);
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orders_id, ordersId))
    .for("update");
  if (!order) throw notFound("Order");
  await requireVersion(tx, { entity: "Order", id: ordersId, row: order }, expected);
  if (NOT_RETURNABLE.includes(order.order_status)) {
    const [status] = await tx
      .select({ name: orderStatuses.order_status_name })
      .from(orderStatuses)
      .where(eq(orderStatuses.order_status_id, order.order_status));
    const name = status?.name ?? String(order.order_status);
    throw conflict(
      "order_not_returnable",
      { status: name },
      `An order that is ${name} has nothing to return or refund.`,
    );
  }
  return order;
}

/**
 * The chosen lines, one per order line (the same line twice adds up), each
 * checked against what is left of it; a refusal names the line as the
 * request does (its first mention).
 */
function chosenLines(returnable: { items: Line[] }, lines: ReturnValues["lines"]) {
  const wanted = new Map<number, { quantity: number; index: number }>();
  lines.forEach((line, index) => {
    if (!returnable.items.some((item) => item.item_id === line.item_id)) {
      throw badRequest(
        `lines.${index}.item_id`,
        "return_line_unknown",
        { line: index + 1 },
        `Line ${index + 1} is not a line of this order.`,
      );
    }
    if (line.quantity === 0) return;
    const seen = wanted.get(line.item_id);
    wanted.set(line.item_id, {
      quantity: (seen?.quantity ?? 0) + line.quantity,
      index: seen?.index ?? index,
    });
  });
  return [...wanted].map(([itemId, { quantity, index }]) => {
    const item = returnable.items.find((candidate) => candidate.item_id === itemId) as Line;
    const left = item.quantity - item.returned;
    if (quantity > left) {
      const name = item.variant_name
        ? `${item.product_name} ${item.variant_name}`
        : item.product_name;
      throw conflictAt(
        `lines.${index}.quantity`,
        "return_exceeds_sold",
        { line: index + 1, name, left },
        `Line ${index + 1}: only ${left} of ${name} can still come back.`,
      );
    }
    return { item, quantity };
  });
}

/** What is given back, as a record is written of it. */
interface Giving {
  kind: ReturnKind;
  reason: string;
  restock: boolean;
  lines: { item: Line; quantity: number; amount: bigint }[];
  goods: bigint;
  shipping: bigint;
  refund: bigint;
  /** The buy-back percentage the default refund took; null: none. */
  buyBack: string | null;
  /** The part of the order's goods and shipping it takes back (commission.ts follows it). */
  goodsShare: bigint;
  shippingShare: bigint;
}

/**
 * A return's giving: the chosen lines' share (returnFigures), shipping if
 * chosen, and the refund: the default (the buy-back percentage inside its
 * period) or the amount typed, never above the lines' share and shipping.
 */
function returnGiving(returnable: Returnable, input: ReturnValues): Giving {
  const chosen = chosenLines(returnable, input.lines);
  const figures = returnFigures(
    returnable,
    chosen.map(({ item, quantity }) => ({ item_id: item.item_id, quantity })),
    input.refund_shipping,
  );
  if (figures.lines.length === 0 && figures.shipping === 0n) {
    throw badRequest(
      "lines",
      "return_nothing",
      {},
      "Choose at least one line to return, or shipping to refund.",
    );
  }
  const typed = input.refund_amount;
  const refund = typed === null || typed === undefined ? figures.refund : toSen(typed);
  if (refund > figures.most) {
    throw conflictAt(
      "refund_amount",
      "refund_exceeds_paid",
      { amount: fromSen(refund), left: fromSen(figures.most) },
      `A refund of RM ${fromSen(refund)} is more than the RM ${fromSen(figures.most)} that can be given back.`,
    );
  }
  return {
    kind: "return",
    reason: input.reason,
    restock: input.restock,
    lines: chosen.map(({ item, quantity }, i) => ({
      item,
      quantity,
      amount: figures.lines[i]?.amount ?? 0n,
    })),
    goods: figures.goods,
    shipping: figures.shipping,
    refund,
    buyBack: figures.buy_back && typed == null ? returnable.buy_back_percent : null,
    // Within what is left of the goods' value: a goodwill refund may have taken some.
    goodsShare: figures.goods < returnable.goodsLeft ? figures.goods : returnable.goodsLeft,
    shippingShare: figures.shipping,
  };
}

/** A refund without goods: the amount, goods first then shipping; never above what is left to refund. */
function refundGiving(returnable: Returnable, amount: bigint, reason: string): Giving {
  const left = toSen(returnable.total_price) - toSen(returnable.refunded);
  if (amount > left) {
    throw conflictAt(
      "amount",
      "refund_exceeds_paid",
      { amount: fromSen(amount), left: fromSen(left > 0n ? left : 0n) },
      `A refund of RM ${fromSen(amount)} is more than the RM ${fromSen(left > 0n ? left : 0n)} that can be given back.`,
    );
  }
  const goodsShare = amount < returnable.goodsLeft ? amount : returnable.goodsLeft;
  const shippingLeft = toSen(returnable.shipping_fee) - toSen(returnable.shipping_refunded);
  const rest = amount - goodsShare;
  return {
    kind: "refund",
    reason,
    restock: false,
    lines: [],
    goods: 0n,
    shipping: 0n,
    refund: amount,
    buyBack: null,
    goodsShare,
    // The rest is shipping, as far as shipping is left (a buy-back kept a part of the goods' money).
    shippingShare: rest < shippingLeft ? rest : shippingLeft > 0n ? shippingLeft : 0n,
  };
}

/**
 * Writes the record, its lines and its credit note number (CN<yyyymmdd><id>),
 * and puts the goods back into stock when chosen, each movement in History.
 */
async function recordGiving(tx: Tx, actor: Actor | null, order: Order, giving: Giving) {
  const taken = await tx.execute<{ id: number; number: string }>(
    sql`select id, 'CN' || to_char(now(), 'YYYYMMDD') || lpad(id::text, greatest(6, length(id::text)), '0') as number
        from (select nextval(pg_get_serial_sequence('order_returns', 'return_id'))::int as id) s`,
  );
  const next = taken.rows[0];
  if (!next) throw new Error("no return id");
  const [row] = await tx
    .insert(orderReturns)
    .values({
      return_id: Number(next.id),
      orders_id: order.orders_id,
      kind: giving.kind,
      credit_note_number: next.number,
      reason: giving.reason,
      restock: giving.restock && giving.lines.length > 0,
      goods_amount: fromSen(giving.goods),
      shipping_amount: fromSen(giving.shipping),
      refund_amount: fromSen(giving.refund),
      goods_share: fromSen(giving.goodsShare),
      shipping_share: fromSen(giving.shippingShare),
      buy_back_percent: giving.buyBack,
      created_by_id: actor?.user_id ?? null,
      created_by: actor?.username ?? "",
    })
    .returning();
  if (!row) throw new Error("return not inserted");
  // Its own MyInvois note (docs/decisions/einvoices.md): the look runs after this commits.
  await queueReturnEinvoice(tx, row.return_id);
  if (giving.lines.length > 0) {
    await tx.insert(orderReturnLines).values(
      giving.lines.map((line) => ({
        return_id: row.return_id,
        item_id: line.item.item_id,
        quantity: line.quantity,
        amount: fromSen(line.amount),
      })),
    );
  }
  if (row.restock) {
    const movements = await moveStock(
      tx,
      giving.lines.flatMap(({ item, quantity }, index) =>
        item.product_id === null
          ? []
          : [
              {
                index,
                product_id: item.product_id,
                variant_id: item.variant_id,
                product_name: item.product_name,
                variant_name: item.variant_name,
                sku: item.sku,
                quantity,
              },
            ],
      ),
      1,
    );
    await auditMovements(tx, actor, movements);
  }
  return row;
}

/** What a giving took back of the order's PV and commissions, kept on its record. */
async function recordReversed(tx: Tx, returnId: number, moved: readonly Moved[]) {
  const sum = (account: string) =>
    fromSen(moved.filter((m) => m.account === account).reduce((s, m) => s + m.sen, 0n));
  await tx
    .update(orderReturns)
    .set({ pv_reversed: sum("pv"), commission_reversed: sum("cash_wallet") })
    .where(eq(orderReturns.return_id, returnId));
}

/**
 * After a giving: its share taken back from each member (settleReturn), then
 * the order's status: returned (9) once every line came back whole, refund
 * (8) once everything was refunded without it, else as it was (its version
 * raised, so a form opened before gets a 412); a new status settles the
 * rest as Edit Order does.
 */
async function settleGiving(
  tx: Tx,
  actor: Actor | null,
  order: Order,
  returnId: number,
): Promise<void> {
  const moved = await settleReturn(tx, actor, order);
  const after = await returnableOf(tx, order);
  const allBack = after.items.every((item) => item.returned >= item.quantity);
  const allPaid = toSen(after.refunded) >= toSen(order.total_price);
  const status = allBack ? ORDER_STATUS_RETURNED : allPaid ? ORDER_STATUS_REFUND : null;
  if (status === null) {
    await tx
      .update(orders)
      .set({ updated_at: sql`now()` })
      .where(eq(orders.orders_id, order.orders_id));
  } else {
    const [row] = await tx
      .update(orders)
      .set({
        order_status: status,
        ...stamps(order, status),
        ...(status === ORDER_STATUS_RETURNED ? { stock_taken: false } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(orders.orders_id, order.orders_id))
      .returning();
    if (!row) throw notFound("Order");
    const rest = await settleOrder(tx, actor, order, row);
    moved.push(...rest);
    await tellOrderWritten(tx, actor, order, row, rest);
  }
  await recordReversed(tx, returnId, moved);
}

async function auditGiving(tx: Tx, actor: Actor | null, returnId: number): Promise<OrderReturn> {
  const record = await readReturn(tx, returnId);
  await recordAudit(tx, actor, {
    entity: "OrderReturn",
    entityId: returnId,
    action: "create",
    after: record,
  });
  return record;
}

/** POST orders/{id}/returns: 409 when a line would come back more than it was sold, or the refund exceeds it. */
export function createReturn(
  db: Db,
  actor: Actor | null,
  ordersId: number,
  input: ReturnValues,
  expected?: number,
): Promise<OrderReturn> {
  return db.transaction(async (tx) => {
    const order = await lockReturnable(tx, ordersId, expected);
    const giving = returnGiving(await returnableOf(tx, order), input);
    const row = await recordGiving(tx, actor, order, giving);
    await settleGiving(tx, actor, order, row.return_id);
    return auditGiving(tx, actor, row.return_id);
  });
}

/** POST orders/{id}/refunds: money back without goods; 409 beyond what is left to refund. */
export function createRefund(
  db: Db,
  actor: Actor | null,
  ordersId: number,
  input: RefundInput & { amount: string },
  expected?: number,
): Promise<OrderReturn> {
  return db.transaction(async (tx) => {
    const order = await lockReturnable(tx, ordersId, expected);
    const giving = refundGiving(await returnableOf(tx, order), toSen(input.amount), input.reason);
    const row = await recordGiving(tx, actor, order, giving);
    await settleGiving(tx, actor, order, row.return_id);
    return auditGiving(tx, actor, row.return_id);
  });
}

/** Whether any return or refund is recorded for the order: its status then follows them. */
export async function hasReturns(tx: Tx, ordersId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderReturns.return_id })
    .from(orderReturns)
    .where(eq(orderReturns.orders_id, ordersId))
    .limit(1);
  return row !== undefined;
}

/**
 * Edit Order's new status for an order with returns: returned (9) is a
 * return of every line not yet back (into stock when the order holds it)
 * with the rest of its money, refund (8) a refund of what is left; Edit
 * Order then settles the status as for any order and `done` keeps what that
 * took back on the record. Canceled (7), or leaving 8 or 9, would undo
 * recorded returns: 409. Other statuses follow as always (null).
 */
export async function followReturns(
  tx: Tx,
  actor: Actor | null,
  order: Order,
  status: number,
): Promise<{ allBack: boolean; done: (moved: readonly Moved[]) => Promise<void> } | null> {
  const closed = [ORDER_STATUS_REFUND, ORDER_STATUS_RETURNED];
  if (status === ORDER_STATUS_CANCELED || closed.includes(order.order_status)) {
    throw conflictAt(
      "order_status",
      "order_has_returns",
      {},
      "This order has returns or refunds recorded: it cannot be canceled or reopened; give back more with Return items or Refund.",
    );
  }
  if (!closed.includes(status)) return null;
  const returnable = await returnableOf(tx, order);
  const allBack = status === ORDER_STATUS_RETURNED;
  let giving: Giving | null = null;
  if (allBack) {
    const lines = returnable.items
      .filter((item) => item.quantity > item.returned)
      .map((item) => ({ item_id: item.item_id, quantity: item.quantity - item.returned }));
    const figures = returnFigures(returnable, lines, true);
    if (lines.length > 0 || figures.most > 0n) {
      giving = returnGiving(returnable, {
        lines,
        restock: order.stock_taken,
        refund_shipping: true,
        refund_amount: fromSen(figures.most),
        reason: "Order returned",
      });
    }
  } else {
    const left = toSen(returnable.total_price) - toSen(returnable.refunded);
    if (left > 0n) giving = refundGiving(returnable, left, "Order refunded");
  }
  const row = giving && (await recordGiving(tx, actor, order, giving));
  return {
    allBack,
    done: async (moved) => {
      if (!row) return;
      await recordReversed(tx, row.return_id, moved);
      await auditGiving(tx, actor, row.return_id);
    },
  };
}
