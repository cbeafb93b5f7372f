import { z } from "zod";
import { say } from "./errors";
import { EXPORT_FORMATS, EXPORT_LANGUAGES } from "./listExport";
import { moneyOut, text } from "./primitives";

/**
 * The reports (issue 26, docs/decisions/reports-rollups.md): each
 * `GET /api/reports/<name>?from&to` answers its figures for the inclusive days
 * `from`..`to` in the store's time zone (`totals`), the same for the range
 * compared (`previous`: the range of equal length just before, or with
 * `compare=year` the same days a year before), and its `series`: by period,
 * or the ranked rows. With `compare` the series' compared figures too
 * (`previous_series` by period, each ranked row's `previous`). Read from the
 * daily roll-ups the database keeps (migration 0024).
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
/** Products carry no brand in this store (docs/decisions/reports-rollups.md): by product or by category. */
export const REPORT_BY = ["product", "category"] as const;
export type ReportBy = (typeof REPORT_BY)[number];
/** The longest range asked at once: two years of days. */
export const REPORT_MAX_DAYS = 731;
/**
 * What a report compares with: the range of equal length just before
 * (`previous`) or the same days a year before (`year`; 29 February → the 28th).
 */
export const REPORT_COMPARE = ["previous", "year"] as const;
export type ReportCompare = (typeof REPORT_COMPARE)[number];
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
    /**
     * The range compared: `previous` (the default for `previous`) or `year`.
     * Given, the answer also holds the series' compared figures.
     */
    compare: z.enum(REPORT_COMPARE).optional(),
    /**
     * `csv` or `xlsx`: the series as a file headed in words, as the lists answer
     * (needs `export`); with `compare`, the compared figures beside each row.
     */
    _format: z.enum(EXPORT_FORMATS).optional(),
    /** The file's language (`en`, `ms`, `zh`); else the admin's own, else English. */
    _lang: z.enum(EXPORT_LANGUAGES).optional(),
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

/** The days a report covers, and the range compared (`compare`: just before, or a year before). */
const ranges = {
  range: z.object({ from: z.string(), to: z.string() }),
  compare: z.enum(REPORT_COMPARE),
  previous_range: z.object({ from: z.string(), to: z.string() }),
};

const salesFigures = z.object({
  orders: z.number(),
  /** Every sale (an order not canceled, refunded or returned): paid_revenue + unpaid_revenue. */
  revenue: moneyOut,
  /** The sales paid for (every status after pending). */
  paid_revenue: moneyOut,
  /** The sales not yet paid for (pending): not money in yet. */
  unpaid_revenue: moneyOut,
  /** revenue / orders, rounded half up to the sen; "0.00" without orders. */
  average_order: moneyOut,
  discount: moneyOut,
  shipping: moneyOut,
  /** The SST the revenue contains (its orders' tax_total; docs/decisions/sst-on-lines.md). */
  tax: moneyOut,
  /**
   * Returns and refunds made in the period (issue 42), counted on the day each
   * was made; their orders' sales stay on the orders' days.
   */
  returns: z.number(),
  /** What those returns and refunds paid back (their refund_amount). */
  refunds: moneyOut,
  /** The units those returns took back. */
  returned_items: z.number(),
});
export const salesReport = z.object({
  ...ranges,
  totals: salesFigures,
  previous: salesFigures,
  /** Every period of the range, empty ones included; `period` its first day. */
  series: z.array(z.object({ period: z.string(), ...salesFigures.shape })),
  /** With `compare`: every period of the range compared, as `series`. */
  previous_series: z.array(z.object({ period: z.string(), ...salesFigures.shape })).optional(),
});
export type SalesReport = z.infer<typeof salesReport>;

