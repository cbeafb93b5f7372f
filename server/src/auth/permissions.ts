import { grants, type Permission } from "@store/contract";
import { HttpError } from "../lib/errors";

/**
 * Who may call a private route, declared in the route's own options
 * (`config.permission`; docs/decisions/permissions.md): one permission, any
 * one of several, or "signed_in" for what every back-office person may do
 * (their own profile and session, the lookups every form reads).
 */
export type RoutePermission = Permission | readonly Permission[] | "signed_in";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answers without a session (login, health, static files). Every other route needs one. */
    public?: boolean;
    /** Required on every private route: app.ts refuses to start without it. */
    permission?: RoutePermission;
    /**
     * The route's `:id` names a user; the caller's own passes whatever
     * `permission` says (the profile reads and changes its own record;
     * docs/decisions/staff-accounts.md).
     */
    ownRecord?: boolean;
  }
}

/** The permission a caller lacks for `needed`, or null when they hold it. */
export function missingPermission(
  held: readonly Permission[],
  needed: RoutePermission,
): Permission | null {
  if (needed === "signed_in") return null;
  const anyOf: readonly Permission[] = typeof needed === "string" ? [needed] : needed;
  if (anyOf.some((code) => grants(held, code))) return null;
  return anyOf[0] ?? null;
}

/** 403 naming the permission the call needs; nothing was changed. */
export const forbidden = (permission: Permission) =>
  new HttpError(403, "forbidden", { permission }, "You do not have permission to do this.", {
    details: { permission },
  });

/** Refuses the call unless the caller holds `needed` (a rule inside a service: a Staff role, a secret key). */
export function requirePermission(held: readonly Permission[], needed: RoutePermission): void {
  const missing = missingPermission(held, needed);
  if (missing) throw forbidden(missing);
}
