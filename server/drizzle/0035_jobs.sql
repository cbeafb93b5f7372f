-- Durable jobs (modules/jobs, docs/decisions/jobs.md): work that runs on its
-- own, enqueued in the transaction of the change that causes it, taken by one
-- server at a time (FOR UPDATE SKIP LOCKED), retried with backoff.
CREATE TABLE "jobs" (
  "job_id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "key" text NOT NULL,
  "status" text NOT NULL DEFAULT 'queued',
  "payload" jsonb NOT NULL DEFAULT '{}',
  "result" jsonb,
  "tries" integer NOT NULL DEFAULT 0,
  "max_tries" integer NOT NULL DEFAULT 5,
  "run_at" timestamp(0) with time zone NOT NULL DEFAULT date_trunc('second', now()),
  "started_at" timestamp(0) with time zone,
  "finished_at" timestamp(0) with time zone,
  "lock_until" timestamp(0) with time zone,
  "locked_by" text,
  "last_error" text,
  "progress_done" integer NOT NULL DEFAULT 0,
  "progress_total" integer NOT NULL DEFAULT 0,
  "created_at" timestamp(0) with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "jobs_status" CHECK ("status" in ('queued', 'running', 'failed', 'done', 'canceled')),
  CONSTRAINT "jobs_kind_key" UNIQUE ("kind", "key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" ("run_at", "job_id") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "jobs_running" ON "jobs" ("lock_until") WHERE "status" = 'running';
--> statement-breakpoint
CREATE INDEX "jobs_latest" ON "jobs" ("kind", "job_id" DESC);
