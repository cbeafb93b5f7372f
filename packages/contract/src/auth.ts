import { z } from "zod";
import { text } from "./primitives";

export const SESSION_LIFETIME_MS = 36_000_000;
export const SESSION_CHECK_INTERVAL_MS = 60_000;

export const loginBody = z.object({
  email: text().trim().max(255).default(""),
  password: text().max(1024).default(""),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAdminBody = z.object({ currentPassword: text().max(1024).default("") });

/** The administrator as answered by login: the user record without the password. */
export const adminData = z.object({
  status: z.number(),
  user_id: z.number(),
  username: z.string(),
  email: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  contact: z.string(),
  DOB: z.string().nullable(),
  gender: z.string(),
  role: z.string(),
});
export type AdminData = z.infer<typeof adminData>;
