import { orderUpdate } from "@store/contract";
import type { App } from "../../appType";
import { registerBulkRoute, shownVersion } from "../../lib/bulk";
import { badRequest } from "../../lib/errors";
import { orderService } from "./service";

/**
 * POST orders/bulk: `{action: "setStatus", status, ids | filter}` sets each
 * order's status through the single PUT orders/{id} call's service function,
 * keeping its tracking number (so the same rules and stamps apply; an order
 * without a tracking number is refused as the edit form would refuse it).
 * Orders have no delete.
 */
export function registerOrderBulkRoutes(app: App): void {
  const names = new Map<number, string>();
  registerBulkRoute(app, {
    collection: "/orders",
    permission: "orders:manage",
    tag: "orders",
    key: "orders_id",
    list: orderService.list,
    check: async (db, body) => {
      if (body.status === undefined)
        throw badRequest("status", "choose_status", {}, "Choose the status to set.");
      for (const s of await orderService.statuses(db)) {
        names.set(s.order_status_id, s.order_status_name);
      }
      if (!names.has(body.status)) {
        throw badRequest(
          "status",
          "unknown_order_status",
          { status: body.status },
          `Order status ${body.status} is not one of the order statuses.`,
        );
      }
    },
    actions: {
      setStatus: async (db, actor, id, body) => {
        const order = await orderService.get(db, id);
        const input = orderUpdate.parse({
          order_status: body.status,
          tracking_number: order.tracking_number,
        });
        await orderService.update(db, actor, id, input, shownVersion(body, id));
        return `Status set to ${names.get(input.order_status) ?? input.order_status}.`;
      },
    },
  });
}
