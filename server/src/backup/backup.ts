import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type ArchiveMember, writeArchive } from "./archive";
import {
  appliedMigration,
  appVersion,
  BACKUP_FORMAT,
  MANIFEST_NAME,
  type Manifest,
  SEQUENCES_NAME,
  tableMember,
  uploadMember,
} from "./manifest";
import {
  dumpTable,
  moneySums,
  rowCounts,
  sequencePositions,
  storeTables,
  uploadFiles,
  writeMember,
} from "./snapshot";

export interface BackupOptions {
  /** The .tar.gz to write (replaced only once complete). */
  file: string;
  /** DATA_DIR/uploads: the uploaded images until they live in the database. */
  uploadsDir: string;
}

/**
 * One consistent archive of the store (docs/decisions/backups.md): every table
 * read in one repeatable-read, read-only transaction, so writes that go on
 * meanwhile are either wholly in it or wholly not; on the embedded store that
 * transaction holds PGlite's one connection, and other requests wait for it.
 */
export async function createBackup(database: Database, options: BackupOptions): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "store-backup-"));
  try {
    const members: ArchiveMember[] = [];
    const files: Manifest["files"] = {};
    const member = (name: string) => {
      const file = path.join(work, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      members.push({ name, file });
      return file;
    };
    const snapshot = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const tables = await storeTables(tx);
      const counts = await rowCounts(tx, tables);
      const money = await moneySums(tx);
      const migration = await appliedMigration(tx);
      for (const table of tables) {
        const name = tableMember(table);
        const { rows, ...digest } = await dumpTable(tx, table, member(name));
        if (rows !== counts[table])
          throw new Error(`${table}: ${rows} rows read, ${counts[table]} counted.`);
        files[name] = digest;
      }
      const sequences = JSON.stringify(await sequencePositions(tx));
      files[SEQUENCES_NAME] = writeMember(member(SEQUENCES_NAME), sequences);
      return { counts, money, migration };
    });
    // Files are added, never changed in place: a file that appears after the
    // snapshot is carried too, harmless; the names the rows hold are all there.
    for (const upload of uploadFiles(options.uploadsDir)) {
      const name = uploadMember(upload.name);
      files[name] = writeMember(member(name), fs.readFileSync(upload.file));
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app_version: appVersion(),
      migration: snapshot.migration,
      engine: database.kind,
      created_at: new Date().toISOString(),
      counts: snapshot.counts,
      money: snapshot.money,
      files,
    };
    const manifestFile = path.join(work, MANIFEST_NAME);
    fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    writeArchive(options.file, [{ name: MANIFEST_NAME, file: manifestFile }, ...members]);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
