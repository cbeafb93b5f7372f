import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Db } from "../../db/client";
import { countJobFailure } from "../../lib/metrics";
import {
  claimJob,
  completeJob,
  failJob,
  type Job,
  releaseJob,
  reportProgress,
  takeBackStuck,
} from "./queue";
import { type JobSchedule, scheduleLooker } from "./schedules";

/** What a job's work is given: the job, a way to report progress, and a signal that it must stop. */
export interface JobContext {
  job: Job;
  /** Records done / total and keeps the job held; throws when the job is no longer this server's. */
  progress(done: number, total: number): Promise<void>;
  signal: AbortSignal;
}

/** A kind of job's work; what it returns is kept as the job's result. */
export type JobHandler = (db: Db, context: JobContext) => Promise<unknown>;

export interface JobRunner {
  /** Looks for due work now (after an enqueue that committed). */
  wake(): void;
  /** Stops taking jobs; a job still running after `graceMs` is given back to the queue. */
  stop(graceMs: number): Promise<void>;
}

export interface JobRunnerOptions {
  /** How long a job is held without progress before another server may take it back. */
  holdSeconds?: number;
  /** How often the queue is looked at when nothing wakes the runner. */
  pollMs?: number;
  /** Work on a clock, and the zone its cron expressions are read in (the store's). */
  schedules?: { list: readonly JobSchedule[]; timeZone: string };
  log?: { info(message: string): void; error(message: string): void };
}

class JobLost extends Error {}

/** How often a runner looks for jobs whose server stopped answering. */
const TAKE_BACK_EVERY_MS = 1000;

/**
 * Runs due jobs of the kinds `handlers` knows, one at a time, until stopped
 * (docs/decisions/jobs.md). Every server runs one; SKIP LOCKED gives each
 * job to one of them.
 */
export function startJobRunner(
  db: Db,
  handlers: Record<string, JobHandler>,
  { holdSeconds = 60, pollMs = 2000, schedules, log }: JobRunnerOptions = {},
): JobRunner {
  const lookAtSchedules = schedules && scheduleLooker(db, schedules.list, schedules.timeZone);
  const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  let stopped = false;
  // A wake while the loop is between looking and sleeping is kept, not lost.
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let current: { job: Job; abort: AbortController; done: Promise<void> } | undefined;
  let tookBackAt = 0;

  async function run(job: Job): Promise<void> {
    const handler = handlers[job.kind];
    const abort = new AbortController();
    const context: JobContext = {
      job,
      signal: abort.signal,
      async progress(done, total) {
        if (abort.signal.aborted) throw new JobLost("stopped");
        if (!(await reportProgress(db, job.job_id, worker, { done, total }, holdSeconds)))
          throw new JobLost("no longer held");
      },
    };
    const done = (async () => {
      try {
        if (!handler) throw new Error(`No work is known for jobs of kind "${job.kind}".`);
        const result = await handler(db, context);
        if (!abort.signal.aborted) await completeJob(db, job.job_id, worker, result);
      } catch (error) {
        if (error instanceof JobLost || abort.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        countJobFailure(job.kind);
        log?.error(`job ${job.job_id} (${job.kind}) failed: ${message}`);
        // Not recorded (the database gone too): its hold runs out and it is taken back.
        await failJob(db, job.job_id, worker, message).catch(() => undefined);
      }
    })();
    current = { job, abort, done };
    await done;
    current = undefined;
  }

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      try {
        await lookAtSchedules?.();
        // Holds run out in seconds: looked for once a second, not before every job.
        if (Date.now() - tookBackAt >= TAKE_BACK_EVERY_MS) {
          tookBackAt = Date.now();
          await takeBackStuck(db);
        }
        const job = kinds.length ? await claimJob(db, worker, kinds, holdSeconds) : undefined;
        // Stopped while it was being claimed: given back at once, its try not counted.
        if (job && stopped) {
          await releaseJob(db, job.job_id, worker);
          break;
        }
        if (job) {
          await run(job);
          continue;
        }
      } catch (error) {
        log?.error(`jobs: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (stopped) break;
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();

  return {
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    async stop(graceMs) {
      stopped = true;
      wakeUp?.();
      const running = current;
      if (running) {
        const finished = await Promise.race([
          running.done.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
        ]);
        if (!finished) {
          running.abort.abort();
          await releaseJob(db, running.job.job_id, worker);
          log?.info(`job ${running.job.job_id} (${running.job.kind}) given back to the queue`);
        }
      }
      // The loop ends once its look or claim in flight is over (a claimed job given back).
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },
  };
}
