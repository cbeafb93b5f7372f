import { z } from "zod";

/**
 * Optimistic concurrency (docs/decisions/record-versions.md): every
 * record a screen changes answers its `version`, a counter the database raises
 * at every committed change, also as the `ETag` of GET one. PUT and DELETE take
 * it back as `If-Match: "<version>"`; a write made from an older version is
 * refused with 412 and this body. Without If-Match a write is last-wins, as
 * docs/REQUIREMENTS.md section 7's calls are.
 */
export const recordVersion = z.number().int().positive();

/** One field that differs between the version the caller was shown and now. */
export const versionChange = z.object({
  field: z.string(),
  /** Its value at the caller's version; null when the audit trail no longer holds that version. */
  was: z.unknown(),
  now: z.unknown(),
});
export type VersionChange = z.infer<typeof versionChange>;

export const versionConflict = z.object({
  message: z.string(),
  /** The current version: send it in If-Match to write over what is there now. */
  version: recordVersion,
  /** Who made the latest change and when (the audit trail), when it is known. */
  changed_by: z.string().nullable(),
  changed_at: z.string().nullable(),
  changes: z.array(versionChange),
});
export type VersionConflict = z.infer<typeof versionConflict>;

/** `"3"`, `W/"3"` or `3`: the version an If-Match header names; `*` or nothing: any. */
export function parseIfMatch(header: string | undefined): number | "any" | "invalid" {
  const value = header?.trim();
  if (!value || value === "*") return "any";
  const match = /^(?:W\/)?"?([1-9]\d{0,9})"?$/.exec(value);
  const version = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(version) && version <= 2_147_483_647 ? version : "invalid";
}

/** The header value for a version: a strong entity tag. */
export const versionTag = (version: number) => `"${version}"`;
