/**
 * A job worker as a real process, for the tests of the queue across processes
 * (jobs-processes.engine.scaled.test.ts, jobs-schedules.test.ts). Run as
 * `node --import tsx test/jobWorker.fixture.ts` by `spawnWorker` below, it
 * opens the store named by DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) as
 * main.ts does, runs `startJobRunner` with the test kinds below, and prints
 * one JSON line per event on stdout for the test to wait on. SIGTERM stops
 * the runner with WORKER_GRACE_MS, closes the store and exits 0.
 *
 * The test kinds, each writing into tables the test creates (WORKER_TABLES):
 * - `test.effect`: counts its try in job_attempts (with the hold it was given),
 *   then does its one effect, a row in job_effects keyed by the job (insert …
 *   on conflict do nothing: a second try finds it there). WORKER_PAUSE
 *   `after-effect` waits, effect committed, until the process is killed;
 *   `before-effect` waits inside the effect's transaction, not committed.
 * - `test.tick`: a schedule's tick (WORKER_TICK_CRON): works WORKER_TICK_MS,
 *   then records its run in tick_runs, with no key, so a tick run twice shows.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, type Tx } from "../src/db/client";
import { type JobHandler, startJobRunner } from "../src/modules/jobs/runner";

/** The tables the worker's jobs write into; the test creates them. */
export const WORKER_TABLES = [
  sql`create table if not exists job_attempts (
    key text not null, worker text not null, try int not null,
    held_until timestamp, at timestamp not null default clock_timestamp()::timestamp)`,
  sql`create table if not exists job_effects (
    key text primary key, worker text not null,
    at timestamp not null default clock_timestamp()::timestamp)`,
  sql`create table if not exists tick_runs (
    key text not null, worker text not null,
    at timestamp not null default clock_timestamp()::timestamp)`,
];

export interface WorkerEvent {
  event: string;
  worker: string;
  pid: number;
  /** The worker's Date.now() when it printed the line. */
  at: number;
  key?: string;
  job_id?: number;
  tries?: number;
  applied?: boolean;
  message?: string;
}

export interface WorkerOptions {
  databaseUrl?: string;
  dataDir?: string;
  holdSeconds?: number;
  pollMs?: number;
  graceMs?: number;
  pause?: "after-effect" | "before-effect";
  tickCron?: string;
  tickMs?: number;
}

export interface Worker {
  name: string;
  child: ChildProcess;
  events: WorkerEvent[];
  /** Everything it printed that is not an event (stderr, warnings). */
  output: () => string;
  /** The first event from index `from` on that `match` accepts; fails when the worker exits first. */
  waitFor(
    match: (event: WorkerEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<WorkerEvent>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const serverDir = path.resolve(import.meta.dirname, "..");
const spawned: Worker[] = [];

/** Starts a worker process named `name` (recorded in its rows and lines). */
export function spawnWorker(name: string, options: WorkerOptions): Worker {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "jobWorker.fixture.ts")],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_OPTIONS: "",
        TZ: "Asia/Kuala_Lumpur",
        JOB_WORKER: name,
        DATABASE_URL: options.databaseUrl ?? "",
        DATA_DIR: options.dataDir ?? "",
        WORKER_HOLD_SECONDS: String(options.holdSeconds ?? 30),
        WORKER_POLL_MS: String(options.pollMs ?? 50),
        WORKER_GRACE_MS: String(options.graceMs ?? 10_000),
        WORKER_PAUSE: options.pause ?? "",
        WORKER_TICK_CRON: options.tickCron ?? "",
        WORKER_TICK_MS: String(options.tickMs ?? 0),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const events: WorkerEvent[] = [];
  let output = "";
  const waiters = new Set<() => void>();
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    try {
      events.push(JSON.parse(line) as WorkerEvent);
    } catch {
      output += `${line}\n`;
    }
    for (const check of waiters) check();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      for (const check of waiters) check();
    }),
  );
  const worker: Worker = {
    name,
    child,
    events,
    output: () => output,
    exited,
    waitFor: (match, { from = 0, timeoutMs = 60_000 } = {}) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`worker ${name}: not seen in ${timeoutMs} ms\n${describe()}`));
        }, timeoutMs);
        function check() {
          const found = events.slice(from).find(match);
          const gone = child.exitCode !== null || child.signalCode !== null;
          if (!found && !gone) return;
          waiters.delete(check);
          clearTimeout(timer);
          if (found) resolve(found);
          else reject(new Error(`worker ${name} exited first\n${describe()}`));
        }
        waiters.add(check);
        check();
      }),
  };
  const describe = () =>
    `${events
      .slice(-20)
      .map((event) => JSON.stringify(event))
      .join("\n")}\n${output}`;
  spawned.push(worker);
  return worker;
}

