import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ReconcileReport } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { S3Settings } from "../config";
import {
  type Database,
  type Db,
  isNewPgliteStore,
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openDatabase,
} from "../db/client";
import { lockDataDir } from "../db/dataDirLock";
import { jobs } from "../db/schema";
import { reconcile } from "../modules/ledger/reconcile";
import {
  databaseStorage,
  listUploadKeys,
  openUploadStorage,
  uploadBytes,
} from "../modules/uploads/storage";
import { ArchiveError, unpackArchive } from "./archive";
import {
  appliedMigration,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  migrationsUpTo,
  SEQUENCES_NAME,
  tableMember,
  uploadMember,
} from "./manifest";
import { BACKUP_JOB } from "./schedule";
import {
  type ArchiveTrust,
  checkSignature,
  SIGNATURE_NAME,
  type SignatureCheck,
} from "./signature";
import { loadTable, moneySums, rowCounts, type SequencePosition, storeTables } from "./snapshot";

/** A backup or restore refused before anything was written; the message is for the operator. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestoreTarget {
  /** postgres://…: restore into this (empty) database; otherwise PGlite in dataDir. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: the embedded store's folder. */
  dataDir: string;
  timeZone: string;
  /** S3_*: the store keeps images' bytes in this bucket; unset, in their rows. */
  s3?: S3Settings | undefined;
  /** Replace a store that is there (its tables) instead of refusing. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Whether the manifest's signature was checked (backup/signature.ts); else what to tell the operator. */
  signature: SignatureCheck;
  counts: Record<string, number>;
  reconcile: ReconcileReport;
}

/**
 * Restores an archive of createBackup (docs/decisions/backups.md). First every
 * member is unpacked and checked against the manifest's sizes and sha-256s,
 * and the target is checked to be empty: a refusal writes nothing. Then the
 * schema is built up to the archive's migration, every table loaded in one
 * transaction with triggers off (the archive carries the running totals and
 * write counters they keep), the sequences set, the counts and money sums
 * compared with the manifest, the newer migrations applied, and reconcile run.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget & ArchiveTrust,
): Promise<RestoreResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "store-restore-"));
  try {
    const members = path.join(work, "archive");
    const { manifest, signature } = await verifiedArchive(archive, members, target);
    const schemaFolder = migrationsUpTo(manifest.migration, work);
    if (!schemaFolder) {
      throw new RestoreRefused(
        `The archive was made by a newer version (migration ${manifest.migration}, app ${manifest.app_version}): restore it with that version or a later one.`,
      );
    }
    const database = await openEmptyTarget(target, schemaFolder);
    try {
      const result = await loadArchive(database, members, manifest);
      await placeImages(database, members, manifest, target.s3);
      return { ...result, signature };
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores into a database that is open and at the archive's migration,
 * replacing every row it holds (no emptiness check: the caller made it for this).
 * The tests restore into a copy of their migrated template this way.
 */
