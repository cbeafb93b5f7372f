import { z } from "zod";
import { PERMISSIONS, permission } from "./permissions";
import { nullableTimestamp, requiredText, timestamp } from "./primitives";
import { recordVersion } from "./versions";

/** GET /api/permissions: the fixed catalogue, each with its English label. */
export const permissionEntry = z.object({ code: permission, label: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** A permission group as written: its name and the permissions it grants, each once. */
export const permissionGroupInput = z.object({
  name: requiredText("Group name", 100),
  permissions: z
    .array(permission)
    .max(PERMISSIONS.length * 2)
    .default([])
    .transform((codes) => PERMISSIONS.filter((code) => codes.includes(code))),
});
export type PermissionGroupInput = z.input<typeof permissionGroupInput>;
export type PermissionGroupValues = z.output<typeof permissionGroupInput>;

export const permissionGroup = z.object({
  group_id: z.number(),
  name: z.string(),
  permissions: z.array(permission),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type PermissionGroup = z.infer<typeof permissionGroup>;
