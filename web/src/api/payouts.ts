import type {
  BankFileFormats,
  PayoutBatch,
  PayoutBatchDetail,
  PayoutResult,
} from "@store/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { saveFile } from "../lib/saveFile";
import {
  type ListPage,
  refreshWhatever,
  request,
  requestFile,
  requestPage,
  useRefresh,
} from "./client";
import type { ListParams } from "./crud";
import { ledgerKeys } from "./ledger";
import { wallets } from "./people";
import { withdrawRequests } from "./withdrawals";

/** Payout batches (docs/decisions/payout-batches.md): the list, one batch, the formats. */
export const payoutKeys = {
  all: ["payoutBatches"] as const,
  list: (params: ListParams) => ["payoutBatches", "list", params] as const,
  batch: (id: number) => ["payoutBatches", "batch", id] as const,
  formats: ["payoutBatches", "formats"] as const,
};

export function usePayoutBatches(params: ListParams) {
  return useQuery<ListPage<PayoutBatch>>({
    queryKey: payoutKeys.list(params),
    queryFn: () => requestPage<PayoutBatch>("payoutBatches", params),
    placeholderData: keepPreviousData,
  });
}

export function usePayoutBatch(id: number | null) {
  return useQuery<PayoutBatchDetail>({
    queryKey: payoutKeys.batch(id ?? 0),
    enabled: id !== null,
    queryFn: () => request<PayoutBatchDetail>("GET", `payoutBatches/${id ?? 0}`),
  });
}

/** GET bankFileFormats: the formats a batch's file can be written in. */
export function useBankFileFormats() {
  return useQuery<BankFileFormats>({
    queryKey: payoutKeys.formats,
    queryFn: () => request<BankFileFormats>("GET", "bankFileFormats"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A batch's writes touch the requests (batched, refunded) and, for a failed
 * payment, the cash wallets and the ledger: all refresh, whatever the answer.
 */
function useRefreshPayouts() {
  return useRefresh(payoutKeys.all, withdrawRequests.keys.all, wallets.keys.all, ledgerKeys.all);
}

/** POST payoutBatches: a new draft batch of completed requests (201). */
export function useCreatePayoutBatch() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (withdrawIds: number[]) =>
      request<PayoutBatchDetail>("POST", "payoutBatches", { withdraw_ids: withdrawIds }),
    ...refreshWhatever(refresh),
  });
}

/**
 * POST payoutBatches/{id}/release (If-Match): released (200), or (202) still
 * a draft with its first releaser named: a second person must release it.
 */
export function useReleasePayoutBatch() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (batch: Pick<PayoutBatch, "batch_id" | "version">) =>
      request<PayoutBatchDetail>(
        "POST",
        `payoutBatches/${batch.batch_id}/release`,
        {},
        batch.version,
      ),
    ...refreshWhatever(refresh),
  });
}

/** A release's answer that is only the first of two (202). */
export const awaitsSecondRelease = (batch: PayoutBatch) =>
  batch.status === "draft" && batch.first_released_by !== null;

/** POST payoutBatches/{id}/result: the bank's answer file (CSV or xlsx). */
export function useImportPayoutResult() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ batch, file }: { batch: Pick<PayoutBatch, "batch_id">; file: File }) => {
      const form = new FormData();
      form.append("file", file);
      return request<PayoutResult>("POST", `payoutBatches/${batch.batch_id}/result`, form);
    },
    ...refreshWhatever(refresh),
  });
}

/** The name a download is saved under: the answer's, else the batch and format. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET payoutBatches/{id}/file?format=…: saved by the browser. Fetched rather
 * than linked, so a refusal (a bank the format cannot code) is said on the
 * screen, not shown as the server's JSON in a new tab. The batch refreshes:
 * the file made is kept with it.
 */
export function useDownloadBankFile() {
  const refresh = useRefresh(payoutKeys.all);
  return useMutation({
    mutationFn: async ({ batchId, format }: { batchId: number; format: string }) => {
      const response = await requestFile(
        `payoutBatches/${batchId}/file?format=${encodeURIComponent(format)}`,
      );
      const blob = await response.blob();
      const name = fileNameOf(response, `payout-batch-${batchId}-${format}.csv`);
      saveFile(blob, name);
      return name;
    },
    onSuccess: refresh,
  });
}
