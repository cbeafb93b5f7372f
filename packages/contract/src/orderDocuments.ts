import { z } from "zod";
import { say } from "./errors";
import { ORDER_DOCUMENTS, ORDER_DOCUMENTS_MAX, parseOrderIds } from "./invoice";
import { EXPORT_LANGUAGES } from "./listExport";
import { text } from "./primitives";

/**
 * GET orders/{id}/invoice.pdf and packing-slip.pdf: the language the document
 * is printed in; left out, the admin's own (docs/decisions/invoices.md).
 */
export const orderDocumentQuery = z.object({ lang: z.enum(EXPORT_LANGUAGES).optional() });

/** GET orders/documents.pdf: one PDF of several orders, one order (or more pages) each. */
export const orderDocumentsQuery = orderDocumentQuery.extend({
  doc: z.enum(ORDER_DOCUMENTS),
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
