import { errorBody, idParams, job, jobSchedule, listQuery } from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { cancelJob, listJobSchedules, listJobs, retryJob } from "./service";

/** The work that runs on its own (docs/decisions/jobs.md): see it, retry what failed, cancel what waits. */
export function registerJobRoutes(app: App): void {
  const tags = ["jobs"];
  app.get(
    "/jobs",
    {
      config: { permission: "jobs:view" },
      schema: { tags, querystring: listQuery, response: { 200: job.array() } },
    },
    async (request, reply) => sendPage(reply, await listJobs(app.db, request.query)),
  );
  app.post(
    "/jobs/:id/retry",
    {
      config: { permission: "jobs:manage" },
      schema: {
        tags,
        params: idParams,
        description: "Queues a failed job again, due now, its tries counted anew.",
        response: {
          200: job,
          409: errorBody.describe("The job is not failed (`job_not_failed`, naming its state)."),
        },
      },
    },
    async (request) => {
      const retried = await retryJob(app.db, request.admin, request.params.id);
      app.jobs.wake();
      return retried;
    },
  );
  app.post(
    "/jobs/:id/cancel",
    {
      config: { permission: "jobs:manage" },
      schema: {
        tags,
        params: idParams,
        description: "A queued job will not run.",
        response: {
          200: job,
          409: errorBody.describe("The job is not queued (`job_not_queued`, naming its state)."),
        },
      },
    },
    async (request) => cancelJob(app.db, request.admin, request.params.id),
  );
  app.get(
    "/jobSchedules",
    {
      config: { permission: "jobs:view" },
      schema: { tags, response: { 200: jobSchedule.array() } },
    },
    async () => listJobSchedules(app.db, app.jobs.schedules, app.config.timeZone),
  );
}
