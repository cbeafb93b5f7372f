import fs from "node:fs";
import path from "node:path";
import { type ExportLanguage, formatMoney, type NumberSigns } from "@store/contract";
import { SERVER_ROOT } from "../serverRoot";
import { woffToSfnt } from "./fonts";
import { translatorIn } from "./labels";

/**
 * What the server's PDFs share (docs/decisions/invoices.md): the font, the
 * words of a language, and one A4 document written to a Buffer.
 */

/**
 * Noto Sans SC (server/assets/fonts/README.md): Latin, Malay's accents and
 * Chinese in one font, so every language prints the same way. Read and
 * unwrapped once (lib/fonts.ts); each PDF embeds only the glyphs it uses.
 */
const FONT_FILE = path.join(SERVER_ROOT, "assets", "fonts", "NotoSansSC-Regular.woff");
let fontBytes: Buffer | undefined;
function font(): Buffer {
  fontBytes ??= woffToSfnt(fs.readFileSync(FONT_FILE));
  return fontBytes;
}

/** The Intl locale of each language, as the web's i18n/index.ts sets it. */
export const LOCALES: Record<ExportLanguage, string> = { en: "en-GB", ms: "ms-MY", zh: "zh-CN" };

/** The words, amounts and dates of one language. */
export class PdfWording {
  private readonly signs: NumberSigns;
  private readonly dates: Intl.DateTimeFormat;

  constructor(readonly language: ExportLanguage) {
    const parts = new Intl.NumberFormat(LOCALES[language]).formatToParts(1234.5);
    this.signs = {
      group: parts.find((p) => p.type === "group")?.value ?? ",",
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    };
    this.dates = new Intl.DateTimeFormat(LOCALES[language]);
  }

  text(english: string): string {
    return translatorIn(this.language).label(english);
  }

  message(english: string, values: Record<string, string | number>): string {
    return translatorIn(this.language).label(english, values);
  }

  money(value: string): string {
    return formatMoney(value, this.signs);
  }

  /** The day of a wire timestamp ("yyyy-MM-dd HH:mm:ss", the store's time) as the language writes it. */
  date(wire: string): string {
    const [year, month, day] = wire.slice(0, 10).split("-").map(Number);
    if (!year || !month || !day) return wire;
    return this.dates.format(new Date(year, month - 1, day));
  }
}

/** An A4 page's drawing box at the documents' margin (points). */
export const A4 = { margin: 48, width: 595.28 - 2 * 48, bottom: 841.89 - 48 } as const;

/** A table's column: its label, its share of the drawn width, right-aligned (figures). */
export type PdfColumn = readonly [label: string, share: number, right: boolean];

/** One row of a table at `y`: each cell in its column's share of `width`, from `left`. */
export function pdfRow(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  cells: string[],
  { left, width, y }: { left: number; width: number; y: number },
): void {
  let x = left;
  columns.forEach(([, share, right], i) => {
    doc.text(cells[i] ?? "", x, y, { width: width * share - 4, align: right ? "right" : "left" });
    x += width * share;
  });
}

/** One A4 PDF in `language`, its pages drawn by `draw` in the store's font "body". */
/** A QR code's squares (qrcode, loaded only when a document needs one). */
export type QrModules = { size: number; get(row: number, col: number): number | boolean };

export async function qrOf(text: string): Promise<QrModules> {
  const { create } = await import("qrcode");
  return create(text, { errorCorrectionLevel: "M" }).modules;
}

/** A QR code drawn as vector squares, `size` points wide with its quiet zone. */
export function drawQr(doc: PDFKit.PDFDocument, qr: QrModules, x: number, y: number, size: number) {
  const quiet = 4;
  const cell = size / (qr.size + 2 * quiet);
  doc.save().fillColor("black");
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (qr.get(row, col))
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

export async function renderPdf(
  language: ExportLanguage,
  info: { Title: string; Author: string },
  draw: (doc: PDFKit.PDFDocument) => void,
  margin: number,
): Promise<Buffer> {
  // Loaded on the first PDF asked for: pdfkit and its fonts' code take 0.4 s to
  // load, paid by every start and every test file otherwise (as lib/xlsx.ts does).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin,
    autoFirstPage: false,
    lang: LOCALES[language],
    info,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("body", font());
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
