import type { FastifyRequest } from "fastify";
import type { App } from "../appType";
import { HttpError } from "../lib/errors";
import { findSessionAdmin, SESSION_COOKIE } from "./service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answers without a session (login, health, static files). Every other route needs one. */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every route needs a live administrator session unless the route the router
 * matched says `config.public` (docs/SECURITY.md). The decision is made on the
 * matched route, never on the URL text, so no spelling of a path reaches a
 * private handler without a session; paths spelled other than plainly are
 * refused before anything else. A state-changing call from another origin is
 * refused whatever its path.
 */
export function registerGuard(app: App): void {
  app.decorateRequest("admin", null as never);
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?", 1)[0] ?? "";
    if (!isPlainPath(path))
      throw new HttpError(400, "address_invalid", {}, "The address is not valid.");
    if (path.startsWith("/api/")) reply.header("cache-control", "no-store");
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, app.served.origins)) {
      throw new HttpError(
        403,
        "foreign_origin",
        {},
        "Requests from another site are not accepted.",
      );
    }
    // An unmatched path is answered 404 by the not-found handler; it serves nothing private.
    if (request.is404 || request.routeOptions.config.public) return;
    const token = request.cookies[SESSION_COOKIE];
    const admin = token ? await findSessionAdmin(app.db, token) : null;
    if (!admin) throw new HttpError(401, "login_required", {}, "Please log in.");
    request.admin = admin;
  });
}

/**
 * A path as the app's own pages and calls spell it: no percent-escapes, no
 * dot or empty segments, no backslashes. Anything else is an attempt to make
 * two parsers disagree about the route.
 */
export function isPlainPath(path: string): boolean {
  return (
    path.startsWith("/") &&
    !/[%\\]/.test(path) &&
    !path.includes("//") &&
    !/\/\.\.?(\/|$)/.test(path)
  );
}

/**
 * The browser says where the call comes from; scheme, host and port must be
 * one of the configured origins (PUBLIC_URL, lib/edge.ts), never compared
 * with the request's own Host, which a rebound DNS name controls.
 */
function isCrossSite(request: FastifyRequest, origins: Set<string>): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return !origins.has(new URL(origin).origin);
  } catch {
    return true;
  }
}
