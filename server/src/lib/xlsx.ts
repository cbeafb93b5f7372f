import { type EventEmitter, once } from "node:events";
import { PassThrough } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  defaultExportFields,
  EXPORT_LANGUAGES,
  type ExportLanguage,
  exportLabel,
  VALUE_NAMES,
  XLSX_MEDIA_TYPE,
} from "@store/contract";
import type ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { orderStatuses } from "../db/schema";
import { columnsOf, listName, today } from "./csv";
import { badRequest } from "./errors";
import type { FieldType } from "./filters";
import { languageOfStored, translatorIn } from "./labels";
import type { ListExport } from "./lists/exportTypes";

/** Excel's formats: money with two decimals, dates as the screens show them (dd/mm/yyyy). */
const MONEY = "0.00";
const DAY = "dd/mm/yyyy";
const INSTANT = "dd/mm/yyyy hh:mm";
/** Sheet XML held for the zip before the next batch is read: the client takes it first (backpressure). */
const HELD_BYTES = 1024 * 1024;

/**
 * Where a sheet's XML waits for the zip. exceljs writes a row into it without
 * waiting (its StreamBuf ignores backpressure), so a slow client would leave
 * the whole sheet there; its length is what is written and not yet zipped
 * and sent. Not part of exceljs' typed API: undefined if it ever changes
 * (the export then still works, unpaced; test/list-xlsx.test.ts measures it).
 */
function zipInput(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  // archiver's own PassThrough (readable-stream 2, whose writable length is
  // only in its state), not node:stream's: checked by shape.
  const input = stream?.pipes?.[0] as Partial<ZipInput> | undefined;
  return typeof input?._writableState?.length === "number" && typeof input.once === "function"
    ? (input as ZipInput)
    : undefined;
}

interface ZipInput extends EventEmitter {
  _writableState: { length: number };
}

/** A wire time ("yyyy-MM-dd HH:mm:ss", the store's zone) as the same wall time in Excel (no zone). */
function wallTime(wire: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(wire);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  return new Date(Date.UTC(+(y ?? 0), +(mo ?? 1) - 1, +(d ?? 1), +h, +mi, +s));
}

/** The cell of one value: names for coded values, numbers, dates; text always a string (never a formula). */
function cellOf(value: unknown, type: FieldType, names?: Map<string, string>): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (names) return names.get(String(value)) ?? String(value);
  switch (type) {
    case "int":
      return typeof value === "number" ? value : Number(value);
    case "number": {
      // The exact decimal text ("1234.50") read once: Excel keeps a double either way.
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case "timestamp":
    case "date":
      return wallTime(String(value)) ?? String(value);
    default:
      // A string cell is text in every spreadsheet: "=1+1" stays those four characters.
      return String(value);
  }
}

const formatOf: Partial<Record<FieldType, string>> = {
  number: MONEY,
  date: DAY,
  timestamp: INSTANT,
};

/** The fields asked for (`_columns`), each one the list answers; else the screen's. */
function chosenFields(reply: FastifyReply, list: string): string[] {
  const answered = columnsOf(reply);
  const asked = (reply.request.query as { _columns?: string })._columns;
  if (asked) {
    const fields = asked.split(",");
    const unknown = fields.find((field) => !answered.includes(field));
    if (unknown !== undefined) {
      throw badRequest(
        "_columns",
        "unknown_column",
        { column: unknown.slice(0, 60), columns: answered.join(", ") },
        `"${unknown.slice(0, 60)}" is not a column this list can export; it exports ${answered.join(", ")}.`,
      );
    }
    return [...new Set(fields)];
  }
  const screen = defaultExportFields(list)?.filter((field) => answered.includes(field));
  return screen?.length ? screen : answered;
}

/** `_lang`, else the admin's saved language, else English. */
function languageOf(reply: FastifyReply): ExportLanguage {
  const asked = (reply.request.query as { _lang?: string })._lang;
  if (asked && (EXPORT_LANGUAGES as readonly string[]).includes(asked)) {
    return asked as ExportLanguage;
  }
  return languageOfStored(reply.request.admin?.languages);
}

/** Each chosen field's values by name, translated (statuses). */
async function namesOf(
  exported: ListExport,
  fields: string[],
  language: ExportLanguage,
): Promise<(Map<string, string> | undefined)[]> {
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const translated = (entries: [string, string][]) =>
    new Map(
      entries.map(([value, name]) => [value, capitalised(translatorIn(language).label(name))]),
    );
  let orderNames: Map<string, string> | undefined;
  if (fields.includes("order_status")) {
    const rows = await exported.db.select().from(orderStatuses);
    orderNames = translated(rows.map((r) => [String(r.order_status_id), r.order_status_name]));
  }
  return fields.map((field) => {
    if (field === "order_status") return orderNames;
    const names = Object.hasOwn(VALUE_NAMES, field) ? VALUE_NAMES[field] : undefined;
    return names && translated(Object.entries(names));
  });
}

/**
 * Answers a whole list as an Excel workbook (docs/decisions/xlsx-export.md):
 * the chosen columns headed by their labels in the chosen language, one row
 * per record in the list's order, written by exceljs' streaming writer as the
 * batches come (the same keyset batches, filters, search and sort as the
 * CSV). The columns, the language and the first batch are settled before the
 * status line, so a bad `_columns` or a failing query is a plain error answer.
 * The next batch is read only once the client has taken most of the last.
 */
export async function sendXlsx(reply: FastifyReply, exported: ListExport): Promise<FastifyReply> {
  const list = listName(reply);
  const fields = chosenFields(reply, list);
  const language = languageOf(reply);
  const names = await namesOf(exported, fields, language);
  const types = fields.map((field) => exported.fields[field]?.type ?? "text");
  const iterator = exported.lines(fields)[Symbol.asyncIterator]();
  let next = await iterator.next();

  const out = new PassThrough();
  // Loaded on the first workbook asked for: it is the heaviest package to load
  // (~0.5 s), and most processes never write one.
  const { default: excel } = await import("exceljs");
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(list.slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  const labels = fields.map((field) => {
    const own = exportLabel(list, field);
    return own ? translatorIn(language).label(own) : translatorIn(language).field(field);
  });
  sheet.columns = fields.map((field, i) => {
    const numFmt = formatOf[types[i] ?? "text"];
    return {
      key: field,
      width: Math.min(40, Math.max(12, (labels[i] ?? "").length + 2)),
      ...(numFmt && !names[i] ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.addRow(labels);
  header.font = { bold: true };
  header.commit();

  const write = async () => {
    while (!next.done) {
      for (const line of next.value.split("\n")) {
        if (!line) continue;
        const values = JSON.parse(line) as unknown[];
        sheet
          .addRow(values.map((value, i) => cellOf(value, types[i] ?? "text", names[i])))
          .commit();
      }
      // The zip takes what is written before the next batch is read.
      const input = zipInput(sheet);
      while (input && input._writableState.length > HELD_BYTES && !out.destroyed) {
        // Whichever comes first; the other's listener is removed (no build-up per batch).
        const done = new AbortController();
        const { signal } = done;
        await Promise.race([once(input, "drain", { signal }), once(out, "close", { signal })]);
        done.abort();
      }
      if (out.destroyed) return;
      await nextTurn();
      next = await iterator.next();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_MEDIA_TYPE)
    .header("Content-Disposition", `attachment; filename="${list}-${today()}.xlsx"`)
    .send(out);
}
