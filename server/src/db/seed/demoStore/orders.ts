/** Plans the demo store's vouchers and orders over last year and this year. */
import { ADMIN_ROLE, toSen } from "@store/contract";
import type { orderItems, orders, vouchers } from "../../schema";
import type { ProductPlan } from "./catalog";
import { VOUCHER_STEMS } from "./contentData";
import { address, mobile, person, type UserPlan } from "./people";
import { centsToMoney, percentOf, Random } from "./random";
import { between, type Calendar, DAY, growing, later, wire } from "./time";

type VoucherRow = typeof vouchers.$inferInsert;
export interface VoucherPlan {
  row: VoucherRow;
  createdMs: number;
  expiresMs: number;
  type: "price" | "percentage";
  /** Cents for "price", percent for "percentage". */
  amount: number;
  capCents: number;
}

const SEASONAL = new Set([
  "RAYA",
  "MERDEKA",
  "MALAYSIADAY",
  "CNY",
  "DEEPAVALI",
  "GAWAI",
  "KAAMATAN",
]);

export function planVouchers(random: Random, cal: Calendar, count: number): VoucherPlan[] {
  const codes = new Set<string>();
  const plans: VoucherPlan[] = [];
  for (let i = 0; i < count; i++) {
    const stem = VOUCHER_STEMS[i % VOUCHER_STEMS.length] as string;
    const type = i % 2 === 0 ? "price" : "percentage";
    const amount =
      type === "price"
        ? random.pick([5, 8, 10, 15, 20, 30, 50]) * 100
        : random.pick([5, 8, 10, 12, 15, 20, 25, 30]);
    // Two in five have run out; the rest are live for weeks or months yet.
    const expired = i % 5 === 1 || i % 5 === 3;
    const expiresMs = expired
      ? between(random, cal.lastYear + 60 * DAY, cal.now - 2 * DAY)
      : between(random, cal.now + 7 * DAY, cal.now + 200 * DAY);
    const createdMs = Math.min(cal.now - DAY, expiresMs - random.int(30, 120) * DAY);
    const year = new Date(expiresMs).getFullYear();
    let code = SEASONAL.has(stem)
      ? `${stem}${year}`
      : `${stem}${type === "price" ? amount / 100 : amount}`;
    while (codes.has(code)) code = `${code}${random.int(1, 9)}`;
    codes.add(code);
    const capCents = type === "price" ? amount : random.pick([10, 15, 20, 30, 50, 100]) * 100;
    plans.push({
      createdMs,
      expiresMs,
      type,
      amount,
      capCents,
      row: {
        voucher_code: code,
        discount: type === "price" ? centsToMoney(amount) : centsToMoney(amount * 100),
        discount_cap: centsToMoney(capCents),
        discount_type: type,
        voucher_status: expired ? random.pick([0, 1]) : random.chance(0.85) ? 1 : 0,
        expired_at: wire(expiresMs),
        created_at: wire(createdMs),
        updated_at: random.chance(0.3) ? wire(between(random, createdMs, cal.now)) : null,
      },
    });
  }
  return plans;
}

type OrderRow = Omit<typeof orders.$inferInsert, "user_id">;
type LineRow = Omit<typeof orderItems.$inferInsert, "orders_id" | "product_id" | "variant_id">;
/** One line of a planned order: which product (and variant) of the catalog plan, as it was. */
export interface LinePlan {
  productIndex: number;
  /** Index into the product's variants; null for a product without any. */
  variantIndex: number | null;
  row: LineRow;
}
export interface OrderPlan {
  userIndex: number;
  createdMs: number;
  row: OrderRow;
  lines: LinePlan[];
}

/** What one unit of a variant costs: its discount price when set and non-zero. */
function variantCents(variant: ProductPlan["variants"][number]): number {
  const dis = variant.variant_dis_price ? moneyToCents(variant.variant_dis_price) : 0;
  return dis > 0 ? dis : moneyToCents(variant.variant_price);
}

