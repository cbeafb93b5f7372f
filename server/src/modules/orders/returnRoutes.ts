import {
  errorBody,
  idParams,
  listQuery,
  orderCommentInput,
  orderReturn,
  orderReturnRow,
  orderTimelineEvent,
  refundInput,
  returnInput,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import { addOrderComment, listReturns, orderTimeline, readReturn } from "./returnRecords";
import { createRefund, createReturn } from "./returns";

const given = {
  409: errorBody.describe(
    "Nothing written: a line would come back more than was sold less what came back (`return_exceeds_sold`), the refund is more than is left (`refund_exceeds_paid`), or the order has nothing to give back (`order_not_returnable`).",
  ),
  412: errorBody.describe("The order changed since the version named in If-Match."),
};

/** Returns and refunds by line, and the order's timeline (issue 42, docs/decisions/returns.md). */
export function registerReturnRoutes(app: App): void {
  const tags = ["orders"];
  app.post(
    "/orders/:id/returns",
    {
      config: { permission: "orders:manage" },
      schema: {
        tags,
        params: idParams,
        body: returnInput,
        description:
          "Goods given back: the lines and quantities, whether they go back into stock, shipping, and the refund (left out: the lines' share of the paid amount, the store's buy-back percentage of it inside its period, plus shipping). Takes back the same share of the buyer's PV and of every commission the order paid. If-Match: the order's version.",
        response: { 201: orderReturn, ...given },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createReturn(
            app.db,
            request.admin,
            request.params.id,
            request.body,
            ifMatchOf(request),
          ),
        ),
  );
  app.post(
    "/orders/:id/refunds",
    {
      config: { permission: "orders:manage" },
      schema: {
        tags,
        params: idParams,
        body: refundInput,
        description:
          "Money given back without goods (goodwill, or shipping), never more than is left to refund; takes back its share of PV and commissions. If-Match: the order's version.",
        response: { 201: orderReturn, ...given },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createRefund(
            app.db,
            request.admin,
            request.params.id,
            request.body,
            ifMatchOf(request),
          ),
        ),
  );
  app.get(
    "/returns",
    {
      config: { permission: "orders:view" },
      schema: {
        tags,
        querystring: listQuery,
        description:
          "Every return and refund, newest first. `q` searches the credit note's and order's numbers, the buyer and the reason.",
        response: { 200: orderReturnRow.array() },
      },
    },
    async (request, reply) => sendPage(reply, await listReturns(app.db, request.query)),
  );
  app.get(
    "/returns/:id",
    {
      config: { permission: "orders:view" },
      schema: { tags, params: idParams, response: { 200: orderReturn } },
    },
    async (request) => readReturn(app.db, request.params.id),
  );
  app.get(
    "/orders/:id/timeline",
    {
      config: { permission: "orders:view" },
      schema: {
        tags,
        params: idParams,
        description:
          "The order's events, oldest first: created, each status change, each return and refund, each staff comment.",
        response: { 200: orderTimelineEvent.array() },
      },
    },
    async (request) => orderTimeline(app.db, request.params.id),
  );
  app.post(
    "/orders/:id/comments",
    {
      config: { permission: "orders:manage" },
      schema: {
        tags,
        params: idParams,
        body: orderCommentInput,
        response: { 201: orderTimelineEvent },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addOrderComment(app.db, request.admin, request.params.id, request.body)),
  );
}
