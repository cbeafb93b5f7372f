import type { Job, JobSchedule, JobStatus } from "@store/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  api,
  type ListPage,
  refreshWhatever,
  requestPage,
  SAID_ON_SCREEN,
  useRefresh,
} from "./client";
import { type ListParams, resourceKeys } from "./crud";
import { JOB_POLLING } from "./polling";

/** Query keys of /jobs: the list's pages and the schedules, all under `all`. */
export const jobKeys = {
  ...resourceKeys("jobs"),
  schedules: ["jobs", "schedules"] as const,
};

const unfinished = (status: JobStatus | null | undefined) =>
  status === "queued" || status === "running";

/** GET jobs: one page of jobs, newest first (status, kind, q; paging and sort). */
export function useJobs(params: ListParams) {
  return useQuery<ListPage<Job>>({
    queryKey: jobKeys.list(params),
    queryFn: () => requestPage<Job>("jobs", params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((job) => unfinished(job.status)) ? JOB_POLLING.ms : false,
    // The list shows its failure in its table, with a Retry (components/ListError.tsx).
    meta: SAID_ON_SCREEN,
  });
}

/** GET jobSchedules: this server's schedules, each with its next tick and its latest tick's outcome. */
export function useJobSchedules() {
  return useQuery<JobSchedule[]>({
    queryKey: jobKeys.schedules,
    queryFn: () => api.get<JobSchedule[]>("jobSchedules"),
    refetchInterval: (query) =>
      query.state.data?.some((schedule) => unfinished(schedule.last_status))
        ? JOB_POLLING.ms
        : false,
  });
}

/**
 * POST jobs/{id}/retry (a failed job, queued again) or jobs/{id}/cancel (a
 * queued job, which will not run). The jobs and schedules refresh whatever the
 * answer: a 409 means the job moved on meanwhile, and the list shows how.
 */
function useJobMove(move: "retry" | "cancel") {
  const refresh = useRefresh(jobKeys.all);
  return useMutation({
    mutationFn: (job: Pick<Job, "job_id">) => api.post<Job>(`jobs/${job.job_id}/${move}`),
    ...refreshWhatever(refresh),
  });
}

export const useRetryJob = () => useJobMove("retry");
export const useCancelJob = () => useJobMove("cancel");
