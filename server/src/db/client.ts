import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { SERVER_ROOT } from "../serverRoot";
import { lockDataDir } from "./dataDirLock";
import * as schema from "./schema";

export type Db = PgliteDatabase<typeof schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

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

const migrationsFolder = path.join(SERVER_ROOT, "drizzle");

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
}

/** True when PGlite has no store in this folder yet (its first start creates one). */
export function isNewPgliteStore(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
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
    return {
      db,
      kind: "postgres",
      exclusive: (run) => withMigrationLock(pool, run),
      close: () => pool.end(),
    };
  }
  // Before PGlite touches the files: a second process on them destroys the store.
  const lock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  let client: PGlite | undefined;
  try {
    client = await createPglite(options.dataDir, options.durable ?? true, options.loadDataDir);
    await client.exec(`SET TIME ZONE '${options.timeZone.replace(/'/g, "")}'`);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db,
      kind: "pglite",
      exclusive: (run) => run(),
      close: async () => {
        await opened.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}

async function createPglite(
  folder: string | undefined,
  durable: boolean,
  loadDataDir: Blob | undefined,
): Promise<PGlite> {
  const extensions = { pg_trgm };
  // V8's baseline code only, before PGlite's 9 MB of WebAssembly is compiled: the
  // optimising tier cost 40-60 MB resident and was no faster here (docs/decisions/pglite-memory.md).
  v8.setFlagsFromString("--liftoff-only");
  const startParams = [...PGlite.defaultStartParams, ...memoryParams];
  if (!folder)
    return PGlite.create({ extensions, startParams, ...(loadDataDir && { loadDataDir }) });
  const dataDir = path.join(folder, "pglite");
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  fs.mkdirSync(dataDir, { recursive: true });
  if (!durable) return PGlite.create({ dataDir, extensions, startParams });
  const fsyncFs = new FsyncNodeFS(dataDir);
  const client = await PGlite.create({ fs: fsyncFs, extensions, startParams: durableStartParams });
  try {
    // initdb wrote the new cluster before fsync was on: put it on disk once.
    if (fresh) await fsyncTree(dataDir);
    await fsyncFs.proveCommitsReachDisk(client);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * PostgreSQL touches all of shared_buffers at start, and WebAssembly memory never
 * shrinks: PGlite's default 128 MB was resident from the first second. The host's
 * page cache holds the files anyway. docs/decisions/pglite-memory.md.
 */
const memoryParams = ["-c", "shared_buffers=32MB"];

/**
 * PGlite starts PostgreSQL with -F (fsync off). Without it, synchronous_commit
 * flushes the WAL at every commit and checkpoints sync the data files. The WAL is
 * synced by fsync(): Emscripten's fdatasync (PostgreSQL's default method) does
 * nothing at all. docs/decisions/durable-commits.md.
 */
const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  ...memoryParams,
  ...["-c", "fsync=on", "-c", "synchronous_commit=on", "-c", "full_page_writes=on"],
  ...["-c", "wal_sync_method=fsync"],
];

type PostgresModule = Parameters<NodeFS["init"]>[1];
interface NodeFsStream {
  nfd?: number;
}
/** The part of Emscripten's NODEFS this relies on (not in PGlite's types). */
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite's NodeFS keeps the database in host files, but Emscripten's NODEFS has no
 * fsync: PostgreSQL's fsync() answered success and synced nothing, so a commit
 * could be lost to a power cut. This adds the missing call: fsync(2) of the host file.
 */
class FsyncNodeFS extends NodeFS {
  private installed = false;
  private hostFsyncs = 0;

  override async init(pg: PGlite, emscriptenOptions: Partial<PostgresModule>) {
    const result = await super.init(pg, emscriptenOptions);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [...preRun, (mod: PostgresModule) => this.addFsync(mod)];
    return result;
  }

  private addFsync(mod: PostgresModule): void {
    const nodefs = (mod as unknown as { NODEFS?: EmscriptenNodeFs }).NODEFS;
    if (!nodefs?.stream_ops || typeof nodefs.tryFSOperation !== "function") return;
    nodefs.stream_ops.fsync = (stream) => {
      const fd = stream.nfd;
      if (fd === undefined) return 0;
      // A failure becomes the errno PostgreSQL sees, and it stops (data_sync_retry=off).
      nodefs.tryFSOperation(() => fs.fsyncSync(fd));
      this.hostFsyncs++;
      return 0;
    };
    this.installed = true;
  }

  /** Refuses to run undurable in silence if a PGlite upgrade changed its file layer. */
  async proveCommitsReachDisk(client: PGlite): Promise<void> {
    const before = this.hostFsyncs;
    // A transactional WAL message: its commit must be flushed, and changes no table.
    await client.query("select pg_logical_emit_message(true, 'store', 'durability check')");
    if (!this.installed || this.hostFsyncs === before) {
      throw new Error(
        "PGlite's file layer changed: a commit no longer reaches fsync on disk (see docs/decisions/durable-commits.md).",
      );
    }
  }
}

/** fsync of every file and folder under root (folders so new names survive too).
 * Many at once: the file system commits them together (1,000 files: 0.3 s, not 3 s). */
async function fsyncTree(root: string): Promise<void> {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = (folder: string) => {
    folders.push(folder);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(root);
  await inParallel(files, 16, fsyncPath);
  // Folders cannot be opened on Windows; their entries are synced with them there.
  await inParallel(folders, 16, (folder) => fsyncPath(folder).catch(() => undefined));
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.promises.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
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
