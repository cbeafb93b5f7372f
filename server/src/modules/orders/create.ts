/**
 * An order keyed in by an administrator (POST orders; docs/decisions/orders-keyed-in.md):
 * every figure is the server's (the contract's orderFigures), the lines'
 * quantities leave stock in the same transaction, and the order starts
 * pending with a fresh number in the store's scheme.
 */
import {
  belowMinimumSpend,
  catalogUnitPrice,
  type FigureTax,
  lineTax,
  ORDER_STATUS_PENDING,
  type OrderCreateValues,
  orderFigures,
} from "@store/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  memberships,
  orderItems,
  orders,
  products,
  productVariants,
  settings,
  shippingMethods,
  taxCategories,
  users,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, type HttpError } from "../../lib/errors";
import { lockUsers } from "../people/referrals";
import { requireCouponUses, usableCoupon } from "./coupons";
import { tellOrderConfirmed } from "./messages";
import { auditMovements, moveStock, type StockLine } from "./stock";

/** One line as it is stored: what was bought, named, priced and taxed as it was then. */
export interface PricedLine extends StockLine, FigureTax {
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
  // Each product's SST as its tax category has it now, kept on the line (docs/decisions/sst-on-lines.md).
  const categoryIds = [
    ...new Set(productRows.flatMap((p) => (p.tax_category_id == null ? [] : [p.tax_category_id]))),
  ];
  const categoryRows = categoryIds.length
    ? await tx
        .select()
        .from(taxCategories)
        .where(inArray(taxCategories.tax_category_id, categoryIds))
    : [];
  const categoryById = new Map(categoryRows.map((c) => [c.tax_category_id, c]));
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
    const tax = lineTax(
      product.tax_category_id == null ? null : categoryById.get(product.tax_category_id),
    );
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
        ...tax,
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
      ...tax,
    };
  });
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
        tax_total: figures.tax_total,
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
        tax_type: line.tax_type,
        tax_rate: line.tax_rate,
        tax_amount: figures.line_taxes[i] as string,
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
    await tellOrderConfirmed(tx, order);
    return order.orders_id;
  });
}
