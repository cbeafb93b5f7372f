import type { App } from "../../app";

export function registerWithdrawalRoutes(_app: App): void {
  // Filled in by the withdrawals issue.
}
