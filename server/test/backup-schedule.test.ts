/**
 * Scheduled backups (backup/schedule.ts): the newest BACKUP_KEEP archives are
 * kept, each run is logged, and a failure shows in the bell of those who may
 * manage settings until the next success.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkArchive } from "../src/backup/restore";
import { type BackupLog, runScheduledBackup } from "../src/backup/schedule";
import { readBackupSchedule, readConfig } from "../src/config";
import type { Database } from "../src/db/client";
import { jobHandlers, jobSchedules } from "../src/modules/index";
import { startJobRunner } from "../src/modules/jobs/runner";
import { scheduleLooker } from "../src/modules/jobs/schedules";
import { createTestContext, type TestContext, until } from "./helpers";

/** BACKUP_SIGNING_KEY of the scheduled runs. */
const signingKey = "schedule-test-signing-key-0123456789abcdef";
let ctx: TestContext;
let database: Database;
const lines: string[] = [];
const log: BackupLog = {
  info: (message) => lines.push(`info ${message}`),
  error: (message) => lines.push(`error ${message}`),
};

beforeAll(async () => {
  ctx = await createTestContext();
  database = ctx.database;
});
afterAll(() => ctx?.close());

const failing = async () =>
  ((await ctx.call("GET", "/api/notifications")).json() as { kind: string; count: number }[]).find(
    (notice) => notice.kind === "backup_failed",
  )?.count;

describe("scheduled backups", () => {
  it("are off unless BACKUP_DIR is set, and refuse a wrong interval or count", () => {
    expect(readConfig({}).backups).toBeUndefined();
    expect(readBackupSchedule({ BACKUP_DIR: "/srv/backups" })).toEqual({
      dir: "/srv/backups",
      everyHours: 24,
      keep: 7,
    });
    expect(() => readBackupSchedule({ BACKUP_DIR: "/b", BACKUP_EVERY: "0" })).toThrow(
      /BACKUP_EVERY/,
    );
    expect(() => readBackupSchedule({ BACKUP_DIR: "/b", BACKUP_KEEP: "none" })).toThrow(
      /BACKUP_KEEP/,
    );
  });

  it("keep the newest BACKUP_KEEP archives and nothing else of the folder is touched", async () => {
    const dir = path.join(ctx.dataDir, "backups");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
    const schedule = { dir, everyHours: 1, keep: 2 };
    const uploads = ctx.app.uploadStorage;
    const start = Date.parse("2026-11-27T01:00:00Z");
    const outcomes = [];
    for (let hour = 0; hour < 3; hour++) {
      outcomes.push(
        await runScheduledBackup(
          database,
          schedule,
          uploads,
          log,
          new Date(start + hour * 3.6e6),
          signingKey,
        ),
      );
    }
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true]);
    expect(fs.readdirSync(dir).sort()).toEqual([
      "notes.txt",
      "store-backup-20261127-020000Z.tar.gz",
      "store-backup-20261127-030000Z.tar.gz",
    ]);
    expect(outcomes[2]?.deleted).toEqual(["store-backup-20261127-010000Z.tar.gz"]);
    // Each one a whole archive a restore accepts, signed with BACKUP_SIGNING_KEY.
    const { manifest, signature } = await checkArchive(
      path.join(dir, "store-backup-20261127-030000Z.tar.gz"),
      { signingKey },
    );
    expect(signature).toEqual({ signed: true });
    expect(manifest.counts.backup_runs).toBe(2);
    expect(lines.filter((line) => line.startsWith("info Scheduled backup written"))).toHaveLength(
      3,
    );
    expect(await failing()).toBe(0);
  });

  it("log a failure and show it in the bell until the next success", async () => {
    // A folder that cannot be made (its parent is a file): refused for root too.
    const blocked = path.join(ctx.dataDir, "blocked");
    fs.writeFileSync(blocked, "a file");
    const broken = { dir: path.join(blocked, "backups"), everyHours: 1, keep: 2 };
    const uploads = ctx.app.uploadStorage;
    const first = await runScheduledBackup(database, broken, uploads, log);
    expect(first.ok).toBe(false);
    expect(lines.at(-1)).toMatch(/^error Scheduled backup to .*blocked\/backups failed: /);
    expect(await failing()).toBe(1);
    await runScheduledBackup(database, broken, uploads, log);
    expect(await failing()).toBe(2);
    const fixed = { ...broken, dir: path.join(ctx.dataDir, "backups-fixed") };
    expect((await runScheduledBackup(database, fixed, uploads, log)).ok).toBe(true);
    expect(await failing()).toBe(0);
  });

  it("run on the job queue: the tick missed at start once, a failure a failed job retried from /jobs", async () => {
    const blocked = path.join(ctx.dataDir, "blocked-queue");
    fs.writeFileSync(blocked, "a file");
    const backups = { dir: path.join(blocked, "backups"), everyHours: 24, keep: 2 };
    const app = { ...ctx.app, config: { ...ctx.app.config, backups } };
    const runner = startJobRunner(ctx.db, jobHandlers(app, database), {
      pollMs: 20,
      schedules: { list: jobSchedules({ backups }), timeZone: "Asia/Kuala_Lumpur" },
    });
    ctx.app.jobs.wake = runner.wake;
    const backupJob = async () =>
      (await ctx.call("GET", "/api/jobs?kind=backup")).json() as {
        job_id: number;
        status: string;
        last_error: string | null;
        key: string;
      }[];
    try {
      const [failed] = await until(backupJob, (rows) => rows[0]?.status === "failed", 20_000);
      // Today's tick (midnight in the store's zone), its one try spent.
      expect(failed?.key).toMatch(/^tick:\d{4}-\d\d-\d\dT16:00:00\.000Z$/);
      expect(failed?.last_error).toMatch(/ENOTDIR|EEXIST/);
      fs.rmSync(blocked);
      const retried = await ctx.call("POST", `/api/jobs/${failed?.job_id}/retry`);
      expect(retried.statusCode).toBe(200);
      const [done] = await until(backupJob, (rows) => rows[0]?.status === "done", 20_000);
      expect(done?.job_id).toBe(failed?.job_id);
      expect(fs.readdirSync(backups.dir)).toHaveLength(1);
      // The same tick is not run again by another server's look.
      const again = await scheduleLooker(ctx.db, jobSchedules({ backups }), "Asia/Kuala_Lumpur")();
      expect(again).toBe(0);
    } finally {
      await runner.stop(100);
    }
  });
});
