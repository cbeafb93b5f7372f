import type { AdminData, Permission } from "@store/contract";
import { useSyncExternalStore } from "react";
import { api } from "../api/client";
import type { Needs } from "../resources/define";
import { readAdmin, subscribeToLogin, updateStoredAdmin } from "./session";

/**
 * Whether held permissions grant `needed` (`area:manage` grants `area:view`):
 * the contract's `grants`, repeated so the first download holds no zod
 * (test/permissions.test.ts keeps the two equal). Several needed: any one of them.
 */
export function grants(held: readonly Permission[], needed: Needs): boolean {
  if (typeof needed !== "string") return needed.some((one) => grants(held, one));
  return held.some(
    (code) =>
      code === needed || (needed.endsWith(":view") && code === needed.replace(/:view$/, ":manage")),
  );
}

/** The signed-in person's permissions, as the login answer and GET /api/me gave them. */
export function heldPermissions(): readonly Permission[] {
  return readAdmin()?.permissions ?? [];
}

/** The signed-in person as stored; a component using it draws again when it changes. */
export function useStoredAdmin(): AdminData | null {
  return useSyncExternalStore(subscribeToLogin, readAdmin, readAdmin);
}

const NOTHING: readonly Permission[] = [];

/** The signed-in person's permissions, drawn again when GET /api/me brings others. */
export function useHeldPermissions(): readonly Permission[] {
  return useStoredAdmin()?.permissions ?? NOTHING;
}

/**
 * Whether the signed-in person may do what `needed` names (null: anyone
 * signed in): the screens show a control only then; the server refuses the
 * call anyway (docs/decisions/permissions.md, docs/decisions/permissions-on-screen.md).
 */
export function useCan(needed: Needs | null | undefined): boolean {
  const held = useHeldPermissions();
  return needed == null || grants(held, needed);
}

/**
 * Asks GET /api/me for the person's permissions, groups and details now, so a
 * change of their groups shows without logging in again. A failure leaves the
 * stored person as it was (a 401 ends the login through the client's handler).
 */
export async function refreshStoredAdmin(): Promise<void> {
  const before = readAdmin();
  if (!before) return;
  const me = await api.get<AdminData>("me").catch(() => null);
  // Another person may have logged in meanwhile: theirs is stored already.
  if (me && readAdmin()?.user_id === me.user_id) updateStoredAdmin(me);
}
