import type {
  CommissionPeriod,
  CommissionPeriodReport,
  CommissionPeriodRun,
  CommissionPlan,
  CommissionPlanValues,
  CommissionPreviewRow,
  CommissionStatement,
  Job,
  RankChange,
} from "@store/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  api,
  type ListPage,
  refreshWhatever,
  request,
  requestPage,
  SAID_ON_SCREEN,
  useRefresh,
} from "./client";
import type { ListParams } from "./crud";
import { ledgerKeys } from "./ledger";
import { users, wallets } from "./people";
import { JOB_POLLING } from "./polling";

/** Query keys of the commission screens: the plan, the periods, their reports and the statements, all under `all`. */
export const commissionKeys = {
  all: ["commissions"] as const,
  plan: ["commissions", "plan"] as const,
  periods: (params: ListParams) => ["commissions", "periods", params] as const,
  period: (id: number) => ["commissions", "period", id] as const,
  report: (id: number) => ["commissions", "report", id] as const,
  periodRanks: (id: number) => ["commissions", "periodRanks", id] as const,
  memberRanks: (userId: number) => ["commissions", "memberRanks", userId] as const,
  statement: (userId: number, periodId: number) =>
    ["commissions", "statement", userId, periodId] as const,
  job: (jobId: number) => ["commissions", "job", jobId] as const,
};

/** GET commissionPlan: the plan in force (`default`: none set, the rule that stands instead). */
export function useCommissionPlan() {
  return useQuery<CommissionPlan>({
    queryKey: commissionKeys.plan,
    queryFn: () => api.get<CommissionPlan>("commissionPlan"),
    // The plan screen shows its failure with a Retry, not as a toast too.
    meta: SAID_ON_SCREEN,
  });
}

/** PUT commissionPlan with If-Match (a fresh step-up: the client asks for it and sends again). */
export function useSavePlan() {
  const client = useQueryClient();
  const refresh = useRefresh(commissionKeys.all);
  return useMutation({
    mutationFn: ({ plan, version }: { plan: CommissionPlanValues; version?: number | undefined }) =>
      api.put<CommissionPlan>("commissionPlan", plan, version),
    onSuccess: async (saved) => {
      client.setQueryData(commissionKeys.plan, saved);
      await refresh();
    },
  });
}

/** What POST commissionPlan/preview takes: a member, an amount and, when the form differs, its plan. */
export interface PreviewRequest {
  user_id: number;
  amount: string;
  plan?: CommissionPlanValues | undefined;
}

/** POST commissionPlan/preview: the buyer's sponsor line and what each upline would be paid. */
export function usePreviewPlan() {
  return useMutation({
    mutationFn: (input: PreviewRequest) =>
      api.post<CommissionPreviewRow[]>("commissionPlan/preview", input),
  });
}

/** GET commissionPeriods: one page, newest first; asked again while a run is on show (`poll`). */
export function useCommissionPeriods(params: ListParams, poll = false) {
  return useQuery<ListPage<CommissionPeriod>>({
    queryKey: commissionKeys.periods(params),
    queryFn: () => requestPage<CommissionPeriod>("commissionPeriods", params),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? JOB_POLLING.ms : false,
    meta: SAID_ON_SCREEN,
  });
}

/** GET commissionPeriods/{id}. */
export function useCommissionPeriod(id: number | null) {
  return useQuery<CommissionPeriod>({
    queryKey: commissionKeys.period(id ?? 0),
    queryFn: () => api.get<CommissionPeriod>(`commissionPeriods/${id ?? 0}`),
    enabled: id !== null,
    retry: false,
  });
}

/** GET commissionPeriods/{id}/report: per level, per tier and the top earners. */
export function usePeriodReport(id: number | null) {
  return useQuery<CommissionPeriodReport>({
    queryKey: commissionKeys.report(id ?? 0),
    queryFn: () => api.get<CommissionPeriodReport>(`commissionPeriods/${id ?? 0}/report`),
    enabled: id !== null,
    retry: false,
    // The report screen says its failure in place of the figures.
    meta: SAID_ON_SCREEN,
  });
}