export async function restoreIntoOpen(
  archive: string,
  database: Database,
  trust: ArchiveTrust,
): Promise<RestoreResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "store-restore-"));
  try {
    const members = path.join(work, "archive");
    const { manifest, signature } = await verifiedArchive(archive, members, trust);
    const at = await appliedMigration(database.db);
    if (at !== manifest.migration) {
      throw new RestoreRefused(
        `The database is at migration ${at}, the archive at ${manifest.migration}.`,
      );
    }
    const result = await loadArchive(database, members, manifest);
    await placeImages(database, members, manifest, undefined);
    return { ...result, signature };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The rows, the sequences, the checks against the manifest; then the newer migrations and reconcile. */
async function loadArchive(
  database: Database,
  members: string,
  manifest: Manifest,
): Promise<Omit<RestoreResult, "signature">> {
  const counts = await database.db.transaction(async (tx) => {
    // Triggers and foreign-key checks off: the rows are loaded as they were.
    await tx.execute(sql`set local session_replication_role = replica`);
    const tables = await storeTables(tx);
    const missing = tables.filter((table) => manifest.counts[table] === undefined);
    const extra = Object.keys(manifest.counts).filter((table) => !tables.includes(table));
    if (missing.length || extra.length) {
      throw new RestoreRefused(
        `The archive's tables do not match migration ${manifest.migration}: ${[...missing, ...extra].join(", ")}.`,
      );
    }
    // Rows the migrations themselves insert (lookup tables) come back from the archive.
    await tx.execute(
      sql`truncate ${sql.join(
        tables.map((table) => sql.identifier(table)),
        sql`, `,
      )}`,
    );
    for (const table of tables) await loadTable(tx, table, path.join(members, tableMember(table)));
    const sequences = JSON.parse(
      fs.readFileSync(path.join(members, SEQUENCES_NAME), "utf8"),
    ) as SequencePosition[];
    for (const sequence of sequences) {
      await tx.execute(
        sequence.last_value === null
          ? sql`select setval(${qualified(sequence.name)}::regclass, 1, false)`
          : sql`select setval(${qualified(sequence.name)}::regclass, ${sequence.last_value}::bigint, true)`,
      );
    }
    const loaded = await rowCounts(tx, tables);
    const wrong = tables.filter((table) => loaded[table] !== manifest.counts[table]);
    if (wrong.length)
      throw new Error(`Rows restored differ from the manifest: ${wrong.join(", ")}.`);
    const money = await moneySums(tx);
    const moneyWrong = Object.entries(manifest.money).filter(
      ([name, sum]) => money[name as keyof typeof money] !== sum,
    );
    if (moneyWrong.length) {
      throw new Error(
        `Money restored differs from the manifest: ${moneyWrong.map(([n]) => n).join(", ")}.`,
      );
    }
    return loaded;
  });
  await migrateDatabase(database, MIGRATIONS_FOLDER);
  await settleJobsCaughtRunning(database.db);
  // Statistics for the planner now, not at autovacuum's pace (the embedded store has
  // none): a report planned on no statistics reads a year's list in a filter.
  await database.db.execute(sql`analyze`);
  return { manifest, counts, reconcile: await reconcile(database.db) };
}

/**
 * The jobs the archive caught running belong to a process long gone. A
 * backup's is done (this archive is what it wrote); any other is failed with
 * a word, not run again blindly, so someone decides on /jobs to retry it.
 */
async function settleJobsCaughtRunning(db: Db): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.kind} = ${BACKUP_JOB} then 'done' else 'failed' end`,
      finished_at: sql`now()`,
      lock_until: null,
      locked_by: null,
      last_error: sql`case when ${jobs.kind} = ${BACKUP_JOB} then null
        else 'Running when the backup was taken: retry it if it is still wanted.' end`,
    })
    .where(eq(jobs.status, "running"));
}

/** Reads a whole archive and checks it as a restore would; answers its manifest and signature. */
export async function checkArchive(
  archive: string,
  trust: ArchiveTrust,
): Promise<{ manifest: Manifest; signature: SignatureCheck }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "store-check-"));
  try {
    return await verifiedArchive(archive, work, trust);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Unpacks into `folder`, checks the manifest's signature (backup/signature.ts),
 * then every member against the manifest.
 */
async function verifiedArchive(
  archive: string,
  folder: string,
  trust: ArchiveTrust,
): Promise<{ manifest: Manifest; signature: SignatureCheck }> {
  let unpacked: Awaited<ReturnType<typeof unpackArchive>>;
  try {
    unpacked = await unpackArchive(archive, folder);
  } catch (error) {
    if (error instanceof ArchiveError) throw new RestoreRefused(error.message);
    throw error;
  }
  if (!unpacked.has(MANIFEST_NAME))
    throw new RestoreRefused(`${archive} holds no ${MANIFEST_NAME}: not a store backup.`);
  // Before anything in the manifest is believed: a manifest rewritten to match a changed member.
  const manifestBytes = fs.readFileSync(path.join(folder, MANIFEST_NAME));
  const signature = checkSignature(
    manifestBytes,
    unpacked.has(SIGNATURE_NAME)
      ? fs.readFileSync(path.join(folder, SIGNATURE_NAME), "utf8")
      : undefined,
    trust,
  );
  if ("problem" in signature)
    throw new RestoreRefused(`${archive} was refused, nothing was restored: ${signature.problem}.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestBytes.toString("utf8")));
  } catch {
    throw new RestoreRefused(`${archive}: its ${MANIFEST_NAME} is not one this version reads.`);
  }
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.files)) {
    const found = unpacked.get(name);
    if (!found) problems.push(`${name} is missing`);
    else if (found.sha256 !== expected.sha256 || found.bytes !== expected.bytes)
      problems.push(`${name} does not match its checksum`);
  }
  for (const name of unpacked.keys()) {
    if (name !== MANIFEST_NAME && name !== SIGNATURE_NAME && !manifest.files[name])
      problems.push(`${name} is not in the manifest`);
  }
  for (const table of Object.keys(manifest.counts)) {
    if (!manifest.files[tableMember(table)]) problems.push(`${tableMember(table)} is missing`);
  }
  if (!manifest.files[SEQUENCES_NAME]) problems.push(`${SEQUENCES_NAME} is missing`);
  if (problems.length) {
    throw new RestoreRefused(
      `${archive} is damaged or was changed, nothing was restored: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ""}.`,
    );
  }
  return { manifest, signature };
}

