import { z } from "zod";
import { say } from "./errors";
import { ORDER_DOCUMENTS, ORDER_DOCUMENTS_MAX, parseOrderIds } from "./invoice";
import { EXPORT_LANGUAGES } from "./listExport";
import { orderRecord } from "./orders";
import { text } from "./primitives";
import { settings } from "./settings";

/**
 * GET orders/{id}/invoice.pdf and packing-slip.pdf: the language the document
 * is printed in; left out, the admin's own (docs/decisions/invoices.md).
 */
export const orderDocumentQuery = z.object({ lang: z.enum(EXPORT_LANGUAGES).optional() });

/** GET orders/documents: the orders to print, by id. */
export const orderIdsQuery = z.object({
  /** Order ids, comma-separated, in the order printed: "12,7,31". */
  ids: text()
    .regex(
      /^\s*\d+(\s*,\s*\d+)*\s*$/,
      say("invalid_format", { field: "ids" }, "ids must be order ids separated by commas."),
    )
    .transform(parseOrderIds)
    .refine((ids) => ids.length > 0, say("choose_records", {}, "Choose at least one record."))
    .refine(
      (ids) => ids.length <= ORDER_DOCUMENTS_MAX,
      say(
        "too_many_records",
        { max: ORDER_DOCUMENTS_MAX },
        `At most ${ORDER_DOCUMENTS_MAX} records at a time.`,
      ),
    ),
});

/** GET orders/documents.pdf: one PDF of several orders, one order (or more pages) each. */
export const orderDocumentsQuery = orderIdsQuery.extend({
  ...orderDocumentQuery.shape,
  doc: z.enum(ORDER_DOCUMENTS),
});

/** What the documents print of the store: settings 1's name, address, contact and registration. */
export const documentStore = settings.pick({
  store_name: true,
  store_address: true,
  store_contact: true,
  store_registration: true,
});
export type DocumentStore = z.infer<typeof documentStore>;

/**
 * GET orders/documents: what the print view draws, for a holder of
 * orders:view (who may not read the settings): the store, and each order as
 * GET orders/{id} answers it, in the order asked.
 */
export const orderDocuments = z.object({
  store: documentStore,
  orders: orderRecord.array(),
  /**
   * By orders_id, the order's own e-invoice once LHDN validated it: its uuid
   * and the validation link the invoice's QR code carries (docs/decisions/einvoices.md).
   */
  einvoices: z.record(z.string(), z.object({ uuid: z.string(), link: z.string() })),
});
export type OrderDocuments = z.infer<typeof orderDocuments>;
