/**
 * An order keyed in by an administrator (POST orders; docs/decisions/orders-keyed-in.md):
 * every figure is the server's (the contract's orderFigures), the lines'
 * quantities leave stock in the same transaction, and the order starts
 * pending with a fresh number in the store's scheme.
 */
import {
  belowMinimumSpend,
  catalogUnitPrice,
  coded,
  type ErrorCode,
  type ErrorParams,
  type FigureCoupon,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_PENDING,
  ORDER_STATUS_RETURNED,
  type OrderCreateValues,
  orderFigures,
} from "@store/contract";
import { and, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  memberships,
  orderItems,
  orders,
  products,
  productVariants,
  settings,
  shippingMethods,
  users,
  vouchers,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflictWith, type HttpError } from "../../lib/errors";
import { lockUsers } from "../people/referrals";

/** One line as it is stored: what was bought, named and priced as it was then. */
export interface PricedLine {
  /** Its place in the request, from 0 (the path items.N). */
  index: number;
  product_id: number;
  variant_id: number | null;
  product_name: string;
  variant_name: string;
  sku: string;
  quantity: number;
  unit_price: string;
}

/** A 400 about one line: path items.N.<field>, params.line its number from 1. */
function lineRefusal(
  index: number,
  field: "product_id" | "variant_id" | "quantity",
  refusal:
    | { code: "line_product_unknown" | "line_variant_unknown"; message: string }
    | {
        code: "line_product_inactive" | "line_variant_inactive" | "line_variant_required";
        name: string;
        message: string;
      },
): HttpError {
  const line = index + 1;
  const message = `Line ${line}: ${refusal.message}`;
  return "name" in refusal
    ? badRequest(`items.${index}.${field}`, refusal.code, { line, name: refusal.name }, message)
    : badRequest(`items.${index}.${field}`, refusal.code, { line }, message);
}

/** The lines with their products' and variants' names, SKUs and selling prices; refuses what cannot be sold. */
async function priceLines(tx: Tx, items: OrderCreateValues["items"]): Promise<PricedLine[]> {
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const variantIds = [
    ...new Set(items.flatMap((i) => (i.variant_id == null ? [] : [i.variant_id]))),
  ];
  const productRows = await tx
    .select()
    .from(products)
    .where(and(inArray(products.product_id, productIds), isNull(products.deleted_at)));
  const variantRows = variantIds.length
    ? await tx
        .select()
        .from(productVariants)
        .where(
          and(inArray(productVariants.variant_id, variantIds), isNull(productVariants.deleted_at)),
        )
    : [];
  const productById = new Map(productRows.map((p) => [p.product_id, p]));
  const variantById = new Map(variantRows.map((v) => [v.variant_id, v]));
  return items.map((item, index) => {
    const product = productById.get(item.product_id);
    if (!product) {
      throw lineRefusal(index, "product_id", {
        code: "line_product_unknown",
        message: "no such product.",
      });
    }
    const name = product.product_name;
    if (product.product_status !== 1) {
      throw lineRefusal(index, "product_id", {
        code: "line_product_inactive",
        name,
        message: `${name} is not active.`,
      });
    }
    if (item.variant_id == null) {
      if (product.product_variation > 0) {
        throw lineRefusal(index, "variant_id", {
          code: "line_variant_required",
          name,
          message: `choose a variant of ${name}.`,
        });
      }
      return {
        index,
        product_id: product.product_id,
        variant_id: null,
        product_name: name,
        variant_name: "",
        sku: product.sku,
        quantity: item.quantity,
        unit_price: catalogUnitPrice(product) as string,
      };
    }
    const variant = variantById.get(item.variant_id);
    if (!variant || variant.product_id !== product.product_id) {
      throw lineRefusal(index, "variant_id", {
        code: "line_variant_unknown",
        message: `no such variant of ${name}.`,
      });
    }
    if (variant.variant_status !== 1) {
      const both = `${name} ${variant.variant_name}`;
      throw lineRefusal(index, "variant_id", {
        code: "line_variant_inactive",
        name: both,
        message: `${both} is not active.`,
      });
    }
    return {
      index,
      product_id: product.product_id,
      variant_id: variant.variant_id,
      product_name: name,
      variant_name: variant.variant_name,
      sku: variant.variant_sku,
      quantity: item.quantity,
      unit_price: catalogUnitPrice(product, variant) as string,
    };
  });
}

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
export type StockLine = Omit<PricedLine, "unit_price">;

