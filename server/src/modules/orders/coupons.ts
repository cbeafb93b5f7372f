/**
 * A coupon as an order uses it (docs/decisions/coupon-limits.md): active and
 * not expired, a minimum spend, and uses in all and per member counted under
 * the coupon's row lock.
 */
import type { FigureCoupon } from "@store/contract";
import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orders, vouchers } from "../../db/schema";
import { badRequest, conflictAt } from "../../lib/errors";
import { STOCK_BACK_STATUSES } from "./stock";

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
export async function usableCoupon(tx: Tx, code: string): Promise<OrderCoupon> {
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
