/**
 * The durable queue across real processes (docs/decisions/jobs.md, issue 37):
 * a worker killed with SIGKILL in the middle of a job leaves it running under
 * its hold; a second worker takes it back once the hold has run out and runs
 * it again, and the job's key keeps its effect to one. Workers are
 * test/jobWorker.fixture.ts as child processes. On PGlite (one process per
 * data folder) they run one after the other on the same folder: the killed
 * one's folder is opened by the next, as after a crash. Both engines in the
 * long tier; `npm test` runs it on PostgreSQL (docs/decisions/test-tiers.md:
 * PGlite's worker processes cost a minute of both cores beside the browser suite).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { jobs } from "../src/db/schema";
import { enqueueJob } from "../src/modules/jobs/queue";
import { pgliteTemplate } from "./helpers";
import {
  killWorkers,
  signalWorker,
  spawnWorker,
  WORKER_TABLES,
  type WorkerOptions,
} from "./jobWorker.fixture";
import { createDatabase } from "./processes.fixtures";

const timeZone = "Asia/Kuala_Lumpur";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** What a worker is given to open the store. */
let store: Pick<WorkerOptions, "databaseUrl" | "dataDir">;
let dropStore = async () => {};
/** The test's own connection; on PGlite opened only while no worker runs. */
let held: Database | undefined;

async function withStore<T>(use: (database: Database) => Promise<T>): Promise<T> {
  if (held) return use(held);
  const database = await openDatabase({ ...store, timeZone });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (onPostgres) {
    const created = await createDatabase();
    store = { databaseUrl: created.url };
    held = await openDatabase({ databaseUrl: created.url, timeZone });
    dropStore = created.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-jobs-"));
    store = { dataDir };
    dropStore = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    // The run's migrated store (test/storeTemplate.ts) put in the folder: 5 s,
    // where creating and migrating a folder took 13.
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const client = await PGlite.create({
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: pgliteTemplate(),
      extensions: { pg_trgm },
    });
    await client.close();
  }
  await withStore(async ({ db }) => {
    for (const table of WORKER_TABLES) await db.execute(table);
  });
});
afterEach(killWorkers);
afterAll(async () => {
  await held?.close();
  await dropStore();
});

/**
 * The first worker's hold: the second may take the job back only after it. On
 * PostgreSQL the second is ready within it; on PGlite it can open the folder
 * only after the kill, and its start (PGlite's own) may outlast the hold.
 */
const HOLD_SECONDS = 3;

/**
 * Enqueues a `test.effect` job, lets a worker pause in it at `pause` and
 * kills it with SIGKILL, then runs a second worker until it has tried the job
 * and stops it (SIGTERM, the job finished within the grace). Answers the job,
 * its tries and effects as the store has them after.
 */
async function killedInTheMiddle(key: string, pause: "after-effect" | "before-effect") {
  const { job_id } = await withStore(({ db }) => enqueueJob(db, { kind: "test.effect", key }));
  const first = spawnWorker("first", { ...store, holdSeconds: HOLD_SECONDS, pause });
  await first.waitFor((event) => event.event === "pausing");
  expect(await signalWorker(first, "SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });

  const second = spawnWorker("second", { ...store, holdSeconds: HOLD_SECONDS });
  const effect = await second.waitFor((event) => event.event === "effect");
  expect(await signalWorker(second, "SIGTERM"), second.output()).toEqual({
    code: 0,
    signal: null,
  });
  return withStore(async ({ db }) => {
    const [job] = await db.select().from(jobs).where(eq(jobs.job_id, job_id));
    const attempts = (
      await db.execute<{ worker: string; try: number; after_hold: boolean | null }>(
        sql`select worker, try, at > (select held_until from job_attempts p
              where p.key = a.key and p.try = a.try - 1) as after_hold
            from job_attempts a where key = ${`test.effect/${key}`} order by at`,
      )
    ).rows;
    const effects = (
      await db.execute<{ worker: string }>(
        sql`select worker from job_effects where key = ${`test.effect/${key}`}`,
      )
    ).rows;
    return { job, attempts, effects, secondSaw: effect };
  });
}

describe("a job across processes: kill -9 in the middle, taken back after its hold", () => {
  it("killed after its effect committed, before the ack: tried twice, the effect once", async () => {
    const { job, attempts, effects, secondSaw } = await killedInTheMiddle("after", "after-effect");
    expect(job).toMatchObject({
      status: "done",
      tries: 2,
      locked_by: null,
      result: { applied: false },
    });
    // The second try began only when the first one's hold had run out.
    expect(attempts).toEqual([
      { worker: "first", try: 1, after_hold: null },
      { worker: "second", try: 2, after_hold: true },
    ]);
    // Done once, by the killed worker; the retry found it done (its key).
    expect(effects).toEqual([{ worker: "first" }]);
    expect(secondSaw.applied).toBe(false);
  }, 120_000);

  it("killed before its effect committed: the retry does the effect, exactly once", async () => {
    const { job, attempts, effects, secondSaw } = await killedInTheMiddle(
      "before",
      "before-effect",
    );
    expect(job).toMatchObject({
      status: "done",
      tries: 2,
      locked_by: null,
      result: { applied: true },
    });
    expect(attempts).toEqual([
      { worker: "first", try: 1, after_hold: null },
      { worker: "second", try: 2, after_hold: true },
    ]);
    expect(effects).toEqual([{ worker: "second" }]);
    expect(secondSaw.applied).toBe(true);
  }, 120_000);
});
