import type { Permission } from "@store/contract";
import { readAdmin } from "./session";

/**
 * Whether held permissions grant `needed` (`area:manage` grants `area:view`):
 * the contract's `grants`, repeated so the first download holds no zod
 * (test/permissions.test.ts keeps the two equal).
 */
export function grants(held: readonly Permission[], needed: Permission): boolean {
  return held.some(
    (code) =>
      code === needed || (needed.endsWith(":view") && code === needed.replace(/:view$/, ":manage")),
  );
}

/** The signed-in person's permissions, as the login answer and GET /api/me gave them. */
export function heldPermissions(): readonly Permission[] {
  return readAdmin()?.permissions ?? [];
}

/**
 * Whether the signed-in person may do what `needed` names: the screens show a
 * control only then; the server refuses the call anyway (docs/decisions/permissions.md).
 */
export function useCan(needed: Permission): boolean {
  return grants(heldPermissions(), needed);
}
