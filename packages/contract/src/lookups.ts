import { z } from "zod";

export const gender = z.object({ gender_id: z.number(), gender: z.string() });
export const role = z.object({ role_id: z.number(), role: z.string() });
export const language = z.object({ language_id: z.number(), languages: z.string() });
export const currency = z.object({
  currency_id: z.number(),
  currency_code: z.string(),
  currency_symbol: z.string(),
});
export const orderStatusOption = z.object({
  order_status_id: z.number(),
  order_status_name: z.string(),
});
export type Gender = z.infer<typeof gender>;
export type Role = z.infer<typeof role>;
export type Language = z.infer<typeof language>;
export type Currency = z.infer<typeof currency>;
export type OrderStatusOption = z.infer<typeof orderStatusOption>;

export const ADMIN_ROLE = "Admin";
/** A back-office person whose permissions are those of their groups (permissions.ts). */
export const STAFF_ROLE = "Staff";
/** The roles that may log in to the back-office; Member and Agent may not. */
export const BACK_OFFICE_ROLES = [ADMIN_ROLE, STAFF_ROLE] as const;
export const ORDER_STATUS_COMPLETED = 6;
export const ORDER_STATUS_REFUND = 8;
