/**
 * The bank's answer to a batch, as a CSV or an xlsx workbook: its rows as
 * text, the header row found by the columns of RESULT_COLUMNS, and each row
 * after it read as {reference, status, reason, amount}.
 */
import type { PayoutLineResult } from "@store/contract";
import { HttpError } from "../../lib/errors";
import { readTable, type TableRow } from "../imports/sheet";
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

/** Reads the upload's rows: an xlsx workbook or UTF-8 text, by the imports' reader (imports/sheet.ts). */
export async function readResultRows(content: Buffer): Promise<ResultRow[]> {
  const table = await readTable(content, {
    separators: [",", ";", "|", "\t"],
    // A bank's report may start with a title and a date above its header.
    ragged: true,
    unreadable,
  });
  return rowsOf(table);
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

function rowsOf(table: TableRow[]): ResultRow[] {
  const at = table.slice(0, HEADER_SEARCH_ROWS).findIndex(({ cells }) => {
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
  const header = headerOf(table[at]?.cells ?? []);
  const read = (cells: string[], meaning: Meaning) => {
    const index = header[meaning];
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  return table.slice(at + 1).flatMap(({ row, cells }) => {
    // Blank rows and rows without a reference (a bank's totals) are not lines.
    const reference = read(cells, "reference");
    if (!reference) return [];
    return [
      {
        row,
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
