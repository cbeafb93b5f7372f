import type { DashboardSummary } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const dashboardKeys = { summary: ["dashboard", "summary"] as const };

/** GET /api/dashboard: every card and chart figure in one call. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: () => api.get<DashboardSummary>("dashboard"),
  });
}
