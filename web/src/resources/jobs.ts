import { defineResource } from "./define";

/**
 * /jobs: the work that runs on its own (issue 37, docs/decisions/jobs.md):
 * backups, the upload sweep, the books' check; a failed job retried, a
 * queued one canceled (jobs:manage), and the schedules beside them.
 */
export const jobs = defineResource({
  name: "jobs",
  area: "jobs",
  api: "jobs",
  entity: "Job",
  list: {
    path: "/jobs",
    title: "Jobs",
    screen: () => import("../pages/jobs/JobList"),
  },
  sidebar: { group: "system", label: "Jobs", icon: "list", order: 145 },
});
