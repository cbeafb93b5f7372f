import { z } from "zod";
import type { PermissionArea } from "./permissions";
import { moneyOut, timestamp } from "./primitives";

export const DOUGHNUT_CUTOUT = "65%";
export const CHART_ASPECT_RATIO = 5 / 3;
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/**
 * GET /api/dashboard: every figure of the dashboard, counted by the database in
 * one call (docs/decisions/running-totals.md: the lists do not travel to the browser).
 * A figure of an area the caller cannot view is left out (issue 22): revenue and
 * orders need `orders:view`, products `catalog:view`, the users' card and both
 * charts `members:view`; the web hides the card of a figure not answered.
 */
export const dashboardSummary = z.object({
  /** Sum of every order's total_price, exact: "12345.60". orders:view. */
  total_revenue: moneyOut.optional(),
  /** orders:view. */
  total_orders: z.number().optional(),
  /** Products not deleted. catalog:view. */
  total_products: z.number().optional(),
  /** members:view. */
  total_users: z.number().optional(),
  /** Every membership tier, in member_id order, with its user count (0 included). members:view. */
  users_by_membership: z
    .array(z.object({ member_id: z.number(), membership: z.string(), users: z.number() }))
    .optional(),
  /** The current year in the store's time zone. */
  year: z.number(),
  /** New users per month of `year`, Jan..Dec, by created_at in the store's time zone. members:view. */
  new_users_by_month: z.array(z.number()).length(12).optional(),
  /**
   * The last reconcile run done (POST walletLedger/reconcileRuns): when, and
   * how many balances, orders and account totals did not agree; null before
   * the first. wallets:view.
   */
  books_balance: z
    .object({ job_id: z.number(), checked_at: timestamp, mismatches: z.number() })
    .nullable()
    .optional(),
});
/** The area whose view permission each of the summary's figures needs. */
export const DASHBOARD_FIGURE_AREAS = {
  total_revenue: "orders",
  total_orders: "orders",
  total_products: "catalog",
  total_users: "members",
  users_by_membership: "members",
  new_users_by_month: "members",
  books_balance: "wallets",
} as const satisfies Record<
  Exclude<keyof z.infer<typeof dashboardSummary>, "year">,
  PermissionArea
>;
export type DashboardSummary = z.infer<typeof dashboardSummary>;
