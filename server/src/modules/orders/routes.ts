import {
  idParams,
  listQuery,
  order,
  orderCommission,
  orderCreate,
  orderRecord,
  orderStatusOption,
  orderTotal,
  orderUpdate,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { sendJsonStream } from "../../lib/stream";
import { ifMatchOf } from "../../lib/versions";
import { createOrder } from "./create";
import { orderService } from "./service";

/**
 * docs/REQUIREMENTS.md section 7: orders (GET; POST an order keyed in by an
 * administrator, docs/decisions/orders-keyed-in.md), orders/{id} (GET, PUT),
 * orderStatus, ordersCount.
 */
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
  app.post(
    "/orders",
    {
      config: { permission: "orders:manage" },
      schema: { tags, body: orderCreate, response: { 201: orderRecord } },
    },
    async (request, reply) => {
      const id = await createOrder(app.db, request.admin, request.body);
      return reply.code(201).send(await orderService.get(app.db, id));
    },
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
