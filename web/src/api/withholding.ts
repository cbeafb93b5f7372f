import type { WithholdingReport } from "@store/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** GET reports/withholding?month=YYYY-MM: the month's s.107D remittance, per member. */
export function useWithholdingReport(month: string) {
  return useQuery<WithholdingReport>({
    queryKey: ["reports", "withholding", month],
    queryFn: () => api.get<WithholdingReport>(`reports/withholding?month=${month}`),
    enabled: /^\d{4}-\d{2}$/.test(month),
    placeholderData: keepPreviousData,
  });
}

/** The month's remittance as a file (Content-Disposition: attachment), for a link. */
export function withholdingFileUrl(month: string, format: "csv" | "pdf"): string {
  return `/api/reports/withholding?month=${month}&_format=${format}`;
}
