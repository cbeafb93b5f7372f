import type { App } from "../app";
import { HttpError } from "../lib/errors";
import { findSessionAdmin, SESSION_COOKIE } from "./service";

/** Calls that answer without a session. */
const PUBLIC_API = new Set(["/api/login", "/api/health"]);

/**
 * Every /api call needs a live administrator session (CONTRACT.md); a
 * state-changing call from a foreign Origin is refused before anything else.
 */
export function registerGuard(app: App): void {
  app.decorateRequest("admin", null as never);
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/") || path.startsWith("/api/docs")) return;
    if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") {
      const origin = request.headers.origin;
      if (origin && !sameOrigin(origin, request.headers.host)) {
        throw new HttpError(403, "Requests from another site are not accepted.");
      }
    }
    if (PUBLIC_API.has(path)) return;
    const token = request.cookies[SESSION_COOKIE];
    const admin = token ? await findSessionAdmin(app.db, token) : null;
    if (!admin) throw new HttpError(401, "Please log in.");
    request.admin = admin;
  });
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
