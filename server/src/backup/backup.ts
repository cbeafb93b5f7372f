import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { type UploadStorage, uploadBytes } from "../modules/uploads/storage";
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
import { SIGNATURE_NAME, signManifest } from "./signature";
import {
  dumpTable,
  moneySums,
  rowCounts,
  sequencePositions,
  storeTables,
  writeMember,
} from "./snapshot";

/** The images whose bytes are not in their row (S3_*: in a bucket). */
async function bucketImages(tx: Tx): Promise<string[]> {
  const { rows } = await tx.execute<{ name: string }>(
    sql`select name from uploads where content is null order by name`,
  );
  return rows.map((row) => row.name);
}

export interface BackupOptions {
  /** The .tar.gz to write (replaced only once complete). */
  file: string;
  /** Where images' bytes live: in their rows (carried by the dump) or a bucket (read through this). */
  storage: UploadStorage;
  /** BACKUP_SIGNING_KEY: the manifest is signed with it (backup/signature.ts); unset, unsigned. */
  signingKey?: string | undefined;
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
      return { counts, money, migration, inBucket: await bucketImages(tx) };
    });
    // Images whose bytes are in a bucket: each one the snapshot's rows name.
    for (const key of snapshot.inBucket) {
      const object = await options.storage.get(key);
      if (!object) {
        throw new Error(
          options.storage.kind === "s3"
            ? `The image ${key} is in the uploads table but not in the bucket.`
            : `The image ${key} is kept in a bucket: run the backup with the server's S3_* settings.`,
        );
      }
      const name = uploadMember(key);
      files[name] = writeMember(member(name), await uploadBytes(object));
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
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(manifestFile, manifestBytes);
    const head: ArchiveMember[] = [{ name: MANIFEST_NAME, file: manifestFile }];
    if (options.signingKey) {
      const signatureFile = path.join(work, SIGNATURE_NAME);
      fs.writeFileSync(signatureFile, signManifest(manifestBytes, options.signingKey));
      head.push({ name: SIGNATURE_NAME, file: signatureFile });
    }
    writeArchive(options.file, [...head, ...members]);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
