import { addressLines, type DocumentStore, type OrderRecord } from "@store/contract";
import type { PdfWording } from "../../lib/pdf";

/**
 * The drawing pieces an order's documents share (docs/decisions/invoices.md):
 * the A4 frame, the store's heading with the document's facts, the labelled
 * blocks of the buyer and the address, the lines table, the totals. The
 * invoice and packing slip (documents.ts) and the credit note (creditNote.ts)
 * are drawn from them, so every document of an order looks the same.
 */

// A4 in points, and the page's frame.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
export const CONTENT = PAGE_WIDTH - 2 * MARGIN;
export const BOTTOM = PAGE_HEIGHT - MARGIN;
const MUTED = "#555555";
const RULE = "#999999";
const HEAD_FILL = "#eeeeee";

export type Doc = PDFKit.PDFDocument;

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** A cell's text; `note` is a smaller second line (the variant, a line discount). */
export interface Cell {
  text: string;
  note?: string;
}

export const CELL_PAD = 4;
export const BODY_SIZE = 9;
const NOTE_SIZE = 7.5;

function cellHeight(doc: Doc, cell: Cell, width: number): number {
  doc.fontSize(BODY_SIZE);
  let height = doc.heightOfString(cell.text || " ", { width: width - 2 * CELL_PAD });
  if (cell.note) {
    doc.fontSize(NOTE_SIZE);
    height += doc.heightOfString(cell.note, { width: width - 2 * CELL_PAD });
  }
  return height + 2 * CELL_PAD;
}

/** The table's heading row at `y`; answers the y below it. */
function tableHead(doc: Doc, columns: Column[], y: number): number {
  const height = Math.max(...columns.map((c) => cellHeight(doc, { text: c.header }, c.width)));
  doc.rect(MARGIN, y, CONTENT, height).fill(HEAD_FILL);
  let x = MARGIN;
  doc.fillColor("black").fontSize(BODY_SIZE);
  for (const c of columns) {
    doc.text(c.header, x + CELL_PAD, y + CELL_PAD, {
      width: c.width - 2 * CELL_PAD,
      align: c.align ?? "left",
    });
    x += c.width;
  }
  return y + height;
}

/**
 * The rows under their heading, from `y`; a row that does not fit starts a new
 * page with the heading again. `draw` adds to a row (the packing slip's tick box).
 * Answers the y below the last row.
 */
export function table(
  doc: Doc,
  columns: Column[],
  rows: Cell[][],
  y: number,
  draw?: (x: number, y: number) => void,
): number {
  let top = tableHead(doc, columns, y);
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => cellHeight(doc, cell, columns[i]?.width ?? 0)));
    if (top + height > BOTTOM) {
      doc.addPage();
      top = tableHead(doc, columns, MARGIN);
    }
    let x = MARGIN;
    row.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      const width = column.width - 2 * CELL_PAD;
      const align = column.align ?? "left";
      doc.fillColor("black").fontSize(BODY_SIZE);
      doc.text(cell.text, x + CELL_PAD, top + CELL_PAD, { width, align });
      if (cell.note) {
        doc.fillColor(MUTED).fontSize(NOTE_SIZE).text(cell.note, { width, align });
      }
      x += column.width;
    });
    draw?.(MARGIN, top);
    top += height;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + CONTENT, top)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  doc.fillColor("black");
  return top;
}

/** The store on the left, the document's title and facts on the right; answers the y below. */
export function heading(
  doc: Doc,
  store: DocumentStore,
  words: PdfWording,
  title: string,
  facts: [string, string][],
): number {
  const left = CONTENT * 0.55;
  doc.fillColor("black").fontSize(15).text(store.store_name, MARGIN, MARGIN, { width: left });
  doc.fontSize(BODY_SIZE).fillColor(MUTED);
  if (store.store_address) doc.text(store.store_address, { width: left });
  if (store.store_registration) {
    doc.text(`${words.text("Registration No.")} ${store.store_registration}`, { width: left });
  }
  if (store.store_contact) {
    doc.text(`${words.text("Tel.")} ${store.store_contact}`, { width: left });
  }
  const leftBottom = doc.y;

  const x = MARGIN + left + 12;
  const width = CONTENT - left - 12;
  doc.fillColor("black").fontSize(18).text(title, x, MARGIN, { width, align: "right" });
  // Each fact on one line: its label, then its value flush right.
  let y = doc.y + 6;
  const labelWidth = width * 0.42;
  doc.fontSize(BODY_SIZE);
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).text(label, x, y, { width: labelWidth });
    const below = doc.y;
    doc.fillColor("black").text(value, x + labelWidth, y, {
      width: width - labelWidth,
      align: "right",
    });
    y = Math.max(below, doc.y) + 1;
  }
  return Math.max(leftBottom, y) + 18;
}

/** A labelled block of lines at (x, y); answers the y below. */
export function block(
  doc: Doc,
  label: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
) {
  doc.fillColor(MUTED).fontSize(8).text(label.toUpperCase(), x, y, { width });
  doc.fillColor("black").fontSize(10);
  for (const line of lines) doc.text(line, x, doc.y, { width });
  return doc.y;
}

export function shipTo(order: OrderRecord): string[] {
  return [order.recipient_name, order.recipient_contact, ...addressLines(order)].filter(Boolean);
}

/** The buyer (Bill To) and the address (Ship To) side by side from `y`; answers the y below. */
export function parties(doc: Doc, order: OrderRecord, words: PdfWording, y: number): number {
  const half = CONTENT / 2 - 8;
  const billBottom = block(
    doc,
    words.text("Bill To"),
    [order.username, order.contact].filter(Boolean),
    MARGIN,
    y,
    half,
  );
  const shipBottom = block(doc, words.text("Ship To"), shipTo(order), MARGIN + half + 16, y, half);
  return Math.max(billBottom, shipBottom);
}

/** A totals line: its label, its value and its type size. */
export type TotalLine = [label: string, value: string, size: number];

/** The totals flush right from `y`, a line that does not fit on a new page. */
export function totalsBlock(doc: Doc, totals: TotalLine[], y: number): number {
  const labelX = MARGIN + CONTENT * 0.45;
  const labelWidth = CONTENT * 0.33;
  const valueX = labelX + labelWidth;
  const valueWidth = MARGIN + CONTENT - valueX;
  let top = y;
  for (const [label, value, size] of totals) {
    const height = size + 8;
    if (top + height > BOTTOM) {
      doc.addPage();
      top = MARGIN;
    }
    doc.fillColor("black").fontSize(size);
    doc.text(label, labelX, top, { width: labelWidth, align: "right" });
    doc.text(value, valueX, top, { width: valueWidth, align: "right" });
    top = doc.y + 4;
  }
  return top;
}