/**
 * The target database, empty, with the archive's schema. Empty: on PostgreSQL
 * no table in the public schema and no migration record; embedded, no store in
 * DATA_DIR. `force` empties it first.
 */
async function openEmptyTarget(target: RestoreTarget, schemaFolder: string): Promise<Database> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables
          where schemaname = 'public' or (schemaname = 'drizzle' and tablename = '__drizzle_migrations')`,
      );
      const inUse = Number(rows[0]?.n ?? 0) > 0;
      if (inUse && !target.force) {
        throw new RestoreRefused(
          `The database ${redacted(target.databaseUrl)} is not empty: restore into an empty one, or add --force to replace what is there.`,
        );
      }
      if (inUse) {
        await client.query("drop schema if exists drizzle cascade");
        await client.query("drop schema if exists public cascade");
        await client.query("create schema public");
      }
    } finally {
      await client.end();
    }
    return openDatabase({
      databaseUrl: target.databaseUrl,
      timeZone: target.timeZone,
      migrations: schemaFolder,
    });
  }
  // Taken first: a running server on this folder makes the restore refuse, not race it.
  const lock = await lockDataDir(target.dataDir);
  try {
    const inUse = !isNewPgliteStore(target.dataDir);
    if (inUse && !target.force) {
      throw new RestoreRefused(
        `${target.dataDir} holds a store: restore into an empty DATA_DIR, or add --force to replace it.`,
      );
    }
    if (inUse) {
      fs.rmSync(path.join(target.dataDir, "pglite"), { recursive: true, force: true });
    }
    return await openDatabase({
      dataDir: target.dataDir,
      timeZone: target.timeZone,
      migrations: schemaFolder,
      heldLock: lock,
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Images' bytes where the target keeps them: an archive of a store with a
 * bucket carries them as uploads/<name> members (their rows have none); a
 * target with a bucket gets every image there, its row keeping none.
 */
async function placeImages(
  database: Database,
  members: string,
  manifest: Manifest,
  s3: S3Settings | undefined,
): Promise<void> {
  const db = database.db;
  const prefix = uploadMember("");
  for (const name of Object.keys(manifest.files)) {
    if (!name.startsWith(prefix)) continue;
    const key = name.slice(prefix.length);
    const bytes = fs.readFileSync(path.join(members, name));
    await db.execute(
      sql`update uploads set content = ${bytes} where name = ${key} and content is null`,
    );
  }
  if (!s3) return;
  const bucket = await openUploadStorage(db, { s3 });
  const inRows = databaseStorage(db);
  for await (const key of listUploadKeys(db)) {
    const object = await inRows.get(key);
    if (!object) continue;
    await bucket.put(key, await uploadBytes(object), object.contentType);
    await db.execute(sql`update uploads set content = null where name = ${key}`);
  }
}

const qualified = (name: string) => `public."${name.replace(/"/g, '""')}"`;

/** A connection string without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the database";
  }
}
