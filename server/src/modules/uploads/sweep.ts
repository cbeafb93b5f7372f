/**
 * The sweep (docs/decisions/uploads-in-database.md): an image no record
 * names, neither uploaded again nor named for 24 hours, is removed. An image
 * just uploaded for a form not yet saved is younger than that; a record that
 * stops naming an image restarts its 24 hours (migration 0020's triggers).
 * Backups carry the images' bytes, so a sweep never breaks a restore.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { namedByARecord } from "./references";
import type { UploadStorage } from "./storage";

/** How long an image no record names is kept. */
export const UNNAMED_KEPT_HOURS = 24;
/** The job that sweeps, every hour (modules/index.ts, jobSchedules): once across servers. */
export const UPLOAD_SWEEP_JOB = "uploads.sweep";

/**
 * Removes the images due and answers their names. The row goes in one
 * statement that checks again that no record names it; the bucket's object
 * (S3) is removed after.
 */
export async function sweepUploads(db: Db, storage: UploadStorage): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    delete from ${uploads} u
    where u.last_referenced_at < now() - make_interval(hours => ${UNNAMED_KEPT_HOURS})
      and not ${namedByARecord(sql`u.name`)}
    returning u.name`);
  const removed = result.rows.map((row) => row.name);
  if (storage.kind === "s3") for (const name of removed) await storage.remove(name);
  return removed;
}
