import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/freePort.mjs";
import { serverArgs } from "./serverCommand";
import { emptyStore } from "./stores";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The real server, as `npm start` runs it, on an embedded database in its own
 * folder: the suite's stores (support/globalSetup.ts) and a test file's own
 * store, for tests that must put rows in the database itself: `sql` stops the
 * server, runs the statements the way the server opens the store
 * (support/runSql.mjs) and starts it again on the same address, so the
 * browser's session and page stay valid.
 */
export class OwnServer {
  private process: ChildProcess | undefined;
  private port = 0;
  private copied = false;

  /**
   * `copyOf`: a prepared store's folder (support/seed.ts) copied at the first
   * start, instead of migrating a new one.
   */
  constructor(
    private readonly env: Record<string, string> = {},
    private dir?: string,
    private readonly copyOf?: () => string,
  ) {}

  /** A store of its own, a copy of the suite's empty store (migrated, only the admin). */
  static empty(): OwnServer {
    return new OwnServer({ SEED_DEMO: "0" }, undefined, emptyStore);
  }

  /** Made on first use: a test file is also loaded where no test of it runs. */
  get dataDir(): string {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-own-"));
    return this.dir;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.copy();
    if (!this.port) this.port = await freePort();
    const log = fs.openSync(path.join(this.dataDir, "server.log"), "a");
    this.process = spawn(process.execPath, serverArgs(), {
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
    fs.closeSync(log);
    const deadline = Date.now() + 170_000;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) break;
      const ok = await fetch(`${this.baseURL}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(
      `The server did not start:\n${fs.readFileSync(path.join(this.dataDir, "server.log"), "utf8").slice(-3000)}`,
    );
  }

  /** The prepared store copied in, once. */
  private copy(): void {
    if (this.copyOf && !this.copied) fs.cpSync(this.copyOf(), this.dataDir, { recursive: true });
    this.copied = true;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  /** Runs SQL on the store with the server stopped (or not started yet), then starts it. */
  async sql(statements: string): Promise<void> {
    await this.stop();
    this.copy();
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