function moneyToCents(value: string): number {
  return Number(toSen(value));
}

/**
 * A line of the product at products[index]: a variant of it when it has any
 * (drawn from `variants`, a source of its own, so the main sequence draws
 * what it always drew), the names and SKU of the catalog.
 */
function lineOf(
  products: readonly ProductPlan[],
  index: number,
  quantity: number,
  variants: Random,
): LinePlan {
  const product = products[index] as ProductPlan;
  const variantIndex = product.variants.length
    ? variants.int(0, product.variants.length - 1)
    : null;
  const variant = variantIndex === null ? undefined : product.variants[variantIndex];
  const unit = variant ? variantCents(variant) : product.unitCents || 100;
  return {
    productIndex: index,
    variantIndex,
    row: {
      product_name: product.row.product_name,
      variant_name: variant?.variant_name ?? "",
      sku: variant ? (variant.variant_sku ?? "") : (product.row.sku ?? ""),
      quantity,
      unit_price: centsToMoney(unit),
      line_discount: "0.00",
      line_total: centsToMoney(unit * quantity),
    },
  };
}

const SHIPPING_FEES = [800, 750];
/** The seed of the variants' own source (lineOf). */
const VARIANT_SEED = 20_251_127;
const FREE_SHIPPING_FROM = 15_000;

/** Which statuses an order of this age is likely in (1 pending … 9 returned). */
function statusFor(random: Random, ageMs: number): number {
  if (ageMs < 5 * DAY) return random.weighted([1, 2, 3, 4, 7], [30, 25, 25, 12, 8]);
  if (ageMs < 15 * DAY)
    return random.weighted([2, 3, 4, 5, 6, 7, 8, 9], [6, 12, 30, 22, 18, 6, 3, 3]);
  return random.weighted([5, 6, 7, 8, 9], [2, 76, 9, 6, 7]);
}

function trackingNumber(random: Random): string {
  return random.chance(0.5) ? `ER${random.digits(9)}MY` : `630${random.digits(9)}`;
}

