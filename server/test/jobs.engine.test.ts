import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, users } from "../src/db/schema";
import { jobHandlers } from "../src/modules/index";
import { enqueueJob, RETRY_FIRST_SECONDS } from "../src/modules/jobs/queue";
import { type JobHandler, type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { scheduleLooker } from "../src/modules/jobs/schedules";
import { RECONCILE_PART } from "../src/modules/ledger/reconcileRun";
import { createTestContext, type TestContext, until } from "./helpers";
import { insertOrders } from "./orders.fixtures";

let ctx: TestContext;
let keys = 0;
const key = () => `test-${++keys}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const jobNamed = async (jobId: number) => {
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.job_id, jobId));
  if (!job) throw new Error(`job ${jobId} is gone`);
  return job;
};

async function withRunner<T>(
  handlers: Record<string, JobHandler>,
  use: (runner: JobRunner) => Promise<T>,
): Promise<T> {
  const runner = startJobRunner(ctx.db, handlers, { pollMs: 20, holdSeconds: 30 });
  try {
    return await use(runner);
  } finally {
    await runner.stop(50);
  }
}

describe("durable jobs (docs/decisions/jobs.md)", () => {
  it("is enqueued with the change that causes it: rolled back, no job; its kind and key name one job", async () => {
    const rolledBack = key();
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: "test.noop", key: rolledBack });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    expect(await ctx.db.select().from(jobs).where(eq(jobs.key, rolledBack))).toEqual([]);

    const kept = key();
    const first = await ctx.db.transaction((tx) =>
      enqueueJob(tx, { kind: "test.noop", key: kept }),
    );
    const again = await enqueueJob(ctx.db, { kind: "test.noop", key: kept, payload: { other: 1 } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ job_id: first.job_id, created: false });
    expect((await jobNamed(first.job_id)).status).toBe("queued");
  });

  it("runs a due job to done with its result and progress", async () => {
    const { job_id } = await enqueueJob(ctx.db, {
      kind: "test.count",
      key: key(),
      payload: { n: 3 },
    });
    const done = await withRunner(
      {
        "test.count": async (_db, { job, progress }) => {
          const n = (job.payload as { n: number }).n;
          for (let i = 1; i <= n; i++) await progress(i, n);
          return { counted: n };
        },
      },
      () =>
        until(
          () => jobNamed(job_id),
          (job) => job.status === "done",
        ),
    );
    expect(done).toMatchObject({
      status: "done",
      tries: 1,
      result: { counted: 3 },
      progress_done: 3,
      progress_total: 3,
      locked_by: null,
      last_error: null,
    });
  });

  it("retries a failed try after its backoff, and fails it with the last error when its tries are spent", async () => {
    const { job_id } = await enqueueJob(ctx.db, { kind: "test.fail", key: key(), maxTries: 2 });
    const failing = { "test.fail": async () => Promise.reject(new Error("the bank said no")) };
    const waiting = await withRunner(failing, () =>
      until(
        () => jobNamed(job_id),
        (job) => job.tries === 1 && job.status === "queued",
      ),
    );
    expect(waiting.last_error).toBe("the bank said no");
    const [{ wait }] = (
      await ctx.db.execute<{ wait: number }>(
        sql`select extract(epoch from run_at - now())::float as wait from jobs where job_id = ${job_id}`,
      )
    ).rows as [{ wait: number }];
    expect(wait).toBeGreaterThan(RETRY_FIRST_SECONDS - 2);
    expect(wait).toBeLessThanOrEqual(RETRY_FIRST_SECONDS + 1);
    // Its backoff over (moved to now), the second try is its last.
    await ctx.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.job_id, job_id));
    const failed = await withRunner(failing, () =>
      until(
        () => jobNamed(job_id),
        (job) => job.status === "failed",
      ),
    );
    expect(failed).toMatchObject({ tries: 2, last_error: "the bank said no" });
    expect(failed.finished_at).not.toBeNull();
  });

  it("takes back a job whose server stopped answering, and gives back its own when stopping past the grace", async () => {
    const stuck = await enqueueJob(ctx.db, { kind: "test.slow", key: key() });
    // Taken by a server that died: running, its hold run out.
    await ctx.db
      .update(jobs)
      .set({
        status: "running",
        tries: 1,
        locked_by: "gone:1",
        lock_until: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.job_id, stuck.job_id));
    let started = 0;
    const slow = {
      "test.slow": async (_db: unknown, { signal }: { signal: AbortSignal }) => {
        started += 1;
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
      },
    };
    const runner = startJobRunner(ctx.db, slow, { pollMs: 20, holdSeconds: 30 });
    const running = await until(
      () => jobNamed(stuck.job_id),
      (job) => job.status === "running" && job.locked_by !== "gone:1",
    );
    expect(running.tries).toBe(2);
    expect(running.last_error).toMatch(/Taken back/);
    await runner.stop(100);
    const released = await jobNamed(stuck.job_id);
    expect(released).toMatchObject({ status: "queued", tries: 1, locked_by: null });
    expect(started).toBe(1);
  });

  it("leaves no job running when stopped in the middle of taking one", async () => {
    // A stop falls anywhere in the loop: before a claim, during it, or while the job runs.
    for (let n = 0; n < 30; n++) {
      const { job_id } = await enqueueJob(ctx.db, { kind: "test.quick", key: key() });
      // Longer than the grace: a job it runs when stopped is given back, not left running.
      const slow = (_db: unknown, { signal }: { signal: AbortSignal }) =>
        new Promise((resolve) => {
          setTimeout(resolve, 300);
          signal.addEventListener("abort", resolve);
        });
      const runner = startJobRunner(ctx.db, { "test.quick": slow }, { pollMs: 5 });
      for (let turn = 0; turn < n; turn++) await new Promise((resolve) => setImmediate(resolve));
      await runner.stop(50);
      expect(await jobNamed(job_id)).toMatchObject({ status: "queued", tries: 0 });
    }
  });
});

describe("schedules: a cron tick is one job (docs/decisions/jobs.md)", () => {
  const ticksOf = async (kind: string) =>
    (await ctx.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, kind)))
      .map((job) => job.key)
      .sort();

  it("enqueues each tick once, however many servers look at it", async () => {
    const every = [{ kind: "test.minutely", cron: "* * * * *", missed: "skip" as const }];
    const one = scheduleLooker(ctx.db, every, "Asia/Kuala_Lumpur");
    const other = scheduleLooker(ctx.db, every, "Asia/Kuala_Lumpur");
    const at = (text: string) => new Date(text);
    expect(await one(at("2026-11-29T02:00:05Z"))).toBe(1);
    expect(await other(at("2026-11-29T02:00:06Z"))).toBe(0);
    expect(await one(at("2026-11-29T02:00:40Z"))).toBe(0);
    expect(await other(at("2026-11-29T02:01:01Z"))).toBe(1);
    expect(await one(at("2026-11-29T02:01:02Z"))).toBe(0);
    expect(await ticksOf("test.minutely")).toEqual([
      "tick:2026-11-29T02:00:00.000Z",
      "tick:2026-11-29T02:01:00.000Z",
    ]);
  });

  it("runs a tick missed while every server was down once at start, or skips it, by the schedule's word", async () => {
    // 03:30 in Kuala Lumpur is 19:30 UTC the day before; the servers come back at 08:00.
    const back = new Date("2026-11-29T00:00:00Z");
    const run = [{ kind: "test.nightly.run", cron: "30 3 * * *", missed: "run" as const }];
    const skip = [{ kind: "test.nightly.skip", cron: "30 3 * * *", missed: "skip" as const }];
    const first = scheduleLooker(ctx.db, [...run, ...skip], "Asia/Kuala_Lumpur");
    expect(await first(back)).toBe(1);
    expect(await ticksOf("test.nightly.run")).toEqual(["tick:2026-11-28T19:30:00.000Z"]);
    expect(await ticksOf("test.nightly.skip")).toEqual([]);
    // Another server starting after: the missed tick is there already.
    expect(await scheduleLooker(ctx.db, run, "Asia/Kuala_Lumpur")(back)).toBe(0);
    // The next night, on time: both.
    expect(await first(new Date("2026-11-29T19:30:10Z"))).toBe(2);
  });
});

describe("reconcile as a job (POST walletLedger/reconcileRuns)", () => {
  it("runs the check a part at a time, answers the same report as the direct check, and the dashboard shows it", async () => {
    const none = await ctx.call("GET", "/api/walletLedger/reconcileRuns/latest");
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    // A complete order past the first two parts of ids, its PV never posted: a mismatch.
    const [member] = await ctx.db
      .select({ user_id: users.user_id, username: users.username })
      .from(users)

      .limit(1);
    if (!member) throw new Error("the seed has no user");
    await insertOrders(ctx.db, [
      {
        orders_id: 2 * RECONCILE_PART + 7,
        order_number: "RECON-FAR",
        username: member.username,
        user_id: member.user_id,
        total_price: "10.00",
        order_status: 6,
        points_earned: "5.00",
      },
    ]);
    const direct = (await ctx.call("GET", "/api/walletLedger/reconcile")).json();
    const runner = startJobRunner(ctx.db, jobHandlers(ctx.app, ctx.database), {
      pollMs: 60_000,
      holdSeconds: 30,
    });
    ctx.app.jobs.wake = runner.wake;
    try {
      const asked = await ctx.call("POST", "/api/walletLedger/reconcileRuns");
      expect(asked.statusCode).toBe(202);
      const run = asked.json();
      expect(run).toMatchObject({ status: "queued", report: null });
      const done = await until(
        async () => (await ctx.call("GET", "/api/walletLedger/reconcileRuns/latest")).json(),
        (latest) => latest.status === "done",
      );
      expect(done.job_id).toBe(run.job_id);
      expect(done.report).toEqual(direct);
      expect(done.report.wallets_checked).toBeGreaterThan(0);
      expect(done.report.order_mismatches).toEqual([
        expect.objectContaining({
          orders_id: 2 * RECONCILE_PART + 7,
          account: "pv",
          expected: "5.00",
          net: "0.00",
        }),
      ]);
      // Members in one part, orders in three, then the account totals.
      expect(done.progress).toEqual({ done: 5, total: 5 });
      const dashboard = (await ctx.call("GET", "/api/dashboard")).json();
      expect(dashboard.books_balance).toEqual({
        job_id: run.job_id,
        checked_at: done.finished_at,
        mismatches: 1,
      });
    } finally {
      await runner.stop(100);
    }
    // Asked while one waits: that one, not a second.
    const first = await ctx.call("POST", "/api/walletLedger/reconcileRuns");
    const second = await ctx.call("POST", "/api/walletLedger/reconcileRuns");
    expect([first.statusCode, second.statusCode]).toEqual([202, 200]);
    expect(second.json().job_id).toBe(first.json().job_id);
  });
});
