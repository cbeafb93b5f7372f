import type { App } from "../../app";

export function registerAgencyRoutes(_app: App): void {
  // Filled in by the agency issue.
}
