import type { App } from "../../app";

export function registerPeopleRoutes(_app: App): void {
  // Filled in by the people issue.
}
