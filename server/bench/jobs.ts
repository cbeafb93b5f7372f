/**
 * The durable job queue's pickup (issue 37; docs/decisions/jobs.md), beside
 * its bare floor, on PGlite (a data folder, durable commits) and, given a
 * PostgreSQL server, on a throw-away database there. `npm run bench -- --only
 * jobs` (PGlite), `npm run bench -- --pg --only jobs` (both engines).
 *
 * Each engine, on the migrated store database:
 * - backlog: BENCH_JOBS (10,000) no-op jobs enqueued first, one per
 *   transaction through enqueueJob as a change does, then drained by the real
 *   startJobRunner; per job the time from one handler's start to the next
 *   (what each job costs the runner), and jobs drained per second;
 * - streamed: the same number enqueued one at a time at a steady rate (half
 *   the queue's backlog rate on that engine, or BENCH_JOBS_RATE a second), each
 *   committed then wake(), as a committed change does; per job the time from
 *   its commit to its handler's start, on performance.now() in this process
 *   (the table's timestamps keep whole seconds).
 * The floor does the same items by hand: an INSERT per item into a table of
 * two columns, and a loop of BEGIN; SELECT … ORDER BY id LIMIT 1 FOR UPDATE
 * SKIP LOCKED; DELETE; COMMIT, no runner.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { clientOf, type Database, openDatabase } from "../src/db/client";
import { enqueueJob } from "../src/modules/jobs/queue";
import { startJobRunner } from "../src/modules/jobs/runner";
import { type Figures, percentile } from "./measure";

const KIND = "bench_noop";

/** A row of run.ts's table: figures in the one-connection columns, the floor's beside them. */
export interface JobRow {
  name: string;
  total?: string;
  figures: { 1?: Figures };
  floor?: { 1?: Figures };
}

export interface JobBenchOptions {
  /** postgres://… of a server the benchmark may create a database on; none: PGlite only. */
  postgresUrl?: string | undefined;
  /** A temporary folder for PGlite's data folder. */
  workDir: string;
  timeZone: string;
}

const count = Number(process.env.BENCH_JOBS || 10_000);
const fixedRate = process.env.BENCH_JOBS_RATE ? Number(process.env.BENCH_JOBS_RATE) : undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A run's per-job times (ms) and its span, as the table's figures. */
function figures(times: number[], seconds: number): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    throughput: times.length / seconds,
  };
}

/** Times from each start to the next, in the order the items started. */
function gaps(starts: number[]): number[] {
  const sorted = [...starts].sort((a, b) => a - b);
  return sorted.slice(1).map((t, i) => t - (sorted[i] ?? t));
}

/** A loop's wake-up, kept when it comes while the loop is busy (as the runner's). */
function waker() {
  let woken = false;
  let resolve: (() => void) | undefined;
  return {
    wake() {
      woken = true;
      resolve?.();
    },
    async wait(ms: number) {
      if (woken) {
        woken = false;
        return;
      }
      await new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        resolve = () => {
          clearTimeout(timer);
          done();
        };
      });
      resolve = undefined;
      woken = false;
    },
  };
}

/** Calls `enqueue(i)` for every item at `rate` a second from now (behind, at once). */
async function paced(rate: number, enqueue: (i: number) => Promise<void>): Promise<void> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + (i * 1000) / rate;
    const ahead = due - performance.now();
    if (ahead > 1) await sleep(ahead);
    await enqueue(i);
  }
}

interface Run {
  /** Handler (or floor pickup) start, by item. */
  starts: number[];
  /** Commit of the item's enqueue, by item. */
  commits: number[];
  /** When the first item was enqueued (streamed) or the runner started (backlog). */
  from: number;
}

