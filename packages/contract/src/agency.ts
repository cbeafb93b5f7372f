import { z } from "zod";
import { say } from "./errors";
import {
  email,
  isRealTimestamp,
  isRequired,
  nameText,
  nullableTimestamp,
  requiredText,
  status01,
  statusOut,
  TIMESTAMP_DOC,
  text,
  timestamp,
} from "./primitives";
import { recordVersion } from "./versions";

export const agencyStoreInput = z.object({
  store_username: nameText("Store username", 50),
  store_name: nameText("Store name", 100),
  owner: nameText("Owner name", 100),
  store_email: email("Store e-mail"),
  owner_contact: requiredText("Store contact", 20),
  expired_at: text({ error: isRequired("Expiry date") })
    .trim()
    .min(1, isRequired("Expiry date"))
    .pipe(timestamp)
    .refine(
      isRealTimestamp,
      say(
        "not_real_date_time",
        { field: "Expiry date" },
        "Expiry date must be a real date and time.",
      ),
    )
    .meta(TIMESTAMP_DOC),
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
  version: recordVersion,
});
export type AgencyStore = z.infer<typeof agencyStore>;
