/**
 * The embedded store: PGlite started with its extensions, its memory and, on a
 * folder, commits that reach the disk. Loaded by db/client.ts only when the
 * store is on PGlite, so a server (or a test file) on PostgreSQL does not load it.
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";

export { drizzle as drizzlePglite } from "drizzle-orm/pglite";
export { migrate as migratePglite } from "drizzle-orm/pglite/migrator";

export async function createPglite(
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

/** The statements each store keeps prepared, oldest first; past the most, the oldest is closed. */
const preparedOn = new WeakMap<PGlite, Set<string>>();
const MOST_PREPARED = 200;

/**
 * Runs a statement prepared by name and planned once, generic, as the report
 * pool does on PostgreSQL (db/client.ts, reportPoolOf): PGlite's query()
 * parses and plans every statement afresh. One exchange: the setting holds
 * until its Sync (SET LOCAL, the exchange's own transaction), an error undoes
 * it. Waits, as query() does, for a transaction under way; the rows are
 * parsed as query() parses them.
 */
export async function queryPrepared<R>(
  client: PGlite,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<{ rows: R[] }> {
  const kept = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, kept);
  const { serialize } = protocol;
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const parts = [
        serialize.parse({ text: "set local plan_cache_mode = force_generic_plan" }),
        serialize.bind({}),
        serialize.execute({}),
      ];
      if (!kept.has(name)) {
        const oldest = kept.size >= MOST_PREPARED ? kept.values().next().value : undefined;
        if (oldest !== undefined) {
          kept.delete(oldest);
          parts.push(serialize.close({ type: "S", name: oldest }));
        }
        // A parse whose bind failed left the name taken: closing a name not taken does nothing.
        parts.push(serialize.close({ type: "S", name }), serialize.parse({ name, text }));
      }
      parts.push(
        serialize.bind({
          statement: name,
          values: values.map((v) => (v === null || v === undefined ? null : String(v))),
        }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      );
      const { messages } = await client.execProtocol(Buffer.concat(parts), { syncToFs: false });
      kept.add(name);
      // The setting's result, then the statement's.
      const result = parse.parseResults(messages, client.parsers)[1];
      return { rows: (result?.rows ?? []) as R[] };
    }),
  );
}
