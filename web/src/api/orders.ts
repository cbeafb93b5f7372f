import type { Order, OrderDocuments, OrderRecord, OrderStatusOption } from "@store/contract";
import type { OrderDocument } from "@store/contract/invoice";
import { useQuery } from "@tanstack/react-query";
import { api, listQueryString, listUrl } from "./client";
import { createResource } from "./crud";

/** The body of PUT orders/{id} as docs/REQUIREMENTS.md section 7 names it; the server takes only the status and tracking number. */
export type OrderUpdateBody = Pick<
  Order,
  "orders_id" | "tracking_number" | "order_status" | "completed_at" | "refund_at" | "updated_at"
>;

/** Orders: GET orders (list rows), GET/PUT orders/{id} (the order with its lines and ledger entries). */
export const orders = createResource<Order, OrderUpdateBody, OrderRecord>({
  name: "orders",
  list: "orders",
  item: (id) => `orders/${id}`,
});

/** GET orderStatus: the statuses an order may take, in id order. */
export function useOrderStatuses() {
  return useQuery({
    queryKey: ["orderStatus"],
    queryFn: () => api.get<OrderStatusOption[]>("orderStatus"),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET orders/documents: the store and the orders to print (the print view),
 * in the order of `ids`; nothing is asked for no id.
 */
export function useOrderDocuments(ids: readonly number[]) {
  return useQuery({
    queryKey: [...orders.keys.all, "documents", ids.join(",")],
    queryFn: () =>
      api.get<OrderDocuments>(`orders/documents?${listQueryString({ ids: ids.join(",") })}`),
    enabled: ids.length > 0,
    retry: false,
  });
}

/** The PDF of the orders' document in `lang`: one order's own address, or one file of several. */
export function orderDocumentPdfUrl(
  doc: OrderDocument,
  ids: readonly number[],
  lang: string,
): string {
  return ids.length === 1
    ? listUrl(`orders/${ids[0]}/${doc}.pdf`, { lang })
    : listUrl("orders/documents.pdf", { doc, ids: ids.join(","), lang });
}
