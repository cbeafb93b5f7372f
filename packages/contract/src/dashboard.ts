import { z } from "zod";
import { moneyOut } from "./primitives";

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
 */
export const dashboardSummary = z.object({
  /** Sum of every order's total_price, exact: "12345.60". */
  total_revenue: moneyOut,
  total_orders: z.number(),
  /** Products not deleted. */
  total_products: z.number(),
  total_users: z.number(),
  /** Every membership tier, in member_id order, with its user count (0 included). */
  users_by_membership: z.array(
    z.object({ member_id: z.number(), membership: z.string(), users: z.number() }),
  ),
  /** The current year in the store's time zone. */
  year: z.number(),
  /** New users per month of `year`, Jan..Dec, by created_at in the store's time zone. */
  new_users_by_month: z.array(z.number()).length(12),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
