import { dashboardSummary } from "@store/contract";
import type { App } from "../../appType";
import * as service from "./service";

/**
 * GET /api/dashboard: the one summary call behind the dashboard. The counting
 * lists docs/REQUIREMENTS.md section 7 names (usersCount, productsCount, ordersCount) belong to their
 * own domains' modules. Every back-office person may open it; it answers only
 * the figures of the areas they may view (service.ts).
 */
export function registerDashboardRoutes(app: App): void {
  app.get(
    "/dashboard",
    {
      config: { permission: "signed_in" },
      schema: { tags: ["dashboard"], response: { 200: dashboardSummary } },
    },
    async (request) =>
      service.dashboardSummary(app.db, app.config.timeZone, request.admin.permissions),
  );
}
