import type { Einvoice, EinvoiceCancelInput, OrderBuyer, OrderBuyerInput } from "@store/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { saveFile } from "../lib/saveFile";
import {
  ApiError,
  type ListPage,
  refreshWhatever,
  request,
  requestFile,
  requestPage,
  useRefresh,
} from "./client";
import type { ListParams } from "./crud";

/** E-invoices to LHDN's MyInvois (docs/decisions/einvoices.md): the list, one document, a buyer. */
export const einvoiceKeys = {
  all: ["einvoices"] as const,
  list: (params: ListParams) => ["einvoices", "list", params] as const,
  one: (id: number) => ["einvoices", "one", id] as const,
  buyer: (orderId: number) => ["einvoices", "buyer", orderId] as const,
};

/** GET einvoices: `orders_id`, `status`, `type`, `q` and paging as any list. */
export function useEinvoices(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ListPage<Einvoice>>({
    queryKey: einvoiceKeys.list(params),
    queryFn: () => requestPage<Einvoice>("einvoices", params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useEinvoice(id: number | null) {
  return useQuery<Einvoice>({
    queryKey: einvoiceKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: () => request<Einvoice>("GET", `einvoices/${id ?? 0}`),
  });
}

/** Every write may change any document (a resend makes a new number, a cancel frees an order). */
function useRefreshEinvoices() {
  return useRefresh(einvoiceKeys.all);
}

/** POST einvoices/consolidate: the month's documents (built now, or already standing). */
export function useConsolidateMonth() {
  const refresh = useRefreshEinvoices();
  return useMutation({
    mutationFn: (month: string) => request<Einvoice[]>("POST", "einvoices/consolidate", { month }),
    ...refreshWhatever(refresh),
  });
}

/** POST einvoices/{id}/submit (If-Match, no body): a draft or invalid one built again and sent. */
export function useResubmitEinvoice() {
  const refresh = useRefreshEinvoices();
  return useMutation({
    mutationFn: (doc: Pick<Einvoice, "einvoice_id" | "version">) =>
      request<Einvoice>("POST", `einvoices/${doc.einvoice_id}/submit`, undefined, doc.version),
    ...refreshWhatever(refresh),
  });
}

/** POST einvoices/{id}/cancel {reason} (If-Match): within 72 hours of its validation. */
export function useCancelEinvoice() {
  const refresh = useRefreshEinvoices();
  return useMutation({
    mutationFn: ({
      doc,
      input,
    }: {
      doc: Pick<Einvoice, "einvoice_id" | "version">;
      input: EinvoiceCancelInput;
    }) => request<Einvoice>("POST", `einvoices/${doc.einvoice_id}/cancel`, input, doc.version),
    ...refreshWhatever(refresh),
  });
}

/** GET einvoices/{id}/document: the exact bytes sent, read as text to be shown or saved. */
export async function readEinvoiceDocument(id: number): Promise<string> {
  return (await requestFile(`einvoices/${id}/document`)).text();
}

/** The document saved as `<number>.json`, byte for byte (its hash is the record's). */
export async function downloadEinvoiceDocument(doc: Einvoice): Promise<string> {
  const text = await readEinvoiceDocument(doc.einvoice_id);
  const name = `${doc.internal_id}.json`;
  saveFile(new Blob([text], { type: "application/json" }), name);
  return name;
}

/** GET orders/{id}/buyer: null when no buyer has asked for an invoice of their own (404). */
export function useOrderBuyer(orderId: number) {
  return useQuery<OrderBuyer | null>({
    queryKey: einvoiceKeys.buyer(orderId),
    queryFn: async () => {
      try {
        return await request<OrderBuyer>("GET", `orders/${orderId}/buyer`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** PUT orders/{id}/buyer (If-Match when updating): may build the order's invoice at once. */
export function useSaveOrderBuyer(orderId: number) {
  const refresh = useRefreshEinvoices();
  return useMutation({
    mutationFn: ({ input, version }: { input: OrderBuyerInput; version?: number | undefined }) =>
      request<OrderBuyer>("PUT", `orders/${orderId}/buyer`, input, version),
    onSuccess: refresh,
  });
}
