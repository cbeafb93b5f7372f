import { dashboardSummary } from "@store/contract";
import type { App } from "../../appType";
import * as service from "./service";

/**
 * GET /api/dashboard: the one summary call behind the dashboard. The counting
 * lists docs/REQUIREMENTS.md section 7 names (usersCount, productsCount, ordersCount) belong to their
 * own domains' modules.
 */
export function registerDashboardRoutes(app: App): void {
  app.get(
    "/dashboard",
    {
      config: { permission: "signed_in" },
      schema: { tags: ["dashboard"], response: { 200: dashboardSummary } },
    },
    async () => service.dashboardSummary(app.db, app.config.timeZone),
  );
}
