import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { isScreenOnly } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Field } from "./filters";

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (money "-12.50", a count): a spreadsheet reads it as a number, not a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** A quote, any separator a spreadsheet may split on (comma, semicolon, tab) or a line break. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180): text that begins like a formula is prefixed with
 * an apostrophe so no spreadsheet runs it; quoted when it holds a comma, a
 * quote, a line break, a semicolon or a tab (the separators of other locales
 * and of tab-separated imports: unquoted, a formula could start mid-cell;
 * docs/decisions/csv-export.md). Money stays a plain decimal ("1234.50"), a missing
 * value an empty cell, an object (an audit row's before/after) its JSON.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

// The same rules as csvCell, for PostgreSQL's regular expressions.
const FORMULA_START_SQL = "^[-=+@\t\r]";
const PLAIN_NUMBER_SQL = "^-?[0-9]+([.][0-9]+)?$";
const NEEDS_QUOTES_SQL = '[",;\t\r\n]';

/**
 * One CSV line written by PostgreSQL, by the rules of csvCell: wire
 * timestamps (the first 19 characters of a timestamptz's text, in the
 * session's zone, which is the store's), numbers and money as their plain
 * text, text neutralised and quoted, JSON as its text, null as an empty cell.
 * A field the list does not know is an empty cell.
 */
export function csvLineSql(fields: (Field | undefined)[]): SQL {
  const cells = fields.map((field) => {
    if (!field) return sql`''`;
    const e = sql`(${field.by})`;
    switch (field.type) {
      case "timestamp":
        return sql`coalesce(left(${e}::text, 19), '')`;
      case "int":
      case "number":
      case "date":
        return sql`coalesce(${e}::text, '')`;
      default: {
        const t = sql`(${e}::text)`;
        const neutral = sql`(case when ${t} ~ ${FORMULA_START_SQL} and ${t} !~ ${PLAIN_NUMBER_SQL}
          then '''' || ${t} else ${t} end)`;
        return sql`(case when ${t} is null then ''
          when ${t} ~ ${NEEDS_QUOTES_SQL} then '"' || replace(${neutral}, '"', '""') || '"'
          else ${neutral} end)`;
      }
    }
  });
  return sql`(${sql.join(cells, sql` || ',' || `)} || ${"\r\n"})`;
}

/**
 * One row as a JSON array on a line of its own, for a workbook (lib/xlsx.ts):
 * the same values as csvLineSql, typed (a whole number a number, money its
 * exact decimal text, a time its wire text), null as null. JSON escapes line
 * breaks, so a batch splits on them.
 */
export function jsonLineSql(fields: (Field | undefined)[]): SQL {
  const cells = fields.map((field) => {
    if (!field) return sql`null::text`;
    const e = sql`(${field.by})`;
    switch (field.type) {
      case "timestamp":
        return sql`left(${e}::text, 19)`;
      case "int":
        return e;
      default:
        return sql`${e}::text`;
    }
  });
  return sql`(json_build_array(${sql.join(cells, sql`, `)})::text || ${"\n"})`;
}

/** The fields of the list's answered record: the element of its 200 response's array. */
export function columnsOf(reply: FastifyReply): string[] {
  const schema = (reply.request.routeOptions.schema as { response?: Record<number, unknown> })
    ?.response?.[200];
  if (schema instanceof z.ZodArray && schema.element instanceof z.ZodObject) {
    // A field worked out for the screen (the audit log's names) is no column of the file.
    return Object.entries(schema.element.shape)
      .filter(([, field]) => !isScreenOnly(field))
      .map(([name]) => name);
  }
  return [];
}

/** "/api/withdrawRequest" → "withdrawRequest". */
export function listName(reply: FastifyReply): string {
  const url = reply.request.routeOptions.url ?? "list";
  return url.split("/").filter(Boolean).pop() ?? "list";
}

/** Today in the store's zone (the process runs in it: db/client.ts). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Answers a whole list as a CSV file (docs/decisions/csv-export.md): UTF-8 with a BOM (so spreadsheets read
 * the accents), a header row of the record's fields, one row per record,
 * `<list>-<yyyy-mm-dd>.csv`. Batches are read as the client takes them
 * (backpressure), each giving the event loop a turn, so memory holds one
 * batch whatever the list's size. The first batch is read before the status
 * line: a failing query is still a plain error answer.
 */
export async function sendCsv(
  reply: FastifyReply,
  lines: (fields: string[]) => AsyncIterable<string>,
): Promise<FastifyReply> {
  const columns = columnsOf(reply);
  const iterator = lines(columns)[Symbol.asyncIterator]();
  let next = await iterator.next();
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(columns)}`;
    while (!next.done) {
      if (next.value) yield next.value;
      await nextTurn();
      next = await iterator.next();
    }
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${listName(reply)}-${today()}.csv"`)
    .send(Readable.from(chunks(), { objectMode: false }));
}
