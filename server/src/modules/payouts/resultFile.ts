/**
 * The bank's answer to a batch, as a CSV or an xlsx workbook: its rows as
 * text, the header row found by the columns of RESULT_COLUMNS, and each row
 * after it read as {reference, status, reason, amount}.
 */
import type { PayoutLineResult } from "@store/contract";
import { HttpError } from "../../lib/errors";
import { RESULT_COLUMNS, RESULT_WORDS } from "./bankFormats";

/** One row of the answer after its header: the row of the file (from 1) and its cells by meaning. */
export interface ResultRow {
  row: number;
  reference: string;
  status: string;
  reason: string;
  amount: string;
}

/** How far down a header row is looked for (a bank's report may start with a title and a date). */
const HEADER_SEARCH_ROWS = 30;

const unreadable = () =>
  new HttpError(
    400,
    "payout_result_unreadable",
    {},
    "The bank's answer could not be read: send the CSV or Excel (xlsx) file the bank gave.",
  );

/** Reads the upload's rows: an xlsx workbook (a zip) or UTF-8 text with a separator. */
export async function readResultRows(content: Buffer): Promise<ResultRow[]> {
  const table = isZip(content) ? await xlsxRows(content) : csvRows(textOf(content));
  return rowsOf(table);
}

function isZip(content: Buffer): boolean {
  return content.length > 4 && content.readUInt32LE(0) === 0x04034b50;
}

function textOf(content: Buffer): string {
  // A binary file (NUL bytes) is neither a CSV nor a workbook.
  if (content.includes(0)) throw unreadable();
  const text = new TextDecoder("utf-8", { fatal: false }).decode(content);
  return text.replace(/^\uFEFF/, "");
}

/** RFC 4180 rows, with the separator (comma, semicolon, pipe or tab) the first line uses most. */
export function csvRows(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator =
    [",", ";", "|", "\t"]
      .map((s) => ({ s, n: firstLine.split(s).length }))
      .sort((a, b) => b.n - a.n)[0]?.s ?? ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function xlsxRows(content: Buffer): Promise<string[][]> {
  const { default: excel } = await import("exceljs");
  const book = new excel.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw unreadable();
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const cells: string[] = [];
    const found = sheet.getRow(r);
    for (let c = 1; c <= found.cellCount; c++) cells.push(found.getCell(c).text ?? "");
    rows.push(cells);
  }
  return rows;
}

/** "Payment Reference" → "paymentreference": headers compared by their letters and digits. */
const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

type Meaning = keyof typeof RESULT_COLUMNS;

function headerOf(cells: string[]): Partial<Record<Meaning, number>> {
  const found: Partial<Record<Meaning, number>> = {};
  cells.forEach((cell, index) => {
    const name = squeeze(cell);
    for (const meaning of Object.keys(RESULT_COLUMNS) as Meaning[]) {
      if (
        found[meaning] === undefined &&
        RESULT_COLUMNS[meaning].some((a) => squeeze(a) === name)
      ) {
        found[meaning] = index;
      }
    }
  });
  return found;
}

function rowsOf(table: string[][]): ResultRow[] {
  const at = table.slice(0, HEADER_SEARCH_ROWS).findIndex((cells) => {
    const header = headerOf(cells);
    return header.reference !== undefined && header.status !== undefined;
  });
  if (at < 0) {
    throw new HttpError(
      400,
      "payout_result_columns",
      {},
      "The bank's answer has no header row naming a reference column and a status column (for example Reference and Status).",
    );
  }
  const header = headerOf(table[at] ?? []);
  const read = (cells: string[], meaning: Meaning) => {
    const index = header[meaning];
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  return table.slice(at + 1).flatMap((cells, index) => {
    // Blank rows and rows without a reference (a bank's totals) are not lines.
    const reference = read(cells, "reference");
    if (!reference) return [];
    return [
      {
        row: at + index + 2,
        reference,
        status: read(cells, "status"),
        reason: read(cells, "reason"),
        amount: read(cells, "amount"),
      },
    ];
  });
}

/** A status word as paid or failed; null when it is neither. */
export function answerOf(status: string): PayoutLineResult | null {
  const word = squeeze(status);
  if (RESULT_WORDS.paid.some((w) => squeeze(w) === word)) return "paid";
  if (RESULT_WORDS.failed.some((w) => squeeze(w) === word)) return "failed";
  return null;
}