const quantityRevenue = z.object({ quantity: z.number(), revenue: moneyOut });
/** The units taken back in the range by returns (issue 42), on the returns' days. */
const returnedTotals = quantityRevenue.extend({ returned: z.number() });
export const productsReport = z.object({
  ...ranges,
  by: z.enum(REPORT_BY),
  totals: returnedTotals,
  previous: returnedTotals,
  /** The best sellers by revenue: a product (or category) id, null for lines whose product is gone. */
  series: z.array(
    z.object({
      id: z.number().nullable(),
      name: z.string(),
      ...quantityRevenue.shape,
      /**
       * By product: its units returned in the range, on the returns' days
       * (issue 42); by category none (a product's returns are not kept per category).
       */
      returned: z.number().optional(),
      /** With `compare`: the row's figures over the range compared. */
      previous: quantityRevenue.extend({ returned: z.number().optional() }).optional(),
    }),
  ),
});
export type ProductsReport = z.infer<typeof productsReport>;

const ordersRevenue = z.object({ orders: z.number(), revenue: moneyOut });
export const regionsReport = z.object({
  ...ranges,
  totals: ordersRevenue,
  previous: ordersRevenue,
  /** Every state with sales, by revenue; "" is an order without a state. */
  series: z.array(
    z.object({
      state: z.string(),
      ...ordersRevenue.shape,
      /** With `compare`: the state's figures over the range compared. */
      previous: ordersRevenue.optional(),
    }),
  ),
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
  /** With `compare`: every period of the range compared, as `series`. */
  previous_series: z.array(z.object({ period: z.string(), ...memberFigures.shape })).optional(),
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
  /** With `compare`: every period of the range compared, as `series`. */
  previous_series: z.array(z.object({ period: z.string(), ...moneyFlows.shape })).optional(),
});
export type MoneyReport = z.infer<typeof moneyReport>;

const couponFigures = z.object({ uses: z.number(), discount: moneyOut, sales: moneyOut });
export const couponsReport = z.object({
  ...ranges,
  totals: couponFigures,
  previous: couponFigures,
  /** The coupons used, most used first. */
  series: z.array(
    z.object({
      coupon_code: z.string(),
      ...couponFigures.shape,
      /** With `compare`: the coupon's figures over the range compared. */
      previous: couponFigures.optional(),
    }),
  ),
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

/**
 * Each series field's header in a report's file (`_format=csv|xlsx`): its key
 * in the web catalogues' `reports` section, read in the file's language
 * (docs/decisions/xlsx-export.md, "Reports").
 */
export const REPORT_FIELD_LABELS: Readonly<Record<string, string>> = {
  period: "period",
  id: "id",
  name: "name",
  state: "state",
  coupon_code: "coupon",
  orders: "orders",
  revenue: "revenue",
  paid_revenue: "paidRevenue",
  unpaid_revenue: "unpaidRevenue",
  average_order: "averageOrder",
  discount: "discount",
  shipping: "shipping",
  tax: "tax",
  returns: "returns",
  refunds: "refunds",
  returned_items: "returnedItems",
  returned: "returned",
  quantity: "quantity",
  uses: "uses",
  sales: "sales",
  new_members: "newMembers",
  new_referrals: "newReferrals",
  pv_issued: "pvIssued",
  pv_taken_back: "pvTakenBack",
  commissions_paid: "commissionsPaid",
  commissions_reversed: "commissionsReversed",
  clawbacks_owed: "clawbacksOwed",
  pv_clawbacks_owed: "pvClawbacksOwed",
  clawbacks_recovered: "clawbacksRecovered",
  pv_clawbacks_recovered: "pvClawbacksRecovered",
  withdrawals_requested: "requestsMade",
  withdrawals_requested_amount: "withdrawalsRequested",
  withdrawals_paid: "requestsPaid",
  withdrawals_paid_amount: "withdrawalsPaid",
  withdrawals_rejected: "requestsRejected",
  withdrawals_rejected_amount: "withdrawalsRejected",
  withdrawals_reversed: "requestsReversed",
  withdrawals_reversed_amount: "withdrawalsReversed",
  wallet_balance: "walletBalance",
  cash_wallet_balance: "cashWalletBalance",
};
