import type { DashboardSummary } from "@store/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const dashboardKeys = { summary: ["dashboard", "summary"] as const };

/** GET /api/dashboard: every card and chart figure in one call. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: dashboardKeys.summary,
  queryFn: () => api.get<DashboardSummary>("dashboard"),
});

/** The summary for /admin; routes.tsx asks for it before the page's code has arrived. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery);
}
