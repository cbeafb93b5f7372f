import type { Order, OrderRecord, OrderStatusOption } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
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
