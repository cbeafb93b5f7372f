import type { App } from "../../app";

export function registerOrderRoutes(_app: App): void {
  // Filled in by the orders issue.
}
