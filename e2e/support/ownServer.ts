import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./freePort";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A server of a test file's own (as e2e/support/server.ts starts the shared
 * one), on its own embedded database, for tests that must put rows in the
 * database itself: `sql` stops the server, runs the statements the way the
 * server opens the store (support/runSql.mjs) and starts it again on the
 * same address, so the browser's session and page stay valid.
 */
export class OwnServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-own-"));
  private process: ChildProcess | undefined;
  private port = 0;

  constructor(private readonly env: Record<string, string> = {}) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const log = fs.openSync(path.join(this.dataDir, "server.log"), "a");
    this.process = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        TZ: "Asia/Kuala_Lumpur",
        ...this.env,
      },
      stdio: ["ignore", log, log],
    });
    const deadline = Date.now() + 170_000;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) break;
      const ok = await fetch(`${this.baseURL}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(
      `The server did not start:\n${fs.readFileSync(path.join(this.dataDir, "server.log"), "utf8").slice(-3000)}`,
    );
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  /** Runs SQL on the store with the server stopped, then starts it again. */
  async sql(statements: string): Promise<void> {
    await this.stop();
    const file = path.join(this.dataDir, `statements-${Date.now()}.sql`);
    fs.writeFileSync(file, statements);
    execFileSync(
      process.execPath,
      ["--import", "tsx", "e2e/support/runSql.mjs", this.dataDir, file],
      {
        cwd: root,
        env: { ...process.env, TZ: "Asia/Kuala_Lumpur" },
        stdio: "pipe",
      },
    );
    await this.start();
  }

  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
