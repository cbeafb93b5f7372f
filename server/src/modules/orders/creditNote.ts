import {
  type DocumentStore,
  documentStore,
  type ExportLanguage,
  fromSen,
  invoiceNumber,
  type OrderRecord,
  type OrderReturn,
  orderRecord,
  toSen,
} from "@store/contract";
import type { Tx } from "../../db/client";
import { PdfWording, renderPdf } from "../../lib/pdf";
import { settingsService } from "../settings/service";
import {
  BODY_SIZE,
  block,
  type Cell,
  CONTENT,
  type Column,
  type Doc,
  heading,
  MARGIN,
  parties,
  type TotalLine,
  table,
  totalsBlock,
} from "./pdfLayout";
import { readReturn } from "./returnRecords";
import { orderService } from "./service";

/**
 * A return's or refund's credit note as an A4 PDF (issue 42,
 * docs/decisions/returns.md), in the invoice's layout (pdfLayout.ts): the
 * store, the note's number and date, the invoice it credits, the buyer, the
 * reason, the lines given back and what the buyer gets back.
 */

export interface CreditNote {
  store: DocumentStore;
  order: OrderRecord;
  given: OrderReturn;
  /** The buy-back percentage the refund took ("90", "87.5"); null outside buy-back. */
  buyBackPercent: string | null;
}

/** "90.00" → "90", "87.50" → "87.5". */
const plainPercent = (percent: string) => percent.replace(/\.?0+$/, "");

/** The return or refund, its order and the store: a 404 for an unknown return. */
export async function creditNoteOf(db: Tx, returnId: number): Promise<CreditNote> {
  const given = await readReturn(db, returnId);
  const order = orderRecord.parse(await orderService.get(db, given.orders_id));
  const settings = await settingsService.get(db, 1);
  const percent = given.buy_back_percent;
  return {
    store: documentStore.parse(settings),
    order,
    given,
    buyBackPercent: percent === null ? null : plainPercent(percent),
  };
}

/** "CN20260509000001.pdf": plain letters, digits, dots and dashes only. */
export const creditNoteFileName = (given: OrderReturn) =>
  `${given.credit_note_number.replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`;

function creditNotePage(doc: Doc, note: CreditNote, words: PdfWording) {
  const { store, order, given } = note;
  let y = heading(doc, store, words, words.text("Credit Note"), [
    [words.text("Credit Note No."), given.credit_note_number],
    [words.text("Credit Note Date"), words.date(given.created_at)],
    [words.text("Order No."), order.order_number],
  ]);
  doc
    .fillColor("black")
    .fontSize(BODY_SIZE + 2)
    .text(
      words.message("For invoice {{number}}", { number: invoiceNumber(order.order_number) }),
      MARGIN,
      y - 8,
      { width: CONTENT },
    );
  y = parties(doc, order, words, doc.y + 10) + 10;
  y = block(doc, words.text("Reason"), [given.reason], MARGIN, y, CONTENT) + 16;

  const columns: Column[] = [
    { header: words.text("Item"), width: CONTENT - 100 - 50 - 96 },
    { header: words.text("SKU"), width: 100 },
    { header: words.text("Qty"), width: 50, align: "right" },
    { header: words.text("Amount"), width: 96, align: "right" },
  ];
  // A refund without goods is one line: the refund and its reason.
  const rows: Cell[][] =
    given.lines.length > 0
      ? given.lines.map((line) => [
          { text: line.product_name, ...(line.variant_name ? { note: line.variant_name } : {}) },
          { text: line.sku || "-" },
          { text: String(line.quantity) },
          { text: words.money(line.amount) },
        ])
      : [
          [
            { text: words.text("Refund"), note: given.reason },
            { text: "-" },
            { text: "" },
            { text: words.money(given.refund_amount) },
          ],
        ];
  y = table(doc, columns, rows, y) + 10;

  const size = BODY_SIZE + 1;
  const totals: TotalLine[] = [];
  if (given.lines.length > 0) {
    totals.push([words.text("Goods Total"), words.money(given.goods_amount), size]);
  }
  if (note.buyBackPercent !== null) {
    const bought = fromSen(toSen(given.refund_amount) - toSen(given.shipping_amount));
    totals.push([
      words.message("Buy-back {{percent}}%", { percent: note.buyBackPercent }),
      words.money(bought),
      size,
    ]);
  }
  if (toSen(given.shipping_amount) > 0n) {
    totals.push([words.text("Shipping Refunded"), words.money(given.shipping_amount), size]);
  }
  totals.push([words.text("Refund"), words.money(given.refund_amount), 13]);
  totalsBlock(doc, totals, y);
}

/** The credit note's PDF in `language`. */
export function creditNotePdf(note: CreditNote, language: ExportLanguage): Promise<Buffer> {
  const words = new PdfWording(language);
  return renderPdf(
    language,
    {
      Title: `${words.text("Credit Note")} ${note.given.credit_note_number}`,
      Author: note.store.store_name,
    },
    (doc) => {
      doc.addPage();
      doc.font("body");
      creditNotePage(doc, note, words);
    },
    MARGIN,
  );
}
