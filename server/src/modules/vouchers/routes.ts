import type { App } from "../../app";

export function registerVoucherRoutes(_app: App): void {
  // Filled in by the vouchers issue.
}
