import { z } from "zod";
import { say } from "./errors";
import {
  email,
  isRequired,
  nameText,
  nullableTimestamp,
  requiredText,
  status01,
  statusOut,
  text,
  timestamp,
} from "./primitives";
import { recordVersion } from "./versions";

/**
 * A wire timestamp that names a real moment: "2026-02-30 10:00:00" or
 * "2026-01-01 24:00:00" match the pattern but are refused.
 */
export function isRealTimestamp(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

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
    ),
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
