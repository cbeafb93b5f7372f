import { grants, type Permission } from "@store/contract";
import { HttpError } from "../lib/errors";
import type { RoutePermission } from "../lib/routeConfig";

export type { RoutePermission };

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
