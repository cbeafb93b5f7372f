import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { SERVER_ROOT } from "../serverRoot";
import { type DataDirLock, lockDataDir } from "./dataDirLock";
import * as schema from "./schema";

export type Db = PgliteDatabase<typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** The driver under a database: a pg.Pool, a PGlite, or none (a transaction). */
export const clientOf = (db: Tx): unknown => (db as { $client?: unknown }).$client;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs `run` while no other process starting on this database runs its own:
   * the base seed and the first administrator of servers that start at once
   * (PostgreSQL: the migrations' advisory lock; PGlite is one process anyway).
   */
  exclusive<T>(run: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The SQL migrations and their journal (meta/_journal.json). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, "drizzle");

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite in memory only: start from this copy of a data folder
   * (PGlite's dumpDataDir) instead of an empty cluster. The tests start each
   * store from one migrated copy (test/storeTemplate.ts).
   */
  loadDataDir?: Blob | undefined;
  /** PGlite on a folder: every commit is on disk before it is acknowledged (the
   * default). false only to measure what that costs (bench/durability.ts). */
  durable?: boolean | undefined;
  /** The store's time zone, which the process runs in too (config.applyTimeZone):
   * db/columns.ts reads timestamps as the session writes them, in this zone. */
  timeZone: string;
  /** Apply the migrations of this folder (default MIGRATIONS_FOLDER); false: none
   * (a backup reads a store as it is; a restore migrates in two steps, backup/restore.ts). */
  migrations?: string | false | undefined;
  /** DATA_DIR's lock, already taken by the caller (a restore empties the folder under it). */
  heldLock?: DataDirLock | undefined;
}

/**
 * The report statements' own connections beside each pool: their sessions
 * keep one generic plan per prepared statement (plan_cache_mode), where
 * PostgreSQL would plan every call afresh for its parameters; a report's
 * plan does not depend on them (docs/decisions/reports-rollups.md, "Prepared").
 */
const reportPools = new WeakMap<pg.Pool, pg.Pool>();
export function reportPoolOf(pool: pg.Pool): pg.Pool | undefined {
  return reportPools.get(pool);
}

/** True when PGlite has no store in this folder yet (its first start creates one). */
export function isNewPgliteStore(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

/**
 * No JIT: it compiles any plan the planner estimates dear, and a trigger's query
 * over transition tables (no statistics) is always estimated dear: compiling
 * cost 0.5-1.2 s per 1,000 members released, running it 10 ms (docs/BENCHMARKS.md,
 * "Commission period close"; docs/decisions/postgres-no-jit.md).
 */
const NO_JIT = "-c jit=off";

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c timezone=${options.timeZone} ${NO_JIT}`,
    });
    // An idle connection the server closes (restart, failover, drop) is already
    // dropped by the pool, which opens a new one on demand; unheard, its error
    // event would end the whole process.
    pool.on("error", () => {});
    const reports = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 5,
      options: `-c timezone=${options.timeZone} -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 ${NO_JIT}`,
    });
    reports.on("error", () => {});
    reportPools.set(pool, reports);
    // node-postgres and PGlite expose the same query builder; one type serves both.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: "postgres",
      exclusive: (run) => withMigrationLock(pool, run),
      close: async () => {
        await Promise.all([pool.end(), reports.end()]);
      },
    };
    if (options.migrations !== false) {
      await migrateDatabase(database, options.migrations ?? MIGRATIONS_FOLDER).catch(
        async (error: unknown) => {
          await pool.end();
          throw error;
        },
      );
    }
    return database;
  }
  // Before PGlite touches the files: a second process on them destroys the store.
  const lock =
    options.heldLock ?? (options.dataDir ? await lockDataDir(options.dataDir) : undefined);
  let client: PGlite | undefined;
  try {
    // PGlite's code is loaded only for a store on it (0.35 s of every start and test file on PostgreSQL).
    const { createPglite, drizzlePglite } = await import("./pglite");
    client = await createPglite(options.dataDir, options.durable ?? true, options.loadDataDir);
    await client.exec(`SET TIME ZONE '${options.timeZone.replace(/'/g, "")}'`);
    const db = drizzlePglite(client, { schema });
    const opened = client;
    const database: Database = {
      db,
      kind: "pglite",
      exclusive: (run) => run(),
      close: async () => {
        await opened.close();
        await lock?.release();
      },
    };
    if (options.migrations !== false)
      await migrateDatabase(database, options.migrations ?? MIGRATIONS_FOLDER);
    return database;
  } catch (error) {
    await client?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}

/** Applies the migrations of `folder` not yet applied (one at a time across PostgreSQL processes). */
export async function migrateDatabase(database: Database, folder: string): Promise<void> {
  if (database.kind === "pglite") {
    const { migratePglite } = await import("./pglite");
    await migratePglite(database.db, { migrationsFolder: folder });
    return;
  }
  const pool = clientOf(database.db) as pg.Pool;
  await withMigrationLock(pool, () =>
    migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }),
  );
}

/**
 * Several app processes may start at once against one server: migrate (and
 * seed, Database.exclusive) one at a time.
 */
async function withMigrationLock<T>(pool: pg.Pool, run: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    return await run();
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
  }
}
