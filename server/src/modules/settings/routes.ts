import type { App } from "../../app";

export function registerSettingsRoutes(_app: App): void {
  // Filled in by the settings issue.
}
