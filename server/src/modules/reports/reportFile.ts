import {
  EXPORT_LANGUAGES,
  type ExportLanguage,
  moneyOut,
  REPORT_FIELD_LABELS,
  REPORT_SCHEMAS,
  type ReportName,
  XLSX_MEDIA_TYPE,
} from "@store/contract";
import type ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { csvLine } from "../../lib/csv";
import { languageOfStored, translatorIn } from "../../lib/labels";
import type { Asked } from "./days";

/**
 * A report as a file (docs/decisions/xlsx-export.md, "Reports"): its series,
 * one row a period or ranked row, headed in words in the file's language;
 * with `compare`, the compared figures after them (the compared range's
 * period of the same place, or the ranked row's figures there). CSV or an
 * Excel workbook, whose second sheet holds the totals beside the compared.
 */

type Row = Record<string, unknown>;
type Shape = Record<string, z.ZodType>;
type Kind = "period" | "money" | "plain";
interface Column {
  label: string;
  kind: Kind;
  value: (row: Row, index: number) => unknown;
}
/** What the route answered: the report's figures and series. */
export interface ReportFigures {
  range: { from: string; to: string };
  previous_range: { from: string; to: string };
  totals: object;
  previous: object;
  series: readonly object[];
  previous_series?: readonly object[];
}

const MONEY = "0.00";
const DAY = "dd/mm/yyyy";

/** `_lang`, else the admin's saved language, else English (as the lists' files). */
function languageOf(reply: FastifyReply, query: Asked): ExportLanguage {
  const asked = query._lang;
  if (asked && (EXPORT_LANGUAGES as readonly string[]).includes(asked)) return asked;
  return languageOfStored(reply.request.admin?.languages);
}

const kindOf = (field: string, schema: z.ZodType | undefined): Kind =>
  field === "period" ? "period" : schema === moneyOut ? "money" : "plain";

/** A field's header: its words in the catalogues' `reports` section. */
const labelOf = (field: string, language: ExportLanguage) => {
  const key = REPORT_FIELD_LABELS[field];
  return key ? translatorIn(language).report(key) : field;
};

/** The file's columns: the series' fields, then the compared ones when the answer has them. */
function columnsOf(name: ReportName, answer: ReportFigures, language: ExportLanguage): Column[] {
  const shape = REPORT_SCHEMAS[name].shape.series.element.shape as Shape;
  // A field some answers leave out (a product's units returned, by product only)
  // is a column only when a row has it.
  const has = (rows: readonly object[], field: string, schema: z.ZodType | undefined) =>
    !schema?.isOptional() || rows.some((row) => field in row);
  const fields = Object.keys(shape).filter(
    (field) => field !== "previous" && has(answer.series, field, shape[field]),
  );
  const columns: Column[] = fields.map((field) => ({
    label: labelOf(field, language),
    kind: kindOf(field, shape[field]),
    value: (row) => row[field],
  }));
  const compared = (field: string) =>
    translatorIn(language).report("comparedColumn", { label: labelOf(field, language) });
  const periods = answer.previous_series as Row[] | undefined;
  if (periods) {
    for (const field of fields) {
      columns.push({
        label: compared(field),
        kind: kindOf(field, shape[field]),
        value: (_row, index) => periods[index]?.[field],
      });
    }
  }
  const previous = shape.previous as z.ZodOptional<z.ZodObject<Shape>> | undefined;
  if (previous && answer.series.some((row) => "previous" in row)) {
    const inner = previous.unwrap().shape;
    const previousRows = answer.series.flatMap((row) =>
      "previous" in row && row.previous ? [row.previous as object] : [],
    );
    for (const field of Object.keys(inner).filter((f) => has(previousRows, f, inner[f]))) {
      columns.push({
        label: compared(field),
        kind: kindOf(field, inner[field]),
        value: (row) => (row.previous as Row | undefined)?.[field],
      });
    }
  }
  return columns;
}

const fileName = (name: ReportName, query: Asked, ending: string) =>
  `attachment; filename="${name}-${query.from}-${query.to}.${ending}"`;

/** The series as CSV, like the lists' files (UTF-8 with a BOM), headed in words. */
export function sendReportCsv(
  reply: FastifyReply,
  name: ReportName,
  query: Asked,
  answer: ReportFigures,
): FastifyReply {
  const columns = columnsOf(name, answer, languageOf(reply, query));
  const rows = answer.series as Row[];
  const body = `\uFEFF${csvLine(columns.map((c) => c.label))}${rows
    .map((row, i) => csvLine(columns.map((c) => c.value(row, i))))
    .join("")}`;
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", fileName(name, query, "csv"))
    .send(body);
}

/** An Excel cell: money a number (exact text read once), a period a date, else as answered. */
function cellOf(value: unknown, kind: Kind): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === "money") return Number(value);
  if (kind === "period") return new Date(`${String(value)}T00:00:00Z`);
  return typeof value === "number" ? value : String(value);
}

/**
 * The series as an Excel workbook: one sheet of the series (money as numbers
 * with two places, periods as dates), and one of the totals beside the
 * compared range's. A report is at most a few hundred rows: written in memory.
 */
export async function sendReportXlsx(
  reply: FastifyReply,
  name: ReportName,
  query: Asked,
  answer: ReportFigures,
): Promise<FastifyReply> {
  const language = languageOf(reply, query);
  const columns = columnsOf(name, answer, language);
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(translatorIn(language).report(`names.${name}`).slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    width: Math.min(40, Math.max(12, c.label.length + 2)),
    ...(c.kind === "money" ? { style: { numFmt: MONEY } } : {}),
    ...(c.kind === "period" ? { style: { numFmt: DAY } } : {}),
  }));
  sheet.addRow(columns.map((c) => c.label)).font = { bold: true };
  (answer.series as Row[]).forEach((row, i) => {
    sheet.addRow(columns.map((c) => cellOf(c.value(row, i), c.kind)));
  });

  // The totals: each figure over the range and the range compared.
  const days = (range: { from: string; to: string }) =>
    `${range.from.split("-").reverse().join("/")} – ${range.to.split("-").reverse().join("/")}`;
  const totalsShape = REPORT_SCHEMAS[name].shape.totals.shape as Shape;
  const totals = workbook.addWorksheet(translatorIn(language).report("figures").slice(0, 31));
  totals.columns = [{ width: 32 }, { width: 26 }, { width: 26 }];
  totals.addRow([
    translatorIn(language).report("figure"),
    days(answer.range),
    days(answer.previous_range),
  ]).font = { bold: true };
  for (const field of Object.keys(totalsShape)) {
    const kind = kindOf(field, totalsShape[field]);
    const row = totals.addRow([
      labelOf(field, language),
      cellOf((answer.totals as Row)[field], kind),
      cellOf((answer.previous as Row)[field], kind),
    ]);
    if (kind === "money") for (const at of [2, 3]) row.getCell(at).numFmt = MONEY;
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return reply
    .type(XLSX_MEDIA_TYPE)
    .header("Content-Disposition", fileName(name, query, "xlsx"))
    .send(Buffer.from(buffer));
}
