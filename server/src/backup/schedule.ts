import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { BackupSchedule } from "../config";
import type { Database } from "../db/client";
import { backupRuns } from "../db/schema";
import type { JobHandler } from "../modules/jobs/runner";
import type { UploadStorage } from "../modules/uploads/storage";
import { createBackup } from "./backup";

/**
 * Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP; docs/decisions/backups.md):
 * an archive every so many hours, the newest BACKUP_KEEP kept, each run a log
 * line and a row in backup_runs, which the dashboard's bell reads (a failure
 * shows until the next success: modules/notifications/service.ts).
 */

/** The archives this schedule writes and deletes; nothing else in the folder is touched. */
const ARCHIVE_NAME = /^store-backup-\d{8}-\d{6}Z\.tar\.gz$/;

export function archiveName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `store-backup-${stamp}Z.tar.gz`;
}

export interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

export interface RunOutcome {
  ok: boolean;
  file?: string;
  error?: string;
  /** Older archives deleted to keep BACKUP_KEEP. */
  deleted: string[];
}

/** One scheduled run: the archive, the older ones pruned, the run recorded and logged. */
export async function runScheduledBackup(
  database: Database,
  schedule: BackupSchedule,
  storage: UploadStorage,
  log: BackupLog,
  now = new Date(),
  signingKey?: string,
): Promise<RunOutcome> {
  const file = path.join(schedule.dir, archiveName(now));
  let outcome: RunOutcome;
  try {
    fs.mkdirSync(schedule.dir, { recursive: true });
    const manifest = await createBackup(database, { file, storage, signingKey });
    const deleted = prune(schedule.dir, schedule.keep);
    const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
    log.info(
      `Scheduled backup written to ${file} (${rows} rows${deleted.length ? `; deleted ${deleted.length} older` : ""}).`,
    );
    outcome = { ok: true, file, deleted };
  } catch (error) {
    const message = (error as Error).message;
    log.error(`Scheduled backup to ${schedule.dir} failed: ${message}`);
    outcome = { ok: false, error: message, deleted: [] };
  }
  try {
    await database.db.insert(backupRuns).values({
      started_at: sql`${now.toISOString()}::timestamptz`,
      ok: outcome.ok,
      file: outcome.file ?? null,
      error: outcome.error ?? null,
    });
  } catch (error) {
    log.error(`The scheduled backup's result could not be recorded: ${(error as Error).message}`);
  }
  return outcome;
}

/** Deletes this schedule's archives past the newest `keep`; answers their names. */
function prune(dir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse();
  const old = archives.slice(keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

/** The scheduled backup's job kind (modules/index.ts, jobSchedules: every BACKUP_EVERY hours). */
export const BACKUP_JOB = "backup";

/**
 * The scheduled backup as a job (docs/decisions/jobs.md): one try per tick,
 * as the timer did before it, so a failure shows on /jobs and in the bell and
 * the next tick tries again.
 */
export function backupJob(
  database: Database,
  schedule: BackupSchedule,
  storage: UploadStorage,
  log: BackupLog,
  /** BACKUP_SIGNING_KEY: each archive's manifest signed with it (backup/signature.ts). */
  signingKey?: string,
): JobHandler {
  return async () => {
    const outcome = await runScheduledBackup(
      database,
      schedule,
      storage,
      log,
      new Date(),
      signingKey,
    );
    if (!outcome.ok) throw new Error(outcome.error ?? "The backup failed.");
    return { file: outcome.file, deleted: outcome.deleted };
  };
}
