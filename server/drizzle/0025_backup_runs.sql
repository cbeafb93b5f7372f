-- Scheduled backups (backup/schedule.ts): one row a run, success or failure. The
-- dashboard's bell shows a failure until the next success (docs/decisions/backups.md).
CREATE TABLE "backup_runs" (
	"run_id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp(0) with time zone NOT NULL,
	"finished_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"file" text,
	"error" text
);
