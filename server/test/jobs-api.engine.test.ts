/**
 * The jobs as the store team sees them (docs/decisions/jobs.md): GET jobs,
 * a failed job retried and a queued one canceled over the API with their
 * audit rows and 409s, the schedules with their next and last tick, the
 * bell's notice of a kind failing again and again, and the queue's gauges.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { readMetricsAllow } from "../src/config";
import { auditLog, jobs } from "../src/db/schema";
import { jobSchedules } from "../src/modules/index";
import { enqueueJob } from "../src/modules/jobs/queue";
import { startJobRunner } from "../src/modules/jobs/runner";
import { scheduleLooker } from "../src/modules/jobs/schedules";
import { createTestContext, type TestContext, until } from "./helpers";
import { createStaff } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const jobOf = async (jobId: number) =>
  (await ctx.call("GET", `/api/jobs?job_id=${jobId}`)).json()[0];

describe("GET jobs, retry and cancel", () => {
  it("shows a failed job with its error; a retry runs it again to done, once, with its audit row", async () => {
    let failing = true;
    const runner = startJobRunner(
      ctx.db,
      {
        "test.flaky": async () => {
          if (failing) throw new Error("The bank's server did not answer.");
          return { sent: true };
        },
      },
      { pollMs: 20 },
    );
    ctx.app.jobs.wake = runner.wake;
    try {
      const { job_id } = await enqueueJob(ctx.db, { kind: "test.flaky", key: "k1", maxTries: 1 });
      runner.wake();
      const failed = await until(
        () => jobOf(job_id),
        (job) => job.status === "failed",
      );
      expect(failed).toMatchObject({
        kind: "test.flaky",
        key: "k1",
        tries: 1,
        max_tries: 1,
        last_error: "The bank's server did not answer.",
        progress: { done: 0, total: 0 },
      });
      expect(failed.finished_at).toEqual(expect.any(String));
      const listed = await ctx.call("GET", "/api/jobs?status=failed&kind=test.flaky");
      expect(listed.headers["x-total-count"]).toBe("1");

      failing = false;
      const retried = await ctx.call("POST", `/api/jobs/${job_id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: "queued", tries: 0, finished_at: null });
      const done = await until(
        () => jobOf(job_id),
        (job) => job.status === "done",
      );
      expect(done).toMatchObject({ tries: 1, last_error: null });

      // A second click, after the first: the job is no longer failed.
      const again = await ctx.call("POST", `/api/jobs/${job_id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: "job_not_failed",
        params: { status: "done" },
        message: "This job is done; only a failed job can be retried.",
      });
      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "Job"), eq(auditLog.entity_id, String(job_id))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: "update",
        label: "test.flaky · k1",
        before: { kind: "test.flaky", key: "k1", status: "failed", tries: 1 },
        after: { kind: "test.flaky", key: "k1", status: "queued", tries: 0 },
      });
    } finally {
      await runner.stop(50);
    }
  });

  it("cancels a queued job, which never runs; 409 for one not queued; 404 for none", async () => {
    const { job_id } = await enqueueJob(ctx.db, { kind: "test.waits", key: "c1" });
    const canceled = await ctx.call("POST", `/api/jobs/${job_id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: "canceled" });
    const runner = startJobRunner(ctx.db, { "test.waits": async () => "ran" }, { pollMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runner.stop(50);
    expect((await jobOf(job_id)).status).toBe("canceled");

    const twice = await ctx.call("POST", `/api/jobs/${job_id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "job_not_queued", params: { status: "canceled" } });
    expect((await ctx.call("POST", `/api/jobs/${job_id}/retry`)).statusCode).toBe(409);
    expect((await ctx.call("POST", "/api/jobs/987654321/cancel")).statusCode).toBe(404);
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.job_id, job_id));
    expect(job?.status).toBe("canceled");
  });

  it("lets jobs:view see and only jobs:manage retry or cancel; others see nothing", async () => {
    const { job_id } = await enqueueJob(ctx.db, { kind: "test.waits", key: "p1" });
    const viewer = await createStaff(ctx, ["jobs:view"]);
    expect((await viewer.call("GET", "/api/jobs")).statusCode).toBe(200);
    expect((await viewer.call("GET", "/api/jobSchedules")).statusCode).toBe(200);
    expect((await viewer.call("POST", `/api/jobs/${job_id}/cancel`)).statusCode).toBe(403);
    const clerk = await createStaff(ctx, ["orders:manage"]);
    expect((await clerk.call("GET", "/api/jobs")).statusCode).toBe(403);
    expect((await clerk.call("GET", "/api/jobSchedules")).statusCode).toBe(403);
    const manager = await createStaff(ctx, ["jobs:manage"]);
    expect((await manager.call("POST", `/api/jobs/${job_id}/cancel`)).statusCode).toBe(200);
  });

  it("answers the list as CSV and refuses an unknown filter", async () => {
    const csv = await ctx.call("GET", "/api/jobs?_format=csv&kind=test.waits");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n")[0]).toContain("kind");
    expect(csv.body).toContain("test.waits");
    expect((await ctx.call("GET", "/api/jobs?payload=1")).statusCode).toBe(400);
  });
});

describe("GET jobSchedules", () => {
  it("lists the store's schedules with their next tick, and the last tick's outcome once one ran", async () => {
    const before = (await ctx.call("GET", "/api/jobSchedules")).json();
    const sweep = before.find((row: { name: string }) => row.name === "uploads.sweep");
    expect(sweep).toMatchObject({
      cron: "0 * * * *",
      time_zone: "Asia/Kuala_Lumpur",
      last_run_at: null,
      last_status: null,
    });
    expect(sweep.next_run_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00$/);
    expect(before.map((row: { name: string }) => row.name)).toEqual([
      "uploads.sweep",
      "reconcile",
      "jobs.prune",
      "einvoice.daily",
    ]);

    // The sweep's tick of this hour, enqueued as a server's look just after it does, and run.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const look = scheduleLooker(ctx.db, jobSchedules(ctx.app.config), ctx.app.config.timeZone);
    expect(await look(new Date(hour + 5_000))).toBe(1);
    const runner = startJobRunner(
      ctx.db,
      { "uploads.sweep": async () => ({ removed: 0 }) },
      { pollMs: 20 },
    );
    try {
      const after = await until(
        async () => (await ctx.call("GET", "/api/jobSchedules")).json(),
        (rows) => rows[0].last_status === "done",
      );
      expect(after[0].last_run_at).toMatch(/:00:00$/);
    } finally {
      await runner.stop(50);
    }
  });

  it("holds the backups every BACKUP_EVERY hours on a server with BACKUP_DIR", () => {
    const backups = { dir: "/srv/backups", everyHours: 6, keep: 7 };
    const schedule = jobSchedules({ backups }).find((s) => s.kind === "backup");
    expect(schedule).toEqual({ kind: "backup", everyHours: 6, missed: "run", maxTries: 1 });
  });
});

describe("the bell and the gauges", () => {
  const failingNotice = async () =>
    (
      (await ctx.call("GET", "/api/notifications")).json() as { kind: string; count: number }[]
    ).find((notice) => notice.kind === "jobs_failing");

  it("tells jobs:manage holders when a kind of job failed twice within a day, and no one else", async () => {
    expect(await failingNotice()).toMatchObject({ count: 0, link: "/jobs?status=failed" });
    const runner = startJobRunner(
      ctx.db,
      {
        "test.broken": async () => {
          throw new Error("broken");
        },
      },
      { pollMs: 20 },
    );
    try {
      await enqueueJob(ctx.db, { kind: "test.broken", key: "b1", maxTries: 1 });
      runner.wake();
      await until(failingNotice, (notice) => notice?.count === 0);
      await until(
        async () => (await ctx.call("GET", "/api/jobs?status=failed&kind=test.broken")).json(),
        (rows) => rows.length === 1,
      );
      // One failure is not yet "again and again".
      expect((await failingNotice())?.count).toBe(0);
      await enqueueJob(ctx.db, { kind: "test.broken", key: "b2", maxTries: 1 });
      runner.wake();
      await until(failingNotice, (notice) => notice?.count === 1);
    } finally {
      await runner.stop(50);
    }
    const viewer = await createStaff(ctx, ["jobs:view"]);
    const theirs = (await viewer.call("GET", "/api/notifications")).json() as { kind: string }[];
    expect(theirs.map((notice) => notice.kind)).not.toContain("jobs_failing");
  });

  it("gives the queue's depth and its oldest due job's age to /metrics", async () => {
    await ctx.db.insert(jobs).values({
      kind: "test.old",
      key: "o1",
      run_at: sql`now() - interval '90 seconds'`,
    });
    const app = await buildApp({
      db: ctx.db,
      config: { ...ctx.app.config, metricsAllow: readMetricsAllow("127.0.0.1/32") },
    });
    try {
      const text = (await app.inject({ method: "GET", url: "/metrics" })).body;
      const value = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
      const queued = await ctx.db.$count(jobs, eq(jobs.status, "queued"));
      expect(value("store_jobs_queued")).toBe(queued);
      expect(value("store_jobs_oldest_queued_seconds")).toBeGreaterThanOrEqual(89);
      expect(text).toMatch(/^store_jobs_failed_total\{kind="test.broken"\} 2$/m);
    } finally {
      await app.close();
    }
  });
});