/** The index of the last user who had signed up by `at` (users are sorted by sign-up). */
function lastSignedUpBy(usersPlan: readonly UserPlan[], at: number): number {
  let lo = 0;
  let hi = usersPlan.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((usersPlan[mid] as UserPlan).createdMs <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function planOrders(
  random: Random,
  cal: Calendar,
  usersPlan: readonly UserPlan[],
  products: readonly ProductPlan[],
  voucherPlans: readonly VoucherPlan[],
  count: number,
): OrderPlan[] {
  return [...streamOrders(random, cal, usersPlan, products, voucherPlans, count)];
}

/**
 * The orders one at a time, oldest first, drawn in the same sequence as
 * planOrders: a store of a million orders is inserted batch by batch without
 * holding every order in memory.
 */
export function* streamOrders(
  random: Random,
  cal: Calendar,
  usersPlan: readonly UserPlan[],
  products: readonly ProductPlan[],
  voucherPlans: readonly VoucherPlan[],
  count: number,
): Generator<OrderPlan> {
  const moments = Array.from({ length: count }, () => growing(random, cal)).sort((a, b) => a - b);
  const buyers = usersPlan.map((u) => u.row.role !== ADMIN_ROLE && u.row.role !== "Staff");
  const variants = new Random(VARIANT_SEED);
  const productIndexes = new Map(products.map((p, i) => [p, i]));
  for (let n = 0; n < moments.length; n++) {
    let createdMs = moments[n] as number;
    const last = lastSignedUpBy(usersPlan, createdMs);
    let userIndex = 0;
    if (last < 0) {
      createdMs = Math.min(cal.now, (usersPlan[0] as UserPlan).createdMs + DAY);
    } else {
      userIndex = random.int(0, last);
      for (let tries = 0; tries < 5 && !buyers[userIndex]; tries++) userIndex = random.int(0, last);
    }
    const user = usersPlan[userIndex] as UserPlan;
    const status = statusFor(random, cal.now - createdMs);

    let subtotal = 0;
    const lineCount = random.weighted([1, 2, 3, 4], [45, 30, 15, 10]);
    const lines: LinePlan[] = [];
    for (let l = 0; l < lineCount; l++) {
      const product = random.pick(products);
      const quantity = random.weighted([1, 2, 3], [70, 22, 8]);
      const line = lineOf(products, productIndexes.get(product) as number, quantity, variants);
      subtotal += moneyToCents(line.row.line_total);
      lines.push(line);
    }
    const usable = voucherPlans.filter((v) => v.createdMs <= createdMs && createdMs <= v.expiresMs);
    const voucher = usable.length && random.chance(0.18) ? random.pick(usable) : undefined;
    // A coupon leaves at least RM 1 of goods to pay (and never more off than there is).
    const discount = !voucher
      ? 0
      : voucher.type === "price"
        ? Math.max(0, Math.min(voucher.amount, subtotal - 100))
        : Math.min(voucher.capCents, percentOf(subtotal, voucher.amount));
    const shipping = subtotal >= FREE_SHIPPING_FROM ? 0 : random.pick(SHIPPING_FEES);
    // subtotal - discount + shipping = total, as the database checks (migration 0021).
    const total = subtotal - discount + shipping;

    const paid = status !== 1 && (status !== 7 || random.chance(0.4));
    const paidMs = paid ? later(random, createdMs, 0, 3, cal.now) : null;
    const shipOutMs = paidMs === null ? null : later(random, paidMs, 24, 72);
    const shipped = [4, 5, 6, 8, 9].includes(status) && !(status === 8 && random.chance(0.4));
    const completedMs =
      status === 6 && shipOutMs !== null
        ? Math.max(createdMs, later(random, shipOutMs, 24, 240, cal.now))
        : null;
    const refundMs =
      status === 8 && paidMs !== null
        ? Math.max(createdMs, later(random, paidMs, 24, 336, cal.now))
        : null;
    const lastTouch = Math.max(
      completedMs ?? 0,
      refundMs ?? 0,
      Math.min(shipOutMs ?? 0, cal.now),
      paidMs ?? 0,
    );
    const toSelf = random.chance(0.82);
    const recipient = toSelf ? user.row : person(random);

    yield {
      userIndex,
      createdMs,
      row: {
        order_number: `KH${wire(createdMs).slice(0, 10).replace(/-/g, "")}${String(n + 1).padStart(6, "0")}`,
        username: user.row.username,
        contact: user.row.contact,
        currency_symbol: "RM",
        total_price: centsToMoney(total),
        subtotal: centsToMoney(subtotal),
        discount: centsToMoney(discount),
        shipping_fee: centsToMoney(shipping),
        points_earned: [7, 8, 9].includes(status)
          ? "0.00"
          : centsToMoney(percentOf(subtotal, user.earning)),
        coupon_code: voucher?.row.voucher_code ?? "",
        recipient_name: `${recipient.f_name} ${recipient.l_name}`,
        recipient_contact: toSelf ? user.row.contact : mobile(random),
        ...(toSelf || random.chance(0.5) ? user.home : address(random)),
        tracking_number: shipped ? trackingNumber(random) : "",
        order_status: status,
        created_at: wire(createdMs),
        paid_on: paidMs === null ? null : wire(paidMs),
        ship_out_by: shipOutMs === null ? null : wire(shipOutMs),
        completed_at: completedMs === null ? null : wire(completedMs),
        refund_at: refundMs === null ? null : wire(refundMs),
        updated_at:
          lastTouch > createdMs
            ? wire(lastTouch)
            : status === 7
              ? wire(later(random, createdMs, 1, 48, cal.now))
              : null,
      },
      lines,
    };
  }
}
