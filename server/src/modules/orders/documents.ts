import {
  type DocumentStore,
  documentStore,
  type ExportLanguage,
  invoiceNumber,
  type MessageLanguage,
  ORDER_DOCUMENT_TITLES,
  type OrderDocument,
  type OrderDocuments,
  type OrderRecord,
  orderRecord,
  paymentStatus,
  sstByRate,
  sstRateText,
  toSen,
} from "@store/contract";
import type { Tx } from "../../db/client";
import { drawQr, PdfWording, type QrModules, qrOf, renderPdf } from "../../lib/pdf";
import { validatedInvoices } from "../einvoices/service";
import type { MessageAttachment } from "../messages/send";
import { settingsService } from "../settings/service";
import {
  BODY_SIZE,
  block,
  CELL_PAD,
  type Cell,
  CONTENT,
  type Column,
  type Doc,
  heading,
  MARGIN,
  parties,
  shipTo,
  type TotalLine,
  table,
  totalsBlock,
} from "./pdfLayout";
import { orderService } from "./service";

/**
 * The invoice and the packing slip of orders as one A4 PDF, each order from a
 * new page (docs/decisions/invoices.md): the same content as the web's print
 * view (web/src/pages/orders/OrderPrint.tsx), labels from the same catalogues.
 */

/** The words, amounts and dates of one language, and an order's payment. */
class Wording extends PdfWording {
  payment(order: OrderRecord): string {
    const status = paymentStatus(order);
    return status.date
      ? this.message(status.label, { date: this.date(status.date) })
      : this.text(status.label);
  }
}

function invoicePage(
  doc: Doc,
  order: OrderRecord,
  store: DocumentStore,
  words: Wording,
  einvoice?: { uuid: string; qr: QrModules },
) {
  let y = heading(doc, store, words, words.text("Invoice"), [
    [words.text("Invoice No."), invoiceNumber(order.order_number)],
    [words.text("Invoice Date"), words.date(order.created_at)],
    [words.text("Order No."), order.order_number],
    [words.text("Payment"), words.payment(order)],
  ]);
  y = parties(doc, order, words, y) + 16;

  const columns: Column[] = [
    { header: words.text("Item"), width: CONTENT - 84 - 36 - 80 - 84 },
    { header: words.text("SKU"), width: 84 },
    { header: words.text("Qty"), width: 36, align: "right" },
    { header: words.text("Unit Price"), width: 80, align: "right" },
    { header: words.text("Line Total"), width: 84, align: "right" },
  ];
  const rows = order.items.map((line): Cell[] => {
    const notes = [
      line.variant_name,
      toSen(line.line_discount) > 0n
        ? words.message("Line discount {{amount}}", { amount: words.money(line.line_discount) })
        : "",
      line.tax_type === "taxable"
        ? words.message("SST {{rate}}%", { rate: sstRateText(line.tax_rate) })
        : "",
    ].filter(Boolean);
    return [
      { text: line.product_name, ...(notes.length ? { note: notes.join(" · ") } : {}) },
      { text: line.sku || "-" },
      { text: String(line.quantity) },
      { text: words.money(line.unit_price) },
      { text: words.money(line.line_total) },
    ];
  });
  y = table(doc, columns, rows, y) + 10;

  const discountLabel = order.coupon_code
    ? words.message("Discount ({{code}})", { code: order.coupon_code })
    : words.text("Discount");
  const totals: TotalLine[] = [
    [words.text("Subtotal"), words.money(order.subtotal), BODY_SIZE + 1],
    ...(toSen(order.discount) > 0n || order.coupon_code
      ? [[discountLabel, `-${words.money(order.discount)}`, BODY_SIZE + 1] as TotalLine]
      : []),
    [words.text("Shipping"), words.money(order.shipping_fee), BODY_SIZE + 1],
    [words.text("Total"), words.money(order.total_price), 13],
  ];
  // The SST the total contains, per rate (prices include SST; docs/decisions/sst-on-lines.md).
  const sst = sstByRate(order.items, order.tax_total);
  if (sst) {
    for (const { rate, amount } of sst.rates) {
      totals.push([words.message("SST {{rate}}%", { rate }), words.money(amount), BODY_SIZE]);
    }
    totals.push([words.text("Total SST"), words.money(sst.total), BODY_SIZE]);
    totals.push([words.text("Prices include SST"), "", BODY_SIZE]);
  }
  // Beside the totals, the LHDN-validated e-invoice's QR code and uuid.
  if (einvoice) {
    drawQr(doc, einvoice.qr, MARGIN, y, QR_SIZE);
    doc.fillColor("black").fontSize(BODY_SIZE - 1);
    doc.text(words.text("E-invoice validated by LHDN"), MARGIN, y + QR_SIZE + 2, {
      width: CONTENT * 0.4,
    });
    doc.text(einvoice.uuid, { width: CONTENT * 0.4 });
  }
  totalsBlock(doc, totals, y);
}

