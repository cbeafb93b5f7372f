import {
  idParams,
  listQuery,
  order,
  orderCommission,
  orderRecord,
  orderStatusOption,
  orderTotal,
  orderUpdate,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { sendJsonStream } from "../../lib/stream";
import { ifMatchOf } from "../../lib/versions";
import { orderService } from "./service";

/** docs/REQUIREMENTS.md section 7: orders, orders/{id} (GET, PUT), orderStatus, ordersCount. There is no add. */
export function registerOrderRoutes(app: App): void {
  const tags = ["orders"];
  app.get(
    "/orders",
    {
      config: { permission: "orders:view" },
      schema: { tags, querystring: listQuery, response: { 200: order.array() } },
    },
    async (request, reply) => sendPage(reply, await orderService.list(app.db, request.query)),
  );
  app.get(
    "/orders/:id",
    {
      config: { permission: "orders:view" },
      schema: { tags, params: idParams, response: { 200: orderRecord } },
    },
    async (request) => orderService.get(app.db, request.params.id),
  );
  app.put(
    "/orders/:id",
    {
      config: { permission: "orders:manage" },
      schema: { tags, params: idParams, body: orderUpdate, response: { 200: orderRecord } },
    },
    async (request) =>
      orderService.update(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      ),
  );
  app.get(
    "/orders/:id/commission",
    {
      config: { permission: "orders:view" },
      schema: { tags, params: idParams, response: { 200: orderCommission } },
    },
    async (request) => orderService.commission(app.db, request.params.id),
  );
  app.get(
    "/orderStatus",
    {
      config: { permission: "signed_in" },
      schema: { tags, response: { 200: orderStatusOption.array() } },
    },
    async () => orderService.statuses(app.db),
  );
  app.get(
    "/ordersCount",
    {
      config: { permission: "orders:view" },
      schema: { tags, response: { 200: orderTotal.array() } },
    },
    async (_request, reply) => sendJsonStream(reply, await orderService.totals(app.db)),
  );
}
