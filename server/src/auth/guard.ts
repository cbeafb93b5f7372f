import { SESSION_COOKIE } from "@store/contract";
import type { FastifyRequest } from "fastify";
import type { App } from "../appType";
import { HttpError } from "../lib/errors";
import { forbidden, missingPermission } from "./permissions";
import { findSessionCaller, noteSessionSeen } from "./service";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every route needs a live Admin or Staff session unless the route the router
 * matched says `config.public` (docs/SECURITY.md), and the caller must hold
 * the permission the route declares (`config.permission`, auth/permissions.ts);
 * a list read as a file (`_format`) needs `export` as well. The decision is made on the
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
    const caller = token ? await findSessionCaller(app.db, token) : null;
    if (!caller) throw new HttpError(401, "login_required", {}, "Please log in.");
    const declared = request.routeOptions.config.permission;
    // app.ts refuses to start with a private route that declares none; this is the last guard.
    if (!declared) throw forbidden("staff:manage");
    const missing =
      missingPermission(caller.permissions, declared) ??
      (isFileExport(request) ? missingPermission(caller.permissions, "export") : null);
    const ownRecord = isOwnRecord(request, caller.user_id);
    if (missing && !ownRecord) throw forbidden(missing);
    // The store requires two-step login of this person and they have not set it up:
    // only their own profile and session answer (docs/decisions/two-step-login.md).
    if (caller.totp_enrolment_required && declared !== "signed_in" && !ownRecord)
      throw new HttpError(
        403,
        "totp_enrolment_required",
        {},
        "Two-step login is required for your account. Set it up on your profile.",
      );
    await noteSessionSeen(app.db, caller);
    request.admin = caller;
  });
}

/** A route of one user record (`ownRecord`) called on the caller's own: the profile. */
function isOwnRecord(request: FastifyRequest, userId: number): boolean {
  if (!request.routeOptions.config.ownRecord) return false;
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return typeof id === "string" && id === String(userId);
}

/** A list asked for as a CSV or Excel file (lib/csv.ts, lib/xlsx.ts). */
function isFileExport(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return (
    request.method === "GET" &&
    query?._format !== undefined &&
    !request.routeOptions.config.blankFile
  );
}

/**
 * Refuses, at start-up, a private API route that does not say who may call
 * it: forgetting is not a way to open a route to every signed-in person.
 */
export function assertRouteDeclaresPermission(route: {
  url: string;
  method: string | string[];
  config?: { public?: boolean; permission?: unknown };
}): void {
  if (!route.url.startsWith("/api/") || route.config?.public) return;
  if (route.config?.permission === undefined)
    throw new Error(`${[route.method].flat().join(",")} ${route.url} declares no permission`);
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
