/**
 * An uploaded table read as text (docs/decisions/imports.md): an xlsx
 * workbook's first sheet (exceljs) or a UTF-8 CSV (csv-parse), then, for an
 * import, its header matched to the kind's columns and its rows as SheetRows.
 * The bank's answer to a payout batch is read by the same `readTable`.
 */
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportKind,
} from "@store/contract";
import { LANGUAGES } from "@store/i18n";
import { CsvError, parse } from "csv-parse/sync";
import type { CellValue } from "exceljs";
import { HttpError } from "../../lib/errors";
import { translatorIn } from "../../lib/labels";
import type { SheetRow } from "./importer";

export interface TableOptions {
  /** The separators a CSV may use; the header line's most used one is taken. */
  separators: readonly string[];
  /** Rows of different lengths taken as they are (a bank's report has a title line above its header). */
  ragged?: boolean;
  /** The answer to a file that is neither a workbook nor a CSV. */
  unreadable: () => HttpError;
}

/** One row of a table: its row in the file (from 1) and its cells as text. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** Reads the upload's rows: an xlsx workbook (a zip) or UTF-8 text. */
export async function readTable(content: Buffer, options: TableOptions): Promise<TableRow[]> {
  return isZip(content) ? xlsxRows(content, options) : csvRows(content, options);
}

function isZip(content: Buffer): boolean {
  return content.length > 4 && content.readUInt32LE(0) === 0x04034b50;
}

function csvRows(content: Buffer, options: TableOptions): TableRow[] {
  // A binary file (NUL bytes) is neither a CSV nor a workbook.
  if (content.includes(0)) throw options.unreadable();
  const text = new TextDecoder("utf-8", { fatal: false }).decode(content);
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter =
    [...options.separators].sort(
      (a, b) => firstLine.split(b).length - firstLine.split(a).length,
    )[0] ?? ",";
  try {
    // With `info` each record comes with where it ends in the file (csv-parse's types omit it).
    const records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      skip_empty_lines: true,
      relax_column_count: options.ragged ?? false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ row: info.lines, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) throw options.unreadable();
    throw error;
  }
}

async function xlsxRows(content: Buffer, options: TableOptions): Promise<TableRow[]> {
  const { default: excel } = await import("exceljs");
  const book = new excel.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw options.unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw options.unreadable();
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (found, row) => {
    const cells: string[] = [];
    for (let c = 1; c <= found.cellCount; c++) cells.push(cellText(found.getCell(c).value));
    rows.push({ row, cells });
  });
  return rows;
}

/**
 * A cell as text: a formula's cached result (never evaluated), rich text's
 * text, a date as yyyy-mm-dd, a number as JavaScript writes it.
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: unknown }).result;
    if (result && typeof result === "object" && "error" in result) return "";
    return cellText((result ?? null) as CellValue);
  }
  if ("text" in value && typeof value.text === "string") return value.text;
  // An error value (#N/A) carries no data.
  return "";
}

/** A header compared without case, spaces or underscores. */
const squeeze = (text: string) => text.toLowerCase().replace(/[\s_]+/g, "");

/** Every spelling a column's header may take: its name and its label in each language. */
function spellingsOf(column: ImportColumn): string[] {
  return [
    column.name,
    ...LANGUAGES.map((language) => translatorIn(language.code).label(column.label)),
  ].map(squeeze);
}

const unreadableImport = () =>
  new HttpError(
    400,
    "import_unreadable",
    {},
    "The file could not be read: send an Excel workbook (.xlsx) or a CSV file in UTF-8.",
  );

/**
 * A kind's file as SheetRows: the header row (the first) matched to the
 * kind's columns, each later non-empty row's cells by column name, trimmed.
 * Columns absent from the file are absent from `cells`. Refused whole: an
 * unknown or a repeated column, a missing required one (400), more rows than
 * IMPORT_MAX_ROWS (413).
 */
export async function readImportFile(kind: ImportKind, content: Buffer): Promise<SheetRow[]> {
  const table = await readTable(content, {
    separators: [",", ";"],
    unreadable: unreadableImport,
  });
  const [header, ...data] = table;
  const columns = IMPORT_COLUMNS[kind];
  const spellings = columns.map((column) => ({ column, spellings: spellingsOf(column) }));
  const at = new Map<number, ImportColumn>();
  const unknown: string[] = [];
  for (const [index, cell] of (header?.cells ?? []).entries()) {
    const name = squeeze(cell);
    if (!name) continue;
    const found = spellings.find((s) => s.spellings.includes(name))?.column;
    if (!found) {
      unknown.push(cell.trim());
      continue;
    }
    if ([...at.values()].includes(found)) {
      throw new HttpError(
        400,
        "import_column_twice",
        { column: cell.trim() },
        `The column ${cell.trim()} is in the file twice.`,
      );
    }
    at.set(index, found);
  }
  if (unknown.length > 0) {
    const names = unknown.join(", ");
    throw new HttpError(
      400,
      "import_columns_unknown",
      { columns: names },
      `The file has columns an import of ${kind} does not know: ${names}. Use the template's columns.`,
    );
  }
  const taken = new Set(at.values());
  const missing = columns.filter((c) => c.required && !taken.has(c)).map((c) => c.label);
  if (missing.length > 0) {
    const names = missing.join(", ");
    throw new HttpError(
      400,
      "import_columns_missing",
      { columns: names },
      `The file lacks required columns: ${names}.`,
    );
  }
  const rows: SheetRow[] = [];
  for (const { row, cells } of data) {
    const read: Record<string, string> = {};
    for (const [index, column] of at) read[column.name] = (cells[index] ?? "").trim();
    // A row of blank cells (a spreadsheet's formatting below the data) is no row.
    if (Object.values(read).every((value) => value === "")) continue;
    rows.push({ row, cells: read });
    if (rows.length > IMPORT_MAX_ROWS) {
      throw new HttpError(
        413,
        "import_too_many_rows",
        { max: IMPORT_MAX_ROWS },
        `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString("en")} rows: split it into smaller files.`,
      );
    }
  }
  return rows;
}
