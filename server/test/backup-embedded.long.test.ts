/**
 * Backup and restore the way an operator runs them (backup/commands.ts), on
 * embedded stores in real folders: a backup of a store a running server holds
 * (through its local socket), restores into a new DATA_DIR, refusal of one that
 * holds a store and --force; and, with a PostgreSQL server, the move from the
 * embedded store to PostgreSQL and back. Long tier: each new folder is half a
 * minute of migrations on a busy machine.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../src/backup/backup";
import { backupCommand, restoreCommand } from "../src/backup/commands";
import { backupSocketPath, serveBackups } from "../src/backup/localSocket";
import { checkArchive } from "../src/backup/restore";
import { moneySums } from "../src/backup/snapshot";
import { readConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { seedBase } from "../src/db/seed/base";
import { seedDemoStore } from "../src/db/seed/demo";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { databaseStorage } from "../src/modules/uploads/storage";
import { SMALL_STORE } from "./backup.fixtures";
import { pgliteTemplate } from "./helpers";
import { adminQuery } from "./storeTemplate";

const server = process.env.TEST_DATABASE_URL;
const timeZone = "Asia/Kuala_Lumpur";
let work: string;
const databases: string[] = [];

/** BACKUP_SIGNING_KEY of the server and the commands alike: every archive signed and checked. */
const signingKey = "long-test-backup-signing-key-0123456789";
const config = (env: Record<string, string>) =>
  readConfig({ TZ: timeZone, BACKUP_SIGNING_KEY: signingKey, ...env });
const sample = sql`select orders_id, order_number, total_price::text, order_status, user_id
  from orders order by orders_id`;
const images = sql`select name, md5(content) as sum from uploads order by name`;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-long-"));
});
afterAll(async () => {
  for (const name of databases)
    await adminQuery(server ?? "", `drop database if exists ${name} with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(server)("the embedded store, in folders", { timeout: 600_000 }, () => {
  it("backs up a store a running server holds, and restores it into a new DATA_DIR", async () => {
    const dataDir = path.join(work, "running");
    const running = await openDatabase({ dataDir, timeZone });
    try {
      const storage = databaseStorage(running.db);
      await applyDerivedTriggers(running.db);
      await seedBase(running.db);
      await seedDemoStore(running.db, storage, SMALL_STORE);
      const answering = await serveBackups(running, storage, dataDir, () => {}, signingKey);
      try {
        // The folder is locked by this "server": the command asks it over the socket.
        const archive = path.join(work, "running.tar.gz");
        expect(await backupCommand(config({ DATA_DIR: dataDir }), archive)).toMatch(
          /written to .*running\.tar\.gz[\s\S]*manifest signed/,
        );
        // Without the token the socket answers nothing but a refusal.
        const refusal = await new Promise<string>((resolve) => {
          let text = "";
          const socket = net.connect({ path: backupSocketPath(dataDir) }, () =>
            socket.write("wrong\n"),
          );
          socket.on("data", (chunk) => {
            text += chunk.toString();
          });
          socket.on("close", () => resolve(text));
        });
        expect(JSON.parse(refusal)).toEqual({ ok: false, error: "The backup token is wrong." });

        const target = path.join(work, "restored");
        const restored = await restoreCommand(config({ DATA_DIR: target }), archive, false);
        expect(restored.clean).toBe(true);
        const { manifest } = await checkArchive(archive, { signingKey });
        expect(restored.result.counts).toEqual(manifest.counts);
        expect(manifest.counts.uploads).toBeGreaterThan(0);
        // A DATA_DIR that holds a store is refused, then replaced with --force.
        await expect(restoreCommand(config({ DATA_DIR: target }), archive, false)).rejects.toThrow(
          /holds a store.*--force/,
        );
        expect((await restoreCommand(config({ DATA_DIR: target }), archive, true)).clean).toBe(
          true,
        );
      } finally {
        await answering.close();
      }
    } finally {
      await running.close();
    }
  });
});

describe.skipIf(!server)(
  "moving from the embedded store to PostgreSQL and back",
  { timeout: 600_000 },
  () => {
    let source: Database;
    beforeAll(async () => {
      // On the PostgreSQL run there is no PGlite template: a new store, base seed and all.
      source = await openDatabase({ timeZone, loadDataDir: pgliteTemplate() });
      await applyDerivedTriggers(source.db);
      await seedBase(source.db);
      await seedDemoStore(source.db, databaseStorage(source.db), SMALL_STORE);
    }, 300_000);
    afterAll(() => source?.close());

    it("restores an embedded backup into PostgreSQL and that one's backup into a new DATA_DIR, all equal", async () => {
      const embedded = path.join(work, "embedded.tar.gz");
      const original = await createBackup(source, {
        file: embedded,
        storage: databaseStorage(source.db),
        signingKey,
      });
      expect(original.engine).toBe("pglite");

      const name = `move_${randomBytes(6).toString("hex")}`;
      await adminQuery(server ?? "", `create database ${name}`);
      databases.push(name);
      const url = new URL(server ?? "");
      url.pathname = `/${name}`;
      const onPostgres = config({
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(work, "pg-data"),
      });
      const intoPostgres = await restoreCommand(onPostgres, embedded, false);
      expect(intoPostgres.clean).toBe(true);
      expect(intoPostgres.result.counts).toEqual(original.counts);

      const fromPostgres = path.join(work, "postgres.tar.gz");
      await backupCommand(onPostgres, fromPostgres);
      const { manifest: second } = await checkArchive(fromPostgres, { signingKey });
      expect(second.engine).toBe("postgres");
      expect(second.counts).toEqual(original.counts);
      expect(second.money).toEqual(original.money);

      const back = path.join(work, "back");
      const intoEmbedded = await restoreCommand(config({ DATA_DIR: back }), fromPostgres, false);
      expect(intoEmbedded.clean).toBe(true);
      const reopened = await openDatabase({ dataDir: back, timeZone });
      try {
        expect(await moneySums(reopened.db)).toEqual(original.money);
        expect((await reopened.db.execute(sample)).rows).toEqual(
          (await source.db.execute(sample)).rows,
        );
        expect((await reopened.db.execute(images)).rows).toEqual(
          (await source.db.execute(images)).rows,
        );
      } finally {
        await reopened.close();
      }
    });
  },
);
