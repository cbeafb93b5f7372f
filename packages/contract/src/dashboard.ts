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

export const dashboardSummary = z.object({
  total_revenue: moneyOut,
  total_orders: z.number(),
  total_products: z.number(),
  total_users: z.number(),
  users_by_membership: z.array(
    z.object({ member_id: z.number(), membership: z.string(), users: z.number() }),
  ),
  year: z.number(),
  new_users_by_month: z.array(z.number()).length(12),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
