import type { ExportFormat, ReportAnswer, ReportName } from "@store/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, listQueryString, listUrl } from "./client";

/** What a report is asked for: its range and, as the report takes them, group, by and _limit. */
export type ReportParams = Record<string, string | number | undefined>;

/** GET /api/reports/<name>: the figures of the range, the previous range and the series. */
export function useReport<N extends ReportName>(name: N, params: ReportParams) {
  return useQuery({
    queryKey: ["reports", name, params],
    queryFn: () => api.get<ReportAnswer<N>>(`reports/${name}?${listQueryString(params)}`),
    // The last answer of the same report stays on show while another range loads (no
    // flash of empty cards); another report's answer never does: its fields are not
    // this report's (the members tab read `by_tier` from the sales answer and crashed).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === name ? keepPreviousData(previous) : undefined,
  });
}

/** The report's series as a CSV file (a link: the browser downloads it). */
export function reportCsvUrl(name: ReportName, params: ReportParams): string {
  return listUrl(`reports/${name}`, { ...params, _format: "csv" });
}

/** The report as a file in the screen's language: CSV or an Excel workbook (a link). */
export function reportFileUrl(
  name: ReportName,
  params: ReportParams,
  format: ExportFormat,
  lang: string,
): string {
  return listUrl(`reports/${name}`, { ...params, _format: format, _lang: lang });
}
