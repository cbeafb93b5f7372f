import {
  type ExportLanguage,
  idParams,
  invoiceNumber,
  ORDER_DOCUMENTS,
  type OrderDocument,
  type OrderRecord,
  orderDocumentQuery,
  orderDocuments,
  orderDocumentsQuery,
  orderIdsQuery,
} from "@store/contract";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { languageOfStored } from "../../lib/labels";
import { creditNoteFileName, creditNoteOf, creditNotePdf } from "./creditNote";
import { orderDocumentsOf, orderDocumentsPdf } from "./documents";

/** The media type of the documents, and the API document's description of the file. */
const PDF = "application/pdf";
/** What the route's 200 is in the API document: openapi.ts turns it into a PDF file answer. */
const pdfFile = z.string().meta({ description: "The PDF file." });

/**
 * "INV-KH2026….pdf", "packing-slip-KH2026….pdf", or for several orders
 * "invoices-3.pdf": plain letters, digits, dots and dashes only.
 */
function fileName(kind: OrderDocument, orders: OrderRecord[]): string {
  const [only] = orders;
  const name =
    orders.length === 1 && only
      ? kind === "invoice"
        ? invoiceNumber(only.order_number)
        : `packing-slip-${only.order_number}`
      : `${kind}s-${orders.length}`;
  return `${name.replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`;
}

async function sendDocuments(
  app: App,
  reply: FastifyReply,
  kind: OrderDocument,
  ids: number[],
  asked: ExportLanguage | undefined,
) {
  const documents = await orderDocumentsOf(app.db, ids);
  const language = asked ?? languageOfStored(reply.request.admin?.languages);
  const pdf = await orderDocumentsPdf(kind, documents, language);
  return sendPdf(reply, fileName(kind, documents.orders), pdf);
}

/** A PDF answered as an attachment by its file name. */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply.type(PDF).header("content-disposition", `attachment; filename="${name}"`).send(pdf);
}

/**
 * docs/decisions/invoices.md: an order's invoice and packing slip as PDF, one
 * order or several in one file, and a return's credit note, in the language
 * asked (else the admin's). Reading them is reading the order: orders:view.
 */
export function registerOrderDocumentRoutes(app: App): void {
  const tags = ["orders"];
  const pdfAnswer = { fileAnswer: PDF, permission: "orders:view" } as const;
  for (const kind of ORDER_DOCUMENTS) {
    app.get(
      `/orders/:id/${kind}.pdf`,
      {
        config: pdfAnswer,
        schema: {
          tags,
          summary: `The ${kind === "invoice" ? "invoice" : "packing slip"} of one order as a PDF`,
          params: idParams,
          querystring: orderDocumentQuery,
          response: { 200: pdfFile },
        },
      },
      async (request, reply) =>
        sendDocuments(app, reply, kind, [request.params.id], request.query.lang),
    );
  }
  app.get(
    "/orders/documents",
    {
      config: { permission: "orders:view" },
      schema: {
        tags,
        summary: "The store and several orders with their lines, for printing",
        description:
          "What the web's print view of invoices and packing slips draws, in the order of `ids` (at most 50). An unknown order is a 404.",
        querystring: orderIdsQuery,
        response: { 200: orderDocuments },
      },
    },
    async (request) => orderDocumentsOf(app.db, request.query.ids),
  );
  app.get(
    "/orders/documents.pdf",
    {
      config: pdfAnswer,
      schema: {
        tags,
        summary: "The invoices or packing slips of several orders as one PDF",
        description:
          "Each order from a new page, in the order of `ids` (at most 50). An unknown order is a 404.",
        querystring: orderDocumentsQuery,
        response: { 200: pdfFile },
      },
    },
    async (request, reply) =>
      sendDocuments(app, reply, request.query.doc, request.query.ids, request.query.lang),
  );
  app.get(
    "/returns/:id/creditNote",
    {
      config: pdfAnswer,
      schema: {
        tags,
        summary: "The credit note of one return or refund as a PDF",
        description:
          "Named by its number (CN….pdf): the invoice it credits, the lines given back, shipping, the buy-back percentage and the refund. An unknown return is a 404.",
        params: idParams,
        querystring: orderDocumentQuery,
        response: { 200: pdfFile },
      },
    },
    async (request, reply) => {
      const note = await creditNoteOf(app.db, request.params.id);
      const language = request.query.lang ?? languageOfStored(request.admin?.languages);
      return sendPdf(reply, creditNoteFileName(note.given), await creditNotePdf(note, language));
    },
  );
}
