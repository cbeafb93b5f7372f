/**
 * The real server as a child process (`node --import tsx src/main.ts`, so the
 * child's pid is the server's own and its memory can be read from /proc), as
 * `npm start` runs it, on a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/freePort.mjs";

export interface ServerProcess {
  pid: number;
  base: URL;
  /** Every line it printed that is not a request log line (JSON). */
  lines: string[];
  /** Resident memory now (VmRSS) and at its peak (VmHWM), in bytes; 0 off Linux. */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const serverDir = path.resolve(import.meta.dirname, "..");

/** Every child still running, so an interrupted benchmark leaves none behind. */
const live = new Set<ChildProcess>();

export function track(child: ChildProcess): void {
  live.add(child);
  child.on("exit", () => live.delete(child));
}

export function killAll(): void {
  for (const child of live) child.kill("SIGKILL");
}

/**
 * Starts the server and answers once it listens. `env` is added to this
 * process's environment. A start that ends or prints nothing useful within
 * `timeoutSeconds` is an error, with what it printed.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutSeconds: number,
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("the server did not start");
  track(child);
  const lines: string[] = [];
  let ready = false;
  let onReady = () => {};
  const keep = (chunk: Buffer) => {
    // Request log lines are JSON; keep the plain ones (start-up, seed, notices).
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim() || line.startsWith("{")) continue;
      lines.push(line);
      if (line.includes("Store back-office at")) {
        ready = true;
        onReady();
      }
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`the server did not start in ${timeoutSeconds} s:\n${lines.join("\n")}`)),
      timeoutSeconds * 1000,
    );
    onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    void exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`the server exited (${code}):\n${lines.join("\n")}`));
    });
  });
  // The notices printed right after the ready line.
  await new Promise((resolve) => setTimeout(resolve, 500));

  return {
    pid,
    base: new URL(`http://127.0.0.1:${port}`),
    lines,
    memory: () => ({ rss: statusField(pid, "VmRSS"), peak: statusField(pid, "VmHWM") }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
