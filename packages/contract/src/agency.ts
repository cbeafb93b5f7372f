import { z } from "zod";
import {
  email,
  nullableTimestamp,
  requiredText,
  status01,
  statusOut,
  timestamp,
} from "./primitives";

export const agencyStoreInput = z.object({
  store_username: requiredText("Store username", 50),
  store_name: requiredText("Store name", 100),
  owner: requiredText("Owner name", 100),
  store_email: email("Store e-mail"),
  owner_contact: requiredText("Store contact", 20),
  expired_at: z
    .string({ error: "Expiry date is required." })
    .min(1, "Expiry date is required.")
    .pipe(timestamp),
  store_status: status01.default(0),
});
export type AgencyStoreInput = z.input<typeof agencyStoreInput>;

export const agencyStore = z.object({
  store_id: z.number(),
  store_username: z.string(),
  store_name: z.string(),
  owner: z.string(),
  store_email: z.string(),
  owner_contact: z.string(),
  store_status: statusOut,
  created_at: timestamp,
  expired_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
});
export type AgencyStore = z.infer<typeof agencyStore>;