/** Sends `signal` and waits for the exit. */
export async function signalWorker(
  worker: Worker,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
  return worker.exited;
}

/** Kills every worker still running (after a test, failed or not). */
export async function killWorkers(): Promise<void> {
  for (const worker of spawned.splice(0)) await signalWorker(worker, "SIGKILL");
}

// ---- The worker process itself -------------------------------------------

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    });
  });
}

async function runWorker(name: string): Promise<void> {
  const env = process.env;
  const say = (event: Omit<WorkerEvent, "worker" | "pid" | "at">) =>
    process.stdout.write(
      `${JSON.stringify({ ...event, worker: name, pid: process.pid, at: Date.now() })}\n`,
    );
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || undefined,
    timeZone: env.TZ || "Asia/Kuala_Lumpur",
  });
  const pause = env.WORKER_PAUSE;
  // Killed while paused; long enough never to end in a test, and a timer keeps the process up.
  const PAUSE_MS = 600_000;
  const tickMs = Number(env.WORKER_TICK_MS);

  /** The job's one effect: a row keyed by the job, written once however often it is tried. */
  const applyEffect = async (db: Tx, key: string) => {
    const inserted = await db.execute<{ key: string }>(
      sql`insert into job_effects (key, worker) values (${key}, ${name})
        on conflict (key) do nothing returning key`,
    );
    return inserted.rows.length > 0;
  };

  const handlers: Record<string, JobHandler> = {
    "test.effect": async (db: Db, { job, signal }) => {
      const key = `${job.kind}/${job.key}`;
      await db.execute(
        sql`insert into job_attempts (key, worker, try, held_until)
          select ${key}, ${name}, ${job.tries}, lock_until from jobs where job_id = ${job.job_id}`,
      );
      say({ event: "started", key, job_id: job.job_id, tries: job.tries });
      if (pause === "before-effect") {
        await db.transaction(async (tx) => {
          await applyEffect(tx, key);
          say({ event: "pausing", key });
          await sleep(PAUSE_MS, signal);
        });
      }
      const applied = await applyEffect(db, key);
      say({ event: "effect", key, applied });
      if (pause === "after-effect") {
        say({ event: "pausing", key });
        await sleep(PAUSE_MS, signal);
      }
      return { applied };
    },
    "test.tick": async (db: Db, { job, signal }) => {
      say({ event: "started", key: job.key, job_id: job.job_id, tries: job.tries });
      await sleep(tickMs, signal);
      await db.execute(sql`insert into tick_runs (key, worker) values (${job.key}, ${name})`);
      say({ event: "ran", key: job.key, job_id: job.job_id });
    },
  };
  const runner = startJobRunner(database.db, handlers, {
    holdSeconds: Number(env.WORKER_HOLD_SECONDS),
    pollMs: Number(env.WORKER_POLL_MS),
    ...(env.WORKER_TICK_CRON
      ? {
          schedules: {
            list: [{ kind: "test.tick", cron: env.WORKER_TICK_CRON, missed: "skip" as const }],
            timeZone: env.TZ || "Asia/Kuala_Lumpur",
          },
        }
      : {}),
    log: {
      info: (message) => say({ event: "log", message }),
      error: (message) => say({ event: "error", message }),
    },
  });
  say({ event: "ready" });
  process.once("SIGTERM", () => {
    say({ event: "stopping" });
    runner
      .stop(Number(env.WORKER_GRACE_MS))
      .then(() => database.close())
      .then(
        () => {
          say({ event: "stopped" });
          process.exit(0);
        },
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}

const workerName = process.env.JOB_WORKER;
if (workerName) await runWorker(workerName);