/** GET commissionPeriods/{id}/ranks: the tier changes its calculation found (applied at its release). */
export function usePeriodRanks(id: number | null) {
  return useQuery<RankChange[]>({
    queryKey: commissionKeys.periodRanks(id ?? 0),
    queryFn: () => api.get<RankChange[]>(`commissionPeriods/${id ?? 0}/ranks`),
    enabled: id !== null,
    retry: false,
    // The report says its failure in place of the table.
    meta: SAID_ON_SCREEN,
  });
}

/** GET users/{id}/ranks: a member's tier changes at period closes, newest first. */
export function useMemberRanks(userId: number | null) {
  return useQuery<RankChange[]>({
    queryKey: commissionKeys.memberRanks(userId ?? 0),
    queryFn: () => api.get<RankChange[]>(`users/${userId ?? 0}/ranks`),
    enabled: userId !== null,
    retry: false,
    // The statement says its failure in place of the table.
    meta: SAID_ON_SCREEN,
  });
}

/** The call of a member's statement in one period, under /api. */
const statementPath = (userId: number, periodId: number) =>
  `users/${userId}/statement?period_id=${periodId}`;

/** The address of a member's statement as a file (Content-Disposition: attachment), for a link. */
export function statementFileUrl(userId: number, periodId: number, format: "csv" | "pdf"): string {
  return `/api/${statementPath(userId, periodId)}&_format=${format}`;
}

/** GET users/{id}/statement?period_id=: a member's commissions in one period. */
export function useStatement(userId: number | null, periodId: number | null) {
  return useQuery<CommissionStatement>({
    queryKey: commissionKeys.statement(userId ?? 0, periodId ?? 0),
    queryFn: () => api.get<CommissionStatement>(statementPath(userId ?? 0, periodId ?? 0)),
    enabled: userId !== null && periodId !== null,
    retry: false,
    // The statement screen says its failure where the statement would be.
    meta: SAID_ON_SCREEN,
  });
}

/**
 * GET jobs?job_id=: the job calculating or releasing a period, for its
 * progress; asked again while it waits or runs. Only for a person who may
 * view jobs (`enabled`); others follow the period itself.
 */
export function useRunJob(jobId: number, enabled: boolean) {
  return useQuery<Job | null>({
    queryKey: commissionKeys.job(jobId),
    queryFn: async () =>
      (await requestPage<Job>("jobs", { job_id: jobId, _page: 1, _limit: 1 })).rows[0] ?? null,
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === "queued" || status === "running"
        ? JOB_POLLING.ms
        : false;
    },
  });
}

/** A period's steps: calculate and release start a job (202), approve answers the period. */
export type PeriodStep = "calculate" | "approve" | "release";

/**
 * Releasing pays the held money into wallets and the held PV into PV: the
 * ledger, wallets and users refresh with the periods, whatever the answer
 * (a 409: the period moved on meanwhile, and the list shows how).
 */
function useRefreshPeriods() {
  return useRefresh(commissionKeys.all, ledgerKeys.all, wallets.keys.all, users.keys.all, [
    "dashboard",
  ]);
}

/** POST commissionPeriods/{id}/calculate or /release (If-Match): the period and the job doing it. */
export function useStartPeriodRun(step: "calculate" | "release") {
  const refresh = useRefreshPeriods();
  return useMutation({
    mutationFn: (period: Pick<CommissionPeriod, "period_id" | "version">) =>
      request<CommissionPeriodRun>(
        "POST",
        `commissionPeriods/${period.period_id}/${step}`,
        {},
        period.version,
      ),
    ...refreshWhatever(refresh),
  });
}

/**
 * POST commissionPeriods/{id}/approve (If-Match): the period approved (200),
 * or (202) still calculated with its first approver named: above the store's
 * second-approval amount a second, different person must approve.
 */
export function useApprovePeriod() {
  const refresh = useRefreshPeriods();
  return useMutation({
    mutationFn: (period: Pick<CommissionPeriod, "period_id" | "version">) =>
      request<CommissionPeriod>(
        "POST",
        `commissionPeriods/${period.period_id}/approve`,
        {},
        period.version,
      ),
    ...refreshWhatever(refresh),
  });
}

/** An approval's answer that is only the first of two (202): the period is not approved yet. */
export const awaitsSecondApproval = (period: CommissionPeriod) =>
  period.status === "calculated" && period.first_approved_by !== null;

/** Refreshes the periods once a run has finished (the job's answer or the period's own). */
export function useRefreshAfterRun() {
  return useRefreshPeriods();
}
