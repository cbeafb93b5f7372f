import type { Cp58Run, Cp58YearStatements } from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { saveFile } from "../lib/saveFile";
import { refreshWhatever, request, requestFile, useRefresh } from "./client";
import { JOB_POLLING } from "./polling";

/** CP58 statements (docs/decisions/cp58.md): a year's list and run, a member's PDF. */
export const cp58Keys = {
  all: ["cp58"] as const,
  year: (year: number) => ["cp58", year] as const,
};

/** GET cp58/{year}: asked again every few seconds while the year's run is queued or running. */
export function useCp58Year(year: number) {
  return useQuery<Cp58YearStatements>({
    queryKey: cp58Keys.year(year),
    queryFn: () => request<Cp58YearStatements>("GET", `cp58/${year}`),
    refetchInterval: (query) => {
      const status = query.state.data?.job?.status;
      return status === "queued" || status === "running" ? JOB_POLLING.ms : false;
    },
  });
}

/** POST cp58/{year}: the year's run queued (202). */
export function useRunCp58() {
  const refresh = useRefresh(cp58Keys.all);
  return useMutation({
    mutationFn: (year: number) => request<Cp58Run>("POST", `cp58/${year}`),
    ...refreshWhatever(refresh),
  });
}

/**
 * GET users/{id}/cp58?year=: saved by the browser. Fetched rather than
 * linked, so a refusal (paid RM 5,000.00 or less) is said on the screen.
 */
export function useDownloadCp58() {
  return useMutation({
    mutationFn: async ({ userId, year }: { userId: number; year: number }) => {
      const response = await requestFile(`users/${userId}/cp58?year=${year}`);
      const disposition = response.headers.get("content-disposition") ?? "";
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `CP58-${year}-${userId}.pdf`;
      saveFile(await response.blob(), name);
      return name;
    },
  });
}