/** The 409 for a line short of stock: `name` the product (and variant), `left` what is left of it. */
export type ShortRefusal = (line: StockLine, name: string, left: number) => HttpError;

/** A 409 about one field, its issue carrying the same code, so a form shows it beside that field. */
export function conflictAt<C extends ErrorCode>(
  path: string,
  code: C,
  params: ErrorParams<C>,
  message: string,
): HttpError {
  return conflictWith(code, params, message, {
    issues: [{ path, message, ...coded(code, params) }],
  });
}

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

/** A coupon as an order uses it: its figures, its limits, and when it was made. */
export interface OrderCoupon extends FigureCoupon {
  voucher_id: number;
  usage_limit: number | null;
  member_limit: number | null;
  min_spend: string | null;
}

/**
 * The coupon by its code, locked: the orders that use it are counted under
 * its row lock, so racing orders take its last use one at a time.
 */
export async function lockedCoupon(tx: Tx, code: string) {
  const [voucher] = await tx
    .select({
      voucher_id: vouchers.voucher_id,
      discount_type: vouchers.discount_type,
      discount: vouchers.discount,
      discount_cap: vouchers.discount_cap,
      usage_limit: vouchers.usage_limit,
      member_limit: vouchers.member_limit,
      min_spend: vouchers.min_spend,
      created_at: vouchers.created_at,
      voucher_status: vouchers.voucher_status,
      expired: sql<boolean>`${vouchers.expired_at} <= now()`,
    })
    .from(vouchers)
    .where(eq(vouchers.voucher_code, code))
    .for("update");
  return voucher;
}

/** The coupon by its code, if it can be used now: active and not expired. */
async function usableCoupon(tx: Tx, code: string): Promise<OrderCoupon> {
  const voucher = await lockedCoupon(tx, code);
  if (!voucher) {
    throw badRequest("voucher_code", "coupon_unknown", { code }, `No coupon ${code}.`);
  }
  if (voucher.voucher_status !== 1) {
    throw badRequest("voucher_code", "coupon_inactive", { code }, `Coupon ${code} is not active.`);
  }
  if (voucher.expired) {
    throw badRequest("voucher_code", "coupon_expired", { code }, `Coupon ${code} has expired.`);
  }
  return voucher;
}

/**
 * Refuses a coupon whose uses are used up, in all or by this member (409 on
 * the coupon's field). A use is an order with its code made since the coupon
 * was (a code deleted and made again starts afresh) that is not canceled or
 * returned; `except`: the order being reopened, not yet counted.
 */
export async function requireCouponUses(
  tx: Tx,
  coupon: OrderCoupon,
  code: string,
  userId: number | null,
  except?: number,
): Promise<void> {
  if (coupon.usage_limit === null && coupon.member_limit === null) return;
  const [uses] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      member: sql<number>`(count(*) filter (where ${orders.user_id} = ${userId ?? 0}))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.coupon_code, code),
        sql`${orders.created_at} >= (select ${vouchers.created_at} from ${vouchers}
          where ${vouchers.voucher_id} = ${coupon.voucher_id})`,
        notInArray(orders.order_status, STOCK_BACK_STATUSES),
        except === undefined ? undefined : ne(orders.orders_id, except),
      ),
    );
  const limit = coupon.usage_limit;
  if (limit !== null && (uses?.all ?? 0) >= limit) {
    throw conflictAt(
      "voucher_code",
      "coupon_used_up",
      { code, limit },
      `Coupon ${code} has reached its usage limit of ${limit}.`,
    );
  }
  const perMember = coupon.member_limit;
  if (perMember !== null && userId !== null && (uses?.member ?? 0) >= perMember) {
    throw conflictAt(
      "voucher_code",
      "coupon_member_limit",
      { code, limit: perMember },
      `This member has reached coupon ${code}'s limit of ${perMember} per member.`,
    );
  }
}

async function activeShippingFee(tx: Tx, shipId: number): Promise<string> {
  const [method] = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.ship_id, shipId));
  if (!method) {
    throw badRequest("shipping_id", "shipping_unknown", {}, "No such shipping method.");
  }
  if (method.shipping_status !== 1) {
    throw badRequest(
      "shipping_id",
      "shipping_inactive",
      { name: method.shipping_name },
      `Shipping method ${method.shipping_name} is not active.`,
    );
  }
  return method.shipping_fee;
}

