/**
 * A schedule across processes (docs/decisions/jobs.md, "Schedules"; issue 37):
 * two workers on one PostgreSQL database, each looking at a schedule that
 * ticks every second, run each tick once between them; one stopped (SIGTERM)
 * in the middle of a tick gives its job back, and the other runs it and every
 * tick after. Workers are test/jobWorker.fixture.ts as child processes; each
 * tick's run is a row in tick_runs with no key, so a tick run twice shows.
 * Then a burst of jobs drained by two workers at once: each taken by one.
 * PostgreSQL only: PGlite is one process per store. The long tier: its 20
 * ticks take half a minute of `npm test`'s twelve (docs/decisions/test-tiers.md).
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { until } from "./helpers";
import { killWorkers, signalWorker, spawnWorker, WORKER_TABLES } from "./jobWorker.fixture";
import { createDatabase } from "./processes.fixtures";

/** A tick's work: short enough that one worker alone looks at the schedule every second. */
const TICK_MS = 400;
/** The stopped worker's grace: shorter than a tick's work, so the tick is given back. */
const SHORT_GRACE_MS = 100;

const skipped = !process.env.TEST_DATABASE_URL;
let database: Database | undefined;
let databaseUrl = "";
let drop = async () => {};

beforeAll(async () => {
  if (skipped) return;
  const created = await createDatabase();
  databaseUrl = created.url;
  drop = created.drop;
  database = await openDatabase({ databaseUrl, timeZone: "Asia/Kuala_Lumpur" });
  for (const table of WORKER_TABLES) await database.db.execute(table);
});
afterEach(killWorkers);
afterAll(async () => {
  await database?.close();
  await drop();
});

const db = () => {
  if (!database) throw new Error("no database");
  return database.db;
};

const tickTime = (key: string) => Date.parse(key.replace(/^tick:/, ""));

async function tickRuns() {
  const { rows } = await db().execute<{ key: string; worker: string }>(
    sql`select key, worker from tick_runs order by key, at`,
  );
  return rows.map((run) => ({ ...run, time: tickTime(run.key) }));
}

describe.skipIf(skipped)("two workers on one PostgreSQL", () => {
  it("runs each tick once across two workers, and on the survivor when one stops in the middle of a tick", async () => {
    const options = {
      databaseUrl,
      tickCron: "* * * * * *",
      tickMs: TICK_MS,
      pollMs: 50,
      holdSeconds: 30,
    };
    const a = spawnWorker("a", { ...options, graceMs: SHORT_GRACE_MS });
    const b = spawnWorker("b", { ...options, graceMs: 10_000 });
    await Promise.all([a, b].map((worker) => worker.waitFor((event) => event.event === "ready")));
    const bothFrom = Date.now();

    // At least 20 ticks while both run.
    await until(
      tickRuns,
      (runs) => runs.filter((run) => run.time >= bothFrom).length >= 20,
      40_000,
    );
    // Stop a while it runs a tick: past its grace the job is given back.
    const taken = await a.waitFor((event) => event.event === "started", { from: a.events.length });
    expect(await signalWorker(a, "SIGTERM"), a.output()).toEqual({ code: 0, signal: null });
    const stoppingA = await a.waitFor((event) => event.event === "stopping");
    expect(a.events.map((event) => event.message).filter(Boolean)).toContain(
      `job ${taken.job_id} (test.tick) given back to the queue`,
    );
    expect(a.events.filter((event) => event.event === "ran" && event.key === taken.key)).toEqual(
      [],
    );

    // The survivor runs the given-back tick and the next ones.
    await until(
      tickRuns,
      (runs) =>
        runs.some((run) => run.key === taken.key) &&
        runs.filter((run) => run.time > stoppingA.at).length >= 5,
      15_000,
    );
    expect(await signalWorker(b, "SIGTERM"), b.output()).toEqual({ code: 0, signal: null });
    const stoppingB = await b.waitFor((event) => event.event === "stopping");

    const runs = await tickRuns();
    // Each tick once: no key twice, none missing from the first to the last.
    const keys = runs.map((run) => run.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const first = runs[0]?.time ?? 0;
    const last = runs.at(-1)?.time ?? 0;
    const missing: string[] = [];
    for (let time = first; time <= last; time += 1000)
      if (!runs.some((run) => run.time === time)) missing.push(new Date(time).toISOString());
    expect(missing).toEqual([]);

    // While both ran, both took ticks.
    const whileBoth = runs.filter((run) => run.time >= bothFrom && run.time < stoppingA.at);
    expect(whileBoth.length).toBeGreaterThanOrEqual(20);
    expect(whileBoth.filter((run) => run.worker === "a").length).toBeGreaterThanOrEqual(2);
    expect(whileBoth.filter((run) => run.worker === "b").length).toBeGreaterThanOrEqual(2);
    // After a stopped, b alone: the given-back tick and every later one.
    expect(runs.find((run) => run.key === taken.key)?.worker).toBe("b");
    const after = runs.filter((run) => run.time > stoppingA.at);
    expect(after.length).toBeGreaterThanOrEqual(5);
    expect(after.filter((run) => run.worker !== "b")).toEqual([]);

    // Every tick's job ran once to done; the given-back try is not counted. (A
    // tick that came as b stopped may be left queued for the next server.)
    const { rows: jobs } = await db().execute<{
      key: string;
      status: string;
      tries: number;
    }>(sql`select key, status, tries from jobs where kind = 'test.tick' order by key`);
    expect(jobs.map((job) => job.key)).toEqual(expect.arrayContaining(runs.map((run) => run.key)));
    const settled = jobs.filter((job) => tickTime(job.key) < stoppingB.at - 1000);
    expect(settled.filter((job) => job.status !== "done" || job.tries !== 1)).toEqual([]);
    expect(jobs.find((job) => job.key === taken.key)).toMatchObject({ status: "done", tries: 1 });
  }, 90_000);

  it("drains a burst of jobs on two workers, each job taken by one of them once (the claim locks its row)", async () => {
    const a = spawnWorker("a", { databaseUrl, pollMs: 50 });
    const b = spawnWorker("b", { databaseUrl, pollMs: 50 });
    await Promise.all([a, b].map((worker) => worker.waitFor((event) => event.event === "ready")));
    const BURST = 200;
    await db().execute(
      sql`insert into jobs (kind, key) select 'test.effect', 'burst-' || n from generate_series(1, ${BURST}) n`,
    );
    await until(
      async () =>
        (
          await db().execute<{ done: number }>(
            sql`select count(*)::int as done from jobs where key like 'burst-%' and status = 'done'`,
          )
        ).rows[0]?.done,
      (done) => done === BURST,
      30_000,
    );
    for (const worker of [a, b])
      expect(await signalWorker(worker, "SIGTERM"), worker.output()).toEqual({
        code: 0,
        signal: null,
      });

    const { rows: attempts } = await db().execute<{ worker: string; tried: number }>(
      sql`select worker, count(*)::int as tried from job_attempts where key like 'test.effect/burst-%'
        group by worker order by worker`,
    );
    const { rows: twice } = await db().execute<{ key: string }>(
      sql`select key from job_attempts where key like 'test.effect/burst-%' group by key having count(*) > 1
        union all select key from jobs where key like 'burst-%' and tries <> 1`,
    );
    expect(twice).toEqual([]);
    expect(attempts.reduce((sum, { tried }) => sum + tried, 0)).toBe(BURST);
    // Both took a share: the burst was raced for, not drained by one.
    expect(attempts.map(({ worker }) => worker)).toEqual(["a", "b"]);
  }, 60_000);
});
