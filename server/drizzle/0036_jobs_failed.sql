-- The bell's "job kinds failing repeatedly" (modules/notifications/service.ts):
-- the failed jobs of the last day, read from their own small index.
CREATE INDEX "jobs_failed" ON "jobs" ("finished_at") WHERE "status" = 'failed';
