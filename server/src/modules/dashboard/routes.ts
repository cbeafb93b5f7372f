import type { App } from "../../app";

export function registerDashboardRoutes(_app: App): void {
  // Filled in by the dashboard issue.
}