/** The store's own queue: enqueueJob in a transaction each, the real runner. */
async function queueRun(
  db: Database["db"],
  mode: "backlog" | "streamed",
  rate: number,
): Promise<Run> {
  const starts: number[] = [];
  const commits: number[] = [];
  let taken = 0;
  let allTaken = () => {};
  const finished = new Promise<void>((resolve) => {
    allTaken = resolve;
  });
  const enqueue = async (i: number) => {
    await db.transaction((tx) => enqueueJob(tx, { kind: KIND, key: `${mode}-${i}`, payload: i }));
    commits[i] = performance.now();
  };
  let from = performance.now();
  if (mode === "backlog") for (let i = 0; i < count; i++) await enqueue(i);
  const enqueued = performance.now();
  if (mode === "backlog")
    console.log(`    enqueued: ${(count / ((enqueued - from) / 1000)).toFixed(0)} a second`);
  from = performance.now();
  const runner = startJobRunner(db, {
    [KIND]: async (_db, { job }) => {
      starts[job.payload as number] = performance.now();
      if (++taken === count) allTaken();
      return null;
    },
  });
  try {
    if (mode === "streamed")
      await paced(rate, async (i) => {
        await enqueue(i);
        runner.wake();
      });
    await finished;
  } finally {
    await runner.stop(10_000);
  }
  const [left] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = ${KIND} and status <> 'done'`,
    )
  ).rows;
  if (left?.n) throw new Error(`${left.n} jobs not done after the run`);
  await db.execute(sql`delete from jobs where kind = ${KIND}`);
  return { starts, commits, from };
}

/** The floor's statements on one engine: an autocommit INSERT, and a take in one transaction. */
interface FloorSql {
  insert(item: number): Promise<void>;
  /** Takes the oldest item (calling `picked` while it is locked) and deletes it; false when none. */
  take(picked: (item: number) => void): Promise<boolean>;
  close(): Promise<void>;
}

const TAKE = "select id, item from bench_floor order by id limit 1 for update skip locked";

function pgliteFloor(client: PGlite): FloorSql {
  return {
    async insert(item) {
      await client.query("insert into bench_floor (item) values ($1)", [item]);
    },
    take: (picked) =>
      client.transaction(async (tx) => {
        const [row] = (await tx.query<{ id: number; item: number }>(TAKE)).rows;
        if (!row) return false;
        picked(row.item);
        await tx.query("delete from bench_floor where id = $1", [row.id]);
        return true;
      }),
    close: async () => {},
  };
}

/** Two connections, as two servers' would be: one inserts, one takes. */
async function postgresFloor(url: string): Promise<FloorSql> {
  const producer = new pg.Client({ connectionString: url });
  const consumer = new pg.Client({ connectionString: url });
  await producer.connect();
  await consumer.connect();
  return {
    async insert(item) {
      await producer.query("insert into bench_floor (item) values ($1)", [item]);
    },
    async take(picked) {
      await consumer.query("begin");
      try {
        const [row] = (await consumer.query<{ id: string; item: number }>(TAKE)).rows;
        if (row) {
          picked(row.item);
          await consumer.query("delete from bench_floor where id = $1", [row.id]);
        }
        await consumer.query("commit");
        return Boolean(row);
      } catch (error) {
        await consumer.query("rollback");
        throw error;
      }
    },
    async close() {
      await Promise.all([producer.end(), consumer.end()]);
    },
  };
}

/** The floor: the same items, inserted and taken by hand. */
async function floorRun(floor: FloorSql, mode: "backlog" | "streamed", rate: number): Promise<Run> {
  const starts: number[] = [];
  const commits: number[] = [];
  const insert = async (i: number) => {
    await floor.insert(i);
    commits[i] = performance.now();
  };
  let from = performance.now();
  if (mode === "backlog") for (let i = 0; i < count; i++) await insert(i);
  const inserted = performance.now();
  if (mode === "backlog")
    console.log(`    inserted: ${(count / ((inserted - from) / 1000)).toFixed(0)} a second`);
  from = performance.now();
  const wakeUp = waker();
  let taken = 0;
  const consumer = (async () => {
    while (taken < count) {
      const got = await floor.take((item) => {
        starts[item] = performance.now();
      });
      if (got) taken++;
      else await wakeUp.wait(2000);
    }
  })();
  if (mode === "streamed")
    await paced(rate, async (i) => {
      await insert(i);
      wakeUp.wake();
    });
  await consumer;
  return { starts, commits, from };
}

/** Backlog: start-to-start gaps and the drain rate. Streamed: commit-to-start latency and the end-to-end rate. */
function figuresOf(run: Run, mode: "backlog" | "streamed"): Figures {
  const last = Math.max(...run.starts);
  const seconds = (last - run.from) / 1000;
  if (mode === "backlog") return figures(gaps(run.starts), seconds);
  const latency = run.starts.map((start, i) => Math.max(0, start - (run.commits[i] ?? start)));
  return { ...figures(latency, seconds), throughput: count / seconds };
}

async function engineRows(
  engine: string,
  database: Database,
  floorOf: () => Promise<FloorSql>,
): Promise<JobRow[]> {
  const { db } = database;
  const rows: JobRow[] = [];
  const total = String(count);
  let floor: FloorSql | undefined;
  try {
    await db.execute(
      sql.raw("create table bench_floor (id bigserial primary key, item integer not null)"),
    );
    floor = await floorOf();
    const load = () => (os.loadavg()[0] ?? 0).toFixed(1);
    console.log(`\n${engine}: ${count.toLocaleString("en")} jobs, backlog (load ${load()})…`);
    const queueBacklog = figuresOf(await queueRun(db, "backlog", 0), "backlog");
    console.log(
      `    queue: ${queueBacklog.throughput.toFixed(0)} jobs/s, p50 ${queueBacklog.p50.toFixed(2)} / p99 ${queueBacklog.p99.toFixed(2)} ms a job`,
    );
    const floorBacklog = figuresOf(await floorRun(floor, "backlog", 0), "backlog");
    console.log(
      `    floor: ${floorBacklog.throughput.toFixed(0)} items/s, p50 ${floorBacklog.p50.toFixed(2)} / p99 ${floorBacklog.p99.toFixed(2)} ms an item`,
    );
    const rate = fixedRate ?? Math.max(1, Math.floor(queueBacklog.throughput / 20) * 10);
    console.log(`${engine}: ${count.toLocaleString("en")} jobs streamed at ${rate} a second…`);
    const queueStreamed = figuresOf(await queueRun(db, "streamed", rate), "streamed");
    console.log(
      `    queue: commit to start p50 ${queueStreamed.p50.toFixed(2)} / p99 ${queueStreamed.p99.toFixed(2)} ms, ${queueStreamed.throughput.toFixed(0)} jobs/s`,
    );
    const floorStreamed = figuresOf(await floorRun(floor, "streamed", rate), "streamed");
    console.log(
      `    floor: commit to start p50 ${floorStreamed.p50.toFixed(2)} / p99 ${floorStreamed.p99.toFixed(2)} ms, ${floorStreamed.throughput.toFixed(0)} items/s`,
    );
    console.log(`${engine}: done (load ${load()})`);
    const backlog = "queued first, then drained; ms from one start to the next";
    const streamed = `enqueued at ${rate}/s, wake() each; ms from commit to start`;
    rows.push(
      {
        name: `jobs: queue, ${backlog} (${engine})`,
        total,
        figures: { 1: queueBacklog },
        floor: { 1: floorBacklog },
      },
      { name: `jobs: floor, ${backlog} (${engine})`, total, figures: { 1: floorBacklog } },
      {
        name: `jobs: queue, ${streamed} (${engine})`,
        total,
        figures: { 1: queueStreamed },
        floor: { 1: floorStreamed },
      },
      { name: `jobs: floor, ${streamed} (${engine})`, total, figures: { 1: floorStreamed } },
    );
  } finally {
    await floor?.close();
    await database.close();
  }
  return rows;
}

/** The rows: PGlite, then PostgreSQL when a server is given. */
export async function benchJobs(options: JobBenchOptions): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  const dataDir = path.join(options.workDir, "jobs-pglite");
  try {
    const embedded = await openDatabase({ dataDir, timeZone: options.timeZone });
    rows.push(
      ...(await engineRows("PGlite", embedded, async () =>
        pgliteFloor(clientOf(embedded.db) as PGlite),
      )),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (options.postgresUrl) {
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: options.postgresUrl });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    const url = new URL(options.postgresUrl);
    url.pathname = "/bench_jobs";
    await admin("drop database if exists bench_jobs");
    await admin("create database bench_jobs");
    try {
      const server = await openDatabase({
        databaseUrl: url.toString(),
        timeZone: options.timeZone,
      });
      const [version] = (
        await server.db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)
      ).rows;
      const engine = `PostgreSQL ${version?.v.split(" ")[0] ?? ""}`.trim();
      rows.push(...(await engineRows(engine, server, () => postgresFloor(url.toString()))));
    } finally {
      await admin("drop database if exists bench_jobs with (force)");
    }
  }
  return rows;
}
