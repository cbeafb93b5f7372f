/**
 * `npm start` runs the compiled server (docs/decisions/runtime-compiled-server.md): the
 * bundle esbuild makes is started with plain `node`, no TypeScript loader, on a
 * fresh embedded database, and must migrate, serve the web app's files and
 * answer the API. Built into a folder of its own inside server/, as
 * server/dist would be. The embedded database only: skipped on PostgreSQL.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/freePort.mjs";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";

const serverDir = path.resolve(import.meta.dirname, "..");
const skipped = Boolean(process.env.TEST_DATABASE_URL);
let outDir = "";
let scratch = "";
let child: ChildProcess | undefined;
let base = "";
let output = "";

describe.skipIf(skipped)("the compiled server (npm start)", () => {
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(serverDir, ".build-test-"));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "store-build-"));
    const build = spawnSync(process.execPath, ["scripts/build.mjs", outDir], {
      cwd: serverDir,
      encoding: "utf8",
    });
    expect(build.status, build.stderr).toBe(0);
    const webDist = path.join(scratch, "web");
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>web app</title>");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--enable-source-maps", path.join(outDir, "main.js")], {
      // Another folder than server/: paths must come from the bundle's place, not the cwd.
      cwd: scratch,
      env: {
        ...process.env,
        DATA_DIR: path.join(scratch, "data"),
        PORT: String(port),
        HOST: "127.0.0.1",
        SEED_DEMO: "0",
        WEB_DIST: webDist,
        DATABASE_URL: "",
        ADMIN_EMAIL: "",
        ADMIN_PASSWORD: "",
        NODE_OPTIONS: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    // A new embedded store is prepared first (initdb, migrations) in a child
    // process: beside the browser suite on two cores that has taken over a minute.
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      const answered = await fetch(`${base}/api/health`).catch(() => undefined);
      if (answered?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not answer: ${output}`);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("is one JavaScript file with its source map, loading no TypeScript", () => {
    const files = fs.readdirSync(outDir).sort();
    expect(files).toEqual(["main.js", "main.js.map"]);
    const code = fs.readFileSync(path.join(outDir, "main.js"), "utf8");
    expect(code).not.toMatch(/from ["'][^"']*\.ts["']|["']tsx["']/);
    expect(code).toContain("//# sourceMappingURL=main.js.map");
  });

  it("migrates the new database, logs in the first admin and serves the web app", async () => {
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD }),
    });
    expect(login.status, output).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const brands = await fetch(`${base}/api/brands`, { headers: { cookie } });
    expect(brands.status).toBe(200);
    expect(await brands.json()).toEqual([]);
    const page = await fetch(`${base}/products`);
    expect(await page.text()).toContain("<title>web app</title>");
  });
});
