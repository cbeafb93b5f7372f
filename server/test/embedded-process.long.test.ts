/**
 * The embedded database (PGlite on DATA_DIR) belongs to one process: a second
 * server on the same folder refuses to start, the first keeps every write it
 * acknowledged, and a server killed with SIGKILL leaves no lock behind and loses
 * no acknowledged write. Real servers as child processes (`node --import tsx
 * src/main.ts`), talked to over HTTP. Irrelevant on PostgreSQL: skipped there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/freePort.mjs";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { DataDirInUseError, lockDataDir, PID_FILE_NAME } from "../src/db/dataDirLock";
import { brands } from "../src/db/schema";

const serverDir = path.resolve(import.meta.dirname, "..");
// Made in beforeAll: a skipped file (on PostgreSQL) runs no hook and must leave nothing.
let scratch = "";
let emptyWebDist = "";
let template = "";
const started: ChildProcess[] = [];
const skipped = Boolean(process.env.TEST_DATABASE_URL);

/** A data folder with the database created and migrated: creating one (initdb) is
 * the slowest part of a start and is done once, in beforeAll. */
function dataFolderFromTemplate(name: string): string {
  const folder = path.join(scratch, name);
  fs.cpSync(template, folder, { recursive: true });
  return folder;
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function spawnServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "0",
    WEB_DIST: emptyWebDist,
    DATABASE_URL: "",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    NODE_ENV: "test",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves when /api/health answers; fails if the server exits first. */
async function startServer(dataDir: string): Promise<Server> {
  const server = await spawnServer(dataDir);
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}): ${server.output()}`);
    const answered = await fetch(`${server.base}/api/health`).catch(() => undefined);
    if (answered?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health: ${server.output()}`);
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

async function login(server: Server): Promise<string> {
  const response = await fetch(`${server.base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const sid = response.headers.getSetCookie().find((cookie) => cookie.startsWith("sid="));
  if (!sid) throw new Error("no session cookie");
  return sid.split(";")[0] ?? "";
}

/** Creates brands one by one; returns the names the server acknowledged (2xx). */
async function createBrands(server: Server, cookie: string, prefix: string, count: number) {
  const acknowledged: string[] = [];
  for (let i = 0; i < count; i++) {
    const brand_name = `${prefix} ${i}`;
    const response = await fetch(`${server.base}/api/brands`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: server.base },
      body: JSON.stringify({ brand_name }),
    });
    expect(response.status).toBeLessThan(300);
    acknowledged.push(brand_name);
  }
  return acknowledged;
}

async function listBrands(server: Server, cookie: string) {
  const response = await fetch(`${server.base}/api/brands?_limit=1000`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { brand_id: number; brand_name: string }[];
}

async function expectAllKept(server: Server, acknowledged: string[]) {
  const brands = await listBrands(server, await login(server));
  const names = brands.map((brand) => brand.brand_name);
  expect(names).toEqual(expect.arrayContaining(acknowledged));
  // Unique ids: two writers on one folder hand out the same ones.
  expect(new Set(brands.map((brand) => brand.brand_id)).size).toBe(brands.length);
}

beforeAll(async () => {
  if (skipped) return;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "store-embedded-"));
  emptyWebDist = path.join(scratch, "no-web");
  fs.mkdirSync(emptyWebDist);
  template = path.join(scratch, "template");
  const database = await openDatabase({ dataDir: template, timeZone: "Asia/Kuala_Lumpur" });
  await database.close();
}, 60_000);

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
});

describe.skipIf(skipped)("embedded database: one process per DATA_DIR", () => {
  it("refuses a second server on the same DATA_DIR at once, naming the pid; the first keeps every acknowledged write", async () => {
    const dataDir = dataFolderFromTemplate("two-processes");
    const first = await startServer(dataDir);
    const cookie = await login(first);
    const acknowledged = await createBrands(first, cookie, "Before", 8);

    const startedAt = Date.now();
    const second = await spawnServer(dataDir);
    const stillRunning = new Promise<"still running">((resolve) =>
      setTimeout(() => resolve("still running"), 15_000),
    );
    const code = await Promise.race([second.exited, stillRunning]);
    expect(code, `the second server did not refuse: ${second.output()}`).not.toBe("still running");
    expect(code).not.toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const message = second.output().trim();
    expect(message).toContain("is in use by another process");
    expect(message).toContain(`pid ${first.child.pid}`);
    expect(message).toContain(fs.realpathSync(dataDir));
    expect(message.split("\n")).toHaveLength(1);

    // The first server still answers and writes as before.
    acknowledged.push(...(await createBrands(first, cookie, "After", 8)));
    await expectAllKept(first, acknowledged);
    expect(await stopServer(first, "SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(dataDir, PID_FILE_NAME))).toBe(false);

    const restarted = await startServer(dataDir);
    await expectAllKept(restarted, acknowledged);
    await stopServer(restarted, "SIGTERM");
  }, 60_000);

  it("starts again after kill -9 (no stale lock) with every acknowledged write", async () => {
    const dataDir = dataFolderFromTemplate("kill-9");
    const first = await startServer(dataDir);
    const acknowledged = await createBrands(first, await login(first), "Acknowledged", 20);
    await stopServer(first, "SIGKILL");
    // The killed process's pid file is still there; it must not block.
    expect(fs.existsSync(path.join(dataDir, PID_FILE_NAME))).toBe(true);

    const restarted = await startServer(dataDir);
    await expectAllKept(restarted, acknowledged);
    expect(await stopServer(restarted, "SIGTERM")).toBe(0);
  }, 60_000);

  it("a commit reaches fsync(2) on the host before it is acknowledged (durable by default)", async () => {
    const fsync = vi.spyOn(fs, "fsyncSync");
    try {
      for (const durable of [undefined, false]) {
        const dataDir = dataFolderFromTemplate(`fsync-${durable ?? "default"}`);
        const database = await openDatabase({ dataDir, durable, timeZone: "Asia/Kuala_Lumpur" });
        const settings = await database.db.execute(sql`select current_setting('fsync') as fsync`);
        fsync.mockClear();
        await database.db.transaction(async (tx) => {
          await tx.insert(brands).values({ brand_name: "Durable?", brand_status: 1 });
        });
        const synced = fsync.mock.calls.length;
        await database.close();
        if (durable === undefined) {
          expect(settings.rows[0]).toEqual({ fsync: "on" });
          expect(synced).toBeGreaterThan(0);
        } else {
          expect(synced).toBe(0);
        }
      }
    } finally {
      fsync.mockRestore();
    }
  }, 60_000);

  it("the pid-file fallback (not Linux) refuses a live holder and takes over a dead one's file", async () => {
    const dataDir = path.join(scratch, "pid-file");
    fs.mkdirSync(dataDir);
    const pidFile = path.join(dataDir, PID_FILE_NAME);
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    started.push(holder);
    fs.writeFileSync(pidFile, `${holder.pid}\n`);
    const refused = await lockDataDir(dataDir, "pidfile").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as DataDirInUseError).holderPid).toBe(holder.pid);

    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    const lock = await lockDataDir(dataDir, "pidfile");
    expect(fs.readFileSync(pidFile, "utf8").trim()).toBe(String(process.pid));
    await lock.release();
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
