/** A durable job's state (server/src/modules/jobs, docs/decisions/jobs.md). */
export const JOB_STATUSES = ["queued", "running", "failed", "done", "canceled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
