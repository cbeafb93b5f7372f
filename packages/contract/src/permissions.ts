import { z } from "zod";

/**
 * The areas a staff member's permissions are given by (issue 22): each has
 * `area:view` and `area:manage`, and `manage` implies `view`.
 */
export const PERMISSION_AREAS = [
  "catalog",
  "orders",
  "members",
  "wallets",
  "payouts",
  "content",
  "settings",
  "staff",
  "audit",
] as const;

export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** The fixed catalogue: every area's view and manage, the secret keys, and every CSV or workbook. */
export const PERMISSIONS = [
  ...PERMISSION_AREAS.flatMap((area) => [`${area}:view`, `${area}:manage`] as const),
  "secrets:manage",
  "export",
] as const;

export const permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permission>;
