import { ApiError } from "../api/client";
import { showToast } from "../components/toastStore";
import { refreshStoredAdmin } from "../lib/permissions";

/** How long further refusals stay unsaid after one was shown: one screen's calls fail together. */
export const FORBIDDEN_QUIET_MS = 10_000;

let saidAt = Number.NEGATIVE_INFINITY;

/** A call refused for a permission the person does not hold (403 `forbidden`). */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === "forbidden";
}

/**
 * Says a refusal once, however many calls of the screen met it, and asks the
 * person's permissions afresh: their groups may have changed since they
 * logged in, and the screens then hide what they can no longer do
 * (docs/decisions/permissions-on-screen.md).
 */
export function sayForbidden(error: ApiError, now = Date.now()): void {
  void refreshStoredAdmin();
  if (now - saidAt < FORBIDDEN_QUIET_MS) return;
  saidAt = now;
  showToast(error);
}