/** The e-invoice's QR code: about 3 cm, readable by a phone from print. */
const QR_SIZE = 90;

/** A tick box per line, for the packer. */
const TICK = 40;

function packingSlipPage(doc: Doc, order: OrderRecord, store: DocumentStore, words: Wording) {
  let y = heading(doc, store, words, words.text("Packing Slip"), [
    [words.text("Order No."), order.order_number],
    [words.text("Order Date"), words.date(order.created_at)],
  ]);
  y = block(doc, words.text("Ship To"), shipTo(order), MARGIN, y, CONTENT) + 16;
  const columns: Column[] = [
    { header: words.text("Packed"), width: TICK + 16, align: "center" },
    { header: words.text("Item"), width: CONTENT - (TICK + 16) - 130 - 60 },
    { header: words.text("SKU"), width: 130 },
    { header: words.text("Qty"), width: 60, align: "right" },
  ];
  const rows = order.items.map((line): Cell[] => [
    { text: "" },
    { text: line.product_name, ...(line.variant_name ? { note: line.variant_name } : {}) },
    { text: line.sku || "-" },
    { text: String(line.quantity) },
  ]);
  y = table(doc, columns, rows, y, (x, top) => {
    const size = 11;
    doc
      .rect(x + (TICK + 16 - size) / 2, top + CELL_PAD, size, size)
      .lineWidth(0.8)
      .strokeColor("black")
      .stroke();
  });
  const quantity = order.items.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .fillColor("black")
    .fontSize(11)
    .text(`${words.text("Total Quantity")}: ${quantity}`, MARGIN, y + 10, {
      width: CONTENT,
      align: "right",
    });
}

/** One PDF of the document for each order, in the order given, each from a new page. */
export async function orderDocumentsPdf(
  kind: OrderDocument,
  { orders, store, einvoices }: OrderDocuments,
  language: ExportLanguage,
): Promise<Buffer> {
  const words = new Wording(language);
  const codes = new Map<number, { uuid: string; qr: QrModules }>();
  if (kind === "invoice") {
    for (const [id, valid] of Object.entries(einvoices))
      codes.set(Number(id), { uuid: valid.uuid, qr: await qrOf(valid.link) });
  }
  const title = words.text(ORDER_DOCUMENT_TITLES[kind]);
  return renderPdf(
    language,
    {
      Title:
        orders.length === 1 && orders[0]
          ? `${title} ${kind === "invoice" ? invoiceNumber(orders[0].order_number) : orders[0].order_number}`
          : title,
      Author: store.store_name,
    },
    (doc) => {
      for (const order of orders) {
        doc.addPage();
        doc.font("body");
        if (kind === "invoice") invoicePage(doc, order, store, words, codes.get(order.orders_id));
        else packingSlipPage(doc, order, store, words);
      }
    },
    MARGIN,
  );
}

/**
 * The store and the orders, each as GET orders/{id} answers it, in the order
 * asked: a 404 for an unknown one. The print view, the PDFs and the invoice a
 * confirmed order's message carries print these.
 */
export async function orderDocumentsOf(db: Tx, ids: number[]): Promise<OrderDocuments> {
  const orders: OrderRecord[] = [];
  for (const id of ids) orders.push(orderRecord.parse(await orderService.get(db, id)));
  return {
    store: documentStore.parse(await settingsService.get(db, 1)),
    orders,
    einvoices: await validatedInvoices(db, ids),
  };
}

/**
 * A confirmed order's invoice PDF in the reader's language, and its lines for
 * its message's text (given to the send job by modules/index.ts, so messages
 * never read the orders).
 */
export async function invoiceAttachment(
  db: Tx,
  ordersId: number,
  language: MessageLanguage,
): Promise<MessageAttachment | null> {
  const documents = await orderDocumentsOf(db, [ordersId]);
  const [order] = documents.orders;
  if (!order) return null;
  const words = new PdfWording(language);
  return {
    file: {
      filename: `${invoiceNumber(order.order_number).replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`,
      content: await orderDocumentsPdf("invoice", documents, language),
      contentType: "application/pdf",
    },
    lines: order.items.map((item) => ({
      name: item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name,
      quantity: String(item.quantity),
      amount: words.money(item.line_total),
    })),
  };
}