/** The buyer, locked (the lock order of a status change: users, then orders, then stock). */
async function lockedMember(tx: Tx, userId: number) {
  await lockUsers(tx, [userId]);
  const [member] = await tx
    .select({
      username: users.username,
      contact: users.contact,
      user_status: users.user_status,
      earning: memberships.member_earning,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.member_id, users.membership))
    .where(eq(users.user_id, userId));
  if (!member) {
    throw badRequest(
      "user_id",
      "existing_user",
      { field: "Member" },
      "Member must be an existing user.",
    );
  }
  if (member.user_status !== 1) {
    throw badRequest(
      "user_id",
      "order_member_inactive",
      { name: member.username },
      `Member ${member.username} is not active.`,
    );
  }
  return member;
}

/** POST orders: the new order's id (the route answers it as GET orders/{id}). */
export async function createOrder(db: Db, actor: Actor, input: OrderCreateValues): Promise<number> {
  return db.transaction(async (tx) => {
    const member = await lockedMember(tx, input.user_id);
    const lines = await priceLines(tx, input.items);
    const coupon = input.voucher_code ? await usableCoupon(tx, input.voucher_code) : null;
    if (coupon) await requireCouponUses(tx, coupon, input.voucher_code, input.user_id);
    const shippingFee = input.shipping_id ? await activeShippingFee(tx, input.shipping_id) : null;
    const [store] = await tx
      .select({ free_shipping_above: settings.free_shipping_above })
      .from(settings)
      .where(eq(settings.setting_id, 1));
    const figures = orderFigures({
      lines,
      coupon,
      shipping_fee: shippingFee,
      free_shipping_above: store?.free_shipping_above ?? null,
      earning_percent: member.earning,
    });
    if (coupon && belowMinimumSpend(figures.subtotal, coupon.min_spend)) {
      const min = coupon.min_spend ?? "0.00";
      throw badRequest(
        "voucher_code",
        "coupon_min_spend",
        { code: input.voucher_code, min },
        `Coupon ${input.voucher_code} needs a subtotal of at least RM ${min}.`,
      );
    }
    const movements = await moveStock(tx, lines, -1);

    // The number is the store's scheme, KH<yyyymmdd><nnnnnn>, with the order's
    // own key as its sequence: unique however many orders are keyed in at once.
    const taken = await tx.execute<{ id: number; number: string }>(
      sql`select id, 'KH' || to_char(now(), 'YYYYMMDD') || lpad(id::text, greatest(6, length(id::text)), '0') as number
          from (select nextval(pg_get_serial_sequence('orders', 'orders_id'))::int as id) s`,
    );
    const [next] = taken.rows;
    if (!next) throw new Error("no order id");
    const [order] = await tx
      .insert(orders)
      .values({
        orders_id: Number(next.id),
        order_number: next.number,
        user_id: input.user_id,
        username: member.username,
        contact: member.contact,
        currency_symbol: "RM",
        subtotal: figures.subtotal,
        discount: figures.discount,
        shipping_fee: figures.shipping_fee,
        total_price: figures.total,
        points_earned: figures.points_earned,
        coupon_code: coupon ? input.voucher_code : "",
        recipient_name: input.recipient_name,
        recipient_contact: input.recipient_contact,
        address_1: input.address_1,
        address_2: input.address_2,
        postcode: input.postcode,
        state: input.state,
        country: input.country,
        order_status: ORDER_STATUS_PENDING,
        stock_taken: true,
      })
      .returning();
    if (!order) throw new Error("order not inserted");
    await tx.insert(orderItems).values(
      lines.map((line, i) => ({
        orders_id: order.orders_id,
        product_id: line.product_id,
        variant_id: line.variant_id,
        product_name: line.product_name,
        variant_name: line.variant_name,
        sku: line.sku,
        quantity: line.quantity,
        unit_price: line.unit_price,
        line_discount: "0.00",
        line_total: figures.line_totals[i] as string,
      })),
    );
    // The lines as History shows them: one readable line each.
    const items = lines.map(
      (l) =>
        `${l.quantity} × ${[l.product_name, l.variant_name].filter(Boolean).join(" ")}` +
        `${l.sku ? ` (${l.sku})` : ""} @ RM ${l.unit_price}`,
    );
    await recordAudit(tx, actor, {
      entity: "Order",
      entityId: order.orders_id,
      action: "create",
      after: { ...order, items },
    });
    await auditMovements(tx, actor, movements);
    return order.orders_id;
  });
}
