import type { App } from "../../app";

export function registerContentRoutes(_app: App): void {
  // Filled in by the content issue.
}
