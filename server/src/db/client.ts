import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgliteDatabase<typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  timeZone: string;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c timezone=${options.timeZone}`,
    });
    // An idle connection the server closes (restart, failover, drop) is already
    // dropped by the pool, which opens a new one on demand; unheard, its error
    // event would end the whole process.
    pool.on("error", () => {});
    // node-postgres and PGlite expose the same query builder; one type serves both.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await withMigrationLock(pool, () =>
      migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    );
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await client.exec(`SET TIME ZONE '${options.timeZone.replace(/'/g, "")}'`);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}

/** Several app processes may start at once against one server: migrate one at a time. */
async function withMigrationLock(pool: pg.Pool, run: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await run();
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
  }
}
