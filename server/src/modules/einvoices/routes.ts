import {
  einvoice,
  einvoiceCancelInput,
  einvoiceConsolidateInput,
  einvoiceSelfBilledInput,
  errorBody,
  idParams,
  listQuery,
  orderBuyer,
  orderBuyerInput,
} from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import {
  consolidateMonth,
  einvoiceDocument,
  einvoicesOf,
  getEinvoice,
  getOrderBuyer,
  listEinvoices,
  resubmitEinvoice,
  selfBillPeriod,
  setOrderBuyer,
} from "./service";
import { cancelEinvoice } from "./submission";

const NOT_SET_UP =
  "Nothing is built or sent before the store's tax identity and MyInvois access are set in Settings: 409 `einvoice_not_set_up` names what is missing.";
const stale = {
  412: errorBody.describe("The record changed since the version named in If-Match."),
};

/** E-invoices to LHDN's MyInvois (docs/decisions/einvoices.md). */
export function registerEinvoiceRoutes(app: App): void {
  const tags = ["einvoices"];
  app.get(
    "/einvoices",
    {
      config: { permission: "einvoices:view" },
      schema: {
        tags,
        querystring: listQuery,
        description:
          "Every document given (or to be given) to LHDN, newest first: its type, what it covers (an order, a month, a period), amount and SST, status with LHDN's errors, uuid and long id, and the validation link once valid.",
        response: { 200: einvoice.array() },
      },
    },
    async (request, reply) => sendPage(reply, await listEinvoices(app.db, request.query)),
  );
  app.get(
    "/einvoices/:id",
    {
      config: { permission: "einvoices:view" },
      schema: { tags, params: idParams, response: { 200: einvoice } },
    },
    async (request) => getEinvoice(app.db, request.params.id),
  );
  app.get(
    "/einvoices/:id/document",
    {
      config: { permission: "einvoices:view" },
      schema: {
        tags,
        params: idParams,
        description:
          "The document's UBL 2.1 JSON exactly as it is (or was) sent: its SHA-256 is the record's document_hash.",
        response: {
          200: z.looseObject({}).describe("The document's UBL 2.1 JSON, byte for byte."),
        },
      },
    },
    async (request, reply) => {
      const kept = await einvoiceDocument(app.db, request.params.id);
      // The kept bytes themselves (their hash is the record's), not a serialization of them.
      return reply.type("application/json; charset=utf-8").send(kept as never);
    },
  );
  app.post(
    "/einvoices/consolidate",
    {
      config: { permission: "einvoices:manage" },
      schema: {
        tags,
        body: einvoiceConsolidateInput,
        description: `After the month ends (in the store's zone): its paid sales that need no invoice of their own in one consolidated invoice (the general public buyer, classification 004), and an invoice for each sale a buyer asked for or of RM 10,000.00 or more; each is sent by a job. Asked again, the month's standing documents. ${NOT_SET_UP}`,
        response: {
          200: einvoice.array(),
          409: errorBody.describe(
            "The month has not ended (einvoice_month_not_ended), or e-invoices are not set up.",
          ),
        },
      },
    },
    async (request) => {
      const rows = await consolidateMonth(app.db, request.admin, request.body.month);
      app.jobs.wake();
      return einvoicesOf(app.db, rows);
    },
  );
  app.post(
    "/einvoices/selfBilled",
    {
      config: { permission: "einvoices:manage" },
      schema: {
        tags,
        body: einvoiceSelfBilledInput,
        description: `Once a commission period is released: a self-billed invoice (type 11) for each agent paid in it (the agent the supplier, with their TIN from KYC or the general one and their NRIC; the store the buyer; classification 037), each sent by a job. Asked again, the period's standing ones. ${NOT_SET_UP}`,
        response: {
          200: einvoice.array(),
          409: errorBody.describe(
            "The period is not released (einvoice_period_not_released), or e-invoices are not set up.",
          ),
        },
      },
    },
    async (request) => {
      const rows = await selfBillPeriod(app.db, request.admin, request.body.period_id);
      app.jobs.wake();
      return einvoicesOf(app.db, rows);
    },
  );
  app.post(
    "/einvoices/:id/submit",
    {
      config: { permission: "einvoices:manage" },
      schema: {
        tags,
        params: idParams,
        description: `A draft, or an invalid document whose data was corrected, is built again from what it stands for, validated and queued to be sent. ${NOT_SET_UP}`,
        response: {
          200: einvoice,
          409: errorBody.describe("Not a draft or invalid document (einvoice_status)."),
          ...stale,
        },
      },
    },
    async (request) => {
      const resent = await resubmitEinvoice(
        app.db,
        request.admin,
        request.params.id,
        ifMatchOf(request),
      );
      app.jobs.wake();
      return resent;
    },
  );
  app.post(
    "/einvoices/:id/cancel",
    {
      config: { permission: "einvoices:manage" },
      schema: {
        tags,
        params: idParams,
        body: einvoiceCancelInput,
        description:
          "Cancels a valid document at LHDN, then here, within 72 hours of its validation; its orders may then be invoiced again. After: 409 `cancel_window_passed` (issue a credit note). MyInvois not answering: 503.",
        response: {
          200: einvoice,
          409: errorBody.describe(
            "Not valid (einvoice_status), past 72 hours (cancel_window_passed), or refused by LHDN (myinvois_refused).",
          ),
          503: errorBody.describe("MyInvois did not answer (myinvois_unavailable)."),
          ...stale,
        },
      },
    },
    async (request) =>
      cancelEinvoice(
        app.db,
        request.admin,
        request.params.id,
        request.body.reason,
        ifMatchOf(request),
      ),
  );
  app.get(
    "/orders/:id/buyer",
    {
      config: { permission: "orders:view" },
      schema: {
        tags,
        params: idParams,
        description: "The buyer's details for an invoice of their own; 404 when none asked.",
        response: { 200: orderBuyer },
      },
    },
    async (request) => getOrderBuyer(app.db, request.params.id),
  );
  app.put(
    "/orders/:id/buyer",
    {
      config: { permission: "orders:manage" },
      schema: {
        tags,
        params: idParams,
        body: orderBuyerInput,
        description:
          "The buyer asks for an invoice of their own: their name, TIN and ID (the billing address is the order's unless given). Once the order is paid and e-invoices are set up, its invoice is built and sent; an order already in a standing invoice keeps it.",
        response: { 200: orderBuyer, ...stale },
      },
    },
    async (request) => {
      const buyer = await setOrderBuyer(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      app.jobs.wake();
      return buyer;
    },
  );
}
