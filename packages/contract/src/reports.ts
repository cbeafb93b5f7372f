import { z } from "zod";
import { say } from "./errors";
import { moneyOut, text } from "./primitives";

/**
 * The reports (issue 26, docs/decisions/reports-rollups.md): each
 * `GET /api/reports/<name>?from&to` answers its figures for the inclusive days
 * `from`..`to` in the store's time zone (`totals`), the same for the range of
 * equal length just before (`previous`), and its `series`: by period, or the
 * ranked rows. Read from the daily roll-ups the database keeps (migration 0024).
 */
export const REPORT_NAMES = [
  "sales",
  "products",
  "regions",
  "members",
  "money",
  "coupons",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const REPORT_GROUPS = ["day", "week", "month"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** Products carry no brand in this store (SPEC.md): by product or by category. */
export const REPORT_BY = ["product", "category"] as const;
export type ReportBy = (typeof REPORT_BY)[number];
/** The longest range asked at once: two years of days. */
export const REPORT_MAX_DAYS = 731;
export const REPORT_DEFAULT_LIMIT = 10;
export const REPORT_MAX_LIMIT = 100;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "yyyy-MM-dd" is a day of the calendar. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Days from `from` to `to`, both counted. */
export function daysIn(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const day = (field: "from" | "to") =>
  text()
    .regex(DAY, say("date_format", {}, "Use the form yyyy-MM-dd."))
    .refine(isCalendarDay, say("not_real_date", { field }, `${field} is not a real date.`));

const RANGE_MESSAGE = say(
  "report_range",
  { max: REPORT_MAX_DAYS },
  `Choose a range of at most ${REPORT_MAX_DAYS} days, its first day on or before its last.`,
);

/** Without `from` and `to`: the last 30 days to today, in the store's zone. */
export const REPORT_DEFAULT_DAYS = 30;

export const reportQuery = z
  .object({
    /** The first day, "yyyy-MM-dd" (default: 29 days before `to`). */
    from: day("from").optional(),
    /** The last day, counted whole (default: today). */
    to: day("to").optional(),
    /** sales, members and money: the periods of the series (weeks start on Monday). */
    group: z.enum(REPORT_GROUPS).default("day"),
    /** products: the rows ranked. */
    by: z.enum(REPORT_BY).default("product"),
    /** Ranked rows answered (products, coupons, the members' top referrers). */
    _limit: z.coerce.number().int().min(1).max(REPORT_MAX_LIMIT).default(REPORT_DEFAULT_LIMIT),
    /** `csv`: the series as a CSV file, as the lists answer (needs `export`). */
    _format: z.enum(["csv"]).optional(),
  })
  .refine(
    // Both days given: the range's own rule (one alone is checked once settled, on the server).
    (q) =>
      !q.from ||
      !q.to ||
      !isCalendarDay(q.from) ||
      !isCalendarDay(q.to) ||
      (q.from <= q.to && daysIn(q.from, q.to) <= REPORT_MAX_DAYS),
    {
      message: RANGE_MESSAGE,
      path: ["to"],
    },
  );
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportParams = z.object({ name: z.enum(REPORT_NAMES) });

/** The days a report covers, and the previous range of equal length. */
const ranges = {
  range: z.object({ from: z.string(), to: z.string() }),
  previous_range: z.object({ from: z.string(), to: z.string() }),
};

const salesFigures = z.object({
  orders: z.number(),
  revenue: moneyOut,
  /** revenue / orders, rounded half up to the sen; "0.00" without orders. */
  average_order: moneyOut,
  discount: moneyOut,
  shipping: moneyOut,
});
export const salesReport = z.object({
  ...ranges,
  totals: salesFigures,
  previous: salesFigures,
  /** Every period of the range, empty ones included; `period` its first day. */
  series: z.array(z.object({ period: z.string(), ...salesFigures.shape })),
});
export type SalesReport = z.infer<typeof salesReport>;

const quantityRevenue = z.object({ quantity: z.number(), revenue: moneyOut });
export const productsReport = z.object({
  ...ranges,
  by: z.enum(REPORT_BY),
  totals: quantityRevenue,
  previous: quantityRevenue,
  /** The best sellers by revenue: a product (or category) id, null for lines whose product is gone. */
  series: z.array(
    z.object({ id: z.number().nullable(), name: z.string(), ...quantityRevenue.shape }),
  ),
});
export type ProductsReport = z.infer<typeof productsReport>;

const ordersRevenue = z.object({ orders: z.number(), revenue: moneyOut });
export const regionsReport = z.object({
  ...ranges,
  totals: ordersRevenue,
  previous: ordersRevenue,
  /** Every state with sales, by revenue; "" is an order without a state. */
  series: z.array(z.object({ state: z.string(), ...ordersRevenue.shape })),
});
export type RegionsReport = z.infer<typeof regionsReport>;

const memberFigures = z.object({ new_members: z.number(), new_referrals: z.number() });
const referrerRow = z.object({
  user_id: z.number(),
  username: z.string(),
  /** New direct referrals who joined in the range. */
  new_referrals: z.number(),
  /** Sales in the range of the member's direct referrals (as the tree stands now). */
  referral_orders: z.number(),
  referral_sales: moneyOut,
});
export const membersReport = z.object({
  ...ranges,
  totals: memberFigures,
  previous: memberFigures,
  series: z.array(z.object({ period: z.string(), ...memberFigures.shape })),
  /** New members per tier (their tier now), every tier listed. */
  by_tier: z.array(
    z.object({ member_id: z.number(), membership: z.string(), new_members: z.number() }),
  ),
  top_by_referrals: z.array(referrerRow),
  top_by_sales: z.array(referrerRow),
});
export type MembersReport = z.infer<typeof membersReport>;
export type ReferrerRow = z.infer<typeof referrerRow>;

const moneyFlows = z.object({
  pv_issued: moneyOut,
  pv_taken_back: moneyOut,
  commissions_paid: moneyOut,
  commissions_reversed: moneyOut,
  /** Reversals the balance could not cover (ledger_owed), cash wallet and PV. */
  clawbacks_owed: moneyOut,
  pv_clawbacks_owed: moneyOut,
  /** Recovered from later credits (clawback_recovery entries), cash wallet and PV. */
  clawbacks_recovered: moneyOut,
  pv_clawbacks_recovered: moneyOut,
  withdrawals_requested: z.number(),
  withdrawals_requested_amount: moneyOut,
  withdrawals_paid: z.number(),
  withdrawals_paid_amount: moneyOut,
  withdrawals_rejected: z.number(),
  withdrawals_rejected_amount: moneyOut,
  withdrawals_reversed: z.number(),
  withdrawals_reversed_amount: moneyOut,
});
const moneyTotals = moneyFlows.extend({
  /** What the members' wallets and cash wallets held at the end of the range's last day. */
  wallet_balance: moneyOut,
  cash_wallet_balance: moneyOut,
});
export const moneyReport = z.object({
  ...ranges,
  totals: moneyTotals,
  previous: moneyTotals,
  series: z.array(z.object({ period: z.string(), ...moneyFlows.shape })),
});
export type MoneyReport = z.infer<typeof moneyReport>;

const couponFigures = z.object({ uses: z.number(), discount: moneyOut, sales: moneyOut });
export const couponsReport = z.object({
  ...ranges,
  totals: couponFigures,
  previous: couponFigures,
  /** The coupons used, most used first. */
  series: z.array(z.object({ coupon_code: z.string(), ...couponFigures.shape })),
});
export type CouponsReport = z.infer<typeof couponsReport>;

export const REPORT_SCHEMAS = {
  sales: salesReport,
  products: productsReport,
  regions: regionsReport,
  members: membersReport,
  money: moneyReport,
  coupons: couponsReport,
} as const;
export type ReportAnswer<N extends ReportName> = z.infer<(typeof REPORT_SCHEMAS)[N]>;
