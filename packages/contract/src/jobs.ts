import { z } from "zod";
import { timestamp } from "./primitives";

/** A durable job's state (server/src/modules/jobs, docs/decisions/jobs.md). */
export const JOB_STATUSES = ["queued", "running", "failed", "done", "canceled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How far a long job has gone: parts done of all (0 of 0 before it reports any). */
export const jobProgress = z.object({ done: z.number(), total: z.number() });

/**
 * GET /api/jobs: one piece of work that runs on its own (a backup, the upload
 * sweep, a check of the books), newest first. `kind` names its work, `key`
 * its one effect (a schedule's tick: `tick:<time>`); `tries` counts the
 * attempts so far of `max_tries`; `run_at` is when it is due (after a failed
 * try, when it is tried again); `last_error` the latest failure's message.
 * Filters: status, kind, created_at_gte / created_at_lte.
 */
export const job = z.object({
  job_id: z.number(),
  kind: z.string(),
  key: z.string(),
  status: z.enum(JOB_STATUSES),
  tries: z.number(),
  max_tries: z.number(),
  run_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  last_error: z.string().nullable(),
  progress: jobProgress,
  created_at: timestamp,
});
export type Job = z.infer<typeof job>;

/**
 * GET /api/jobSchedules: the work on a clock on this server, each with its
 * cron expression read in `time_zone`, its next tick, and its latest tick's
 * job (null before the first).
 */
export const jobSchedule = z.object({
  name: z.string(),
  cron: z.string(),
  time_zone: z.string(),
  next_run_at: timestamp.nullable(),
  last_run_at: timestamp.nullable(),
  last_status: z.enum(JOB_STATUSES).nullable(),
});
export type JobSchedule = z.infer<typeof jobSchedule>;
