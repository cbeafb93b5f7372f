/**
 * The bare floor (bench/floor.ts: node:http + pg answering the same SQL with
 * the same bytes, no framework) as a child process of its own, so it gets a
 * core like the server does and not the event loop of the load generator.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/freePort.mjs";
import { type ServerProcess, track } from "./serverProcess";

const benchDir = import.meta.dirname;

/** Starts the floor on this database, or answers why there is none. */
export async function startFloorProcess(databaseUrl: string): Promise<ServerProcess | string> {
  const file = path.join(benchDir, "floor.ts");
  if (!fs.existsSync(file)) return "No floor: server/bench/floor.ts is not there.";
  const port = await freePort();
  // floor.ts exports startFloor({ databaseUrl, port, host }); it is started here and kept running.
  const script = `const m = await import(${JSON.stringify(`file://${file}`)});
    await m.startFloor({ databaseUrl: process.env.DATABASE_URL, port: Number(process.env.PORT), host: "127.0.0.1" });
    console.log("floor ready");`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      cwd: path.resolve(benchDir, ".."),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TZ: "Asia/Kuala_Lumpur",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const pid = child.pid;
  if (pid === undefined) return "No floor: it did not start.";
  track(child);
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const listen = (chunk: Buffer) => {
      output.push(chunk.toString("utf8"));
      if (output.join("").includes("floor ready")) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    child.kill("SIGKILL");
    return `No floor: bench/floor.ts did not start (${output.join("").trim().slice(0, 300)}).`;
  }
  return {
    pid,
    base: new URL(`http://127.0.0.1:${port}`),
    lines: output,
    memory: () => ({ rss: 0, peak: 0 }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
