import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./freePort";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess | undefined;
let dataDir = "";

/**
 * The real server, as `npm start` runs it, on a fresh embedded database filled
 * with the demo store; the built web app must exist (the test command builds it).
 */
export async function setup(project: TestProject): Promise<void> {
  if (
    !fs.existsSync(path.join(process.env.WEB_DIST ?? path.join(root, "web/dist"), "index.html"))
  ) {
    throw new Error("web/dist is missing: run `npm run build` first (npm test does).");
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, "server.log"), "w");
  server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      TZ: "Asia/Kuala_Lumpur",
    },
    stdio: ["ignore", log, log],
  });
  // Seeding the demo store took 56 s of a 3-minute start on the shared 2-core
  // machine under load; 120 s failed the whole browser suite there.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const ok = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      project.provide("baseURL", baseURL);
      project.provide("dataDir", dataDir);
      return;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `The server did not start:\n${fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-3000)}`,
  );
}

export async function teardown(): Promise<void> {
  server?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  if (server && server.exitCode === null) server.kill("SIGKILL");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
