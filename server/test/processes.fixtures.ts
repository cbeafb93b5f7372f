/**
 * The built server (`npm start`'s bundle) run as real processes on a database
 * of the test PostgreSQL: for the tests of stopping and of several servers
 * on one database (docs/OPERATIONS.md).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { freePort } from "../../scripts/freePort.mjs";
import { ADMIN } from "./helpers";
import { adminQuery } from "./storeTemplate";

const serverDir = path.resolve(import.meta.dirname, "..");

/** Builds the bundle into a folder of its own inside server/ (its packages resolve from there). */
export function buildServer(): { main: string; remove: () => void } {
  const outDir = fs.mkdtempSync(path.join(serverDir, ".build-test-"));
  const build = spawnSync(process.execPath, ["scripts/build.mjs", outDir], {
    cwd: serverDir,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  return {
    main: path.join(outDir, "main.js"),
    remove: () => fs.rmSync(outDir, { recursive: true, force: true }),
  };
}

/**
 * A new database on the test PostgreSQL, and its drop: a copy of the migrated
 * template, or with `empty` a database with no table, which the servers migrate.
 */
export async function createDatabase({
  empty = false,
} = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = empty ? "" : inject("postgresTemplate");
  await adminQuery(server, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

/** Starts the bundle on `databaseUrl` and waits until /api/ready answers 200. */
export async function startServer(
  main: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: path.dirname(main),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "0",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      NODE_OPTIONS: "",
      NODE_ENV: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const answered = await fetch(`${base}/api/ready`).catch(() => undefined);
    if (answered?.ok) return { child, base, port, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server was not ready: ${output}`);
}

/** Stops a server process if it still runs, and waits for it. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** The administrator's session cookie from a login on `base`. */
export async function loginOn(base: string, credentials = ADMIN): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
