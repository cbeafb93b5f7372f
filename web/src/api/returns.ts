import type {
  OrderCommentInput,
  OrderReturn,
  OrderReturnRow,
  OrderTimelineEvent,
  RefundInput,
  ReturnInput,
} from "@store/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { type ListPage, listUrl, request, requestPage, SAID_ON_SCREEN, useRefresh } from "./client";
import { type ListParams, resourceKeys } from "./crud";
import { orders } from "./orders";

/** Returns and refunds by line (issue 42, docs/decisions/returns.md). */
export const returnKeys = resourceKeys("returns");

/** An order's timeline sits under the orders' keys, so every write to an order refreshes it too. */
const timelineKey = (orderId: number) => [...orders.keys.all, "timeline", orderId] as const;

/** GET returns: one page of every return and refund, newest first (kind, orders_id, restock, q). */
export function useReturns(params: ListParams) {
  return useQuery<ListPage<OrderReturnRow>>({
    queryKey: returnKeys.list(params),
    queryFn: () => requestPage<OrderReturnRow>("returns", params),
    placeholderData: keepPreviousData,
    // The list shows its failure in its table, with a Retry (components/ListError.tsx).
    meta: SAID_ON_SCREEN,
  });
}

/** GET orders/{id}/timeline: the order's events, oldest first. */
export function useOrderTimeline(orderId: number) {
  return useQuery<OrderTimelineEvent[]>({
    queryKey: timelineKey(orderId),
    queryFn: () => request<OrderTimelineEvent[]>("GET", `orders/${orderId}/timeline`),
  });
}

/** A write to one order: its id and the version the person was shown (If-Match). */
interface OrderWrite<T> {
  orderId: number;
  version: number | undefined;
  input: T;
}

/** POST orders/{id}/returns (If-Match): goods given back; the order, its timeline and the returns refresh. */
export function useCreateReturn() {
  const refresh = useRefresh(orders.keys.all, returnKeys.all);
  return useMutation({
    mutationFn: ({ orderId, version, input }: OrderWrite<ReturnInput>) =>
      request<OrderReturn>("POST", `orders/${orderId}/returns`, input, version),
    onSuccess: refresh,
  });
}

/** POST orders/{id}/refunds (If-Match): money given back without goods. */
export function useCreateRefund() {
  const refresh = useRefresh(orders.keys.all, returnKeys.all);
  return useMutation({
    mutationFn: ({ orderId, version, input }: OrderWrite<RefundInput>) =>
      request<OrderReturn>("POST", `orders/${orderId}/refunds`, input, version),
    onSuccess: refresh,
  });
}

/** POST orders/{id}/comments: a staff comment on the timeline. */
export function useAddOrderComment(orderId: number) {
  const refresh = useRefresh(timelineKey(orderId));
  return useMutation({
    mutationFn: (input: OrderCommentInput) =>
      request<OrderTimelineEvent>("POST", `orders/${orderId}/comments`, input),
    onSuccess: refresh,
  });
}

/** The credit note's PDF of a return or refund in `lang` (opened in a new tab, as the invoice's). */
export function creditNotePdfUrl(returnId: number, lang: string): string {
  return listUrl(`returns/${returnId}/creditNote`, { lang });
}
