/**
 * A kind's template (GET imports/template): its columns' labels in the
 * chosen language as the header and one example row, as a CSV (UTF-8 with a
 * BOM, so Excel reads it as UTF-8) or a workbook with a bold header and a
 * note on each required column. The file's headers read back as the same
 * columns (imports/sheet.ts matches labels in every language).
 */
import {
  type ExportLanguage,
  IMPORT_COLUMNS,
  type ImportKind,
  XLSX_MEDIA_TYPE,
} from "@store/contract";
import { translatorIn } from "../../lib/labels";

export interface TemplateFile {
  fileName: string;
  mediaType: string;
  content: Buffer;
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break. */
const csvCell = (text: string) =>
  /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

export async function importTemplate(
  kind: ImportKind,
  format: "xlsx" | "csv",
  language: ExportLanguage,
): Promise<TemplateFile> {
  const t = translatorIn(language);
  const columns = IMPORT_COLUMNS[kind];
  const header = columns.map((c) => t.label(c.label));
  const example = columns.map((c) => c.example);
  const baseName = `import-${kind}-template`;
  if (format === "csv") {
    const lines = [header, example].map((cells) => cells.map(csvCell).join(","));
    return {
      fileName: `${baseName}.csv`,
      mediaType: "text/csv; charset=utf-8",
      content: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8"),
    };
  }
  const { default: excel } = await import("exceljs");
  const book = new excel.Workbook();
  const sheet = book.addWorksheet(t.label("Import"));
  sheet.addRow(header);
  // Every cell text: a SKU such as 00123 or a price keeps what was written.
  sheet.addRow(example);
  const required = t.label("Required");
  columns.forEach((column, index) => {
    const cell = sheet.getRow(1).getCell(index + 1);
    cell.font = { bold: true };
    if (column.required) cell.note = required;
    sheet.getColumn(index + 1).width = Math.max(12, (header[index] ?? "").length + 4);
    sheet.getColumn(index + 1).numFmt = "@";
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const written = await book.xlsx.writeBuffer();
  return {
    fileName: `${baseName}.xlsx`,
    mediaType: XLSX_MEDIA_TYPE,
    content: Buffer.from(written as ArrayBuffer),
  };
}
