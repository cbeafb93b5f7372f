/**
 * The one writer of every bank file format (bankFormats.ts): the header rows,
 * the column titles, one row per line and the trailer rows, each cell cleaned
 * to the characters the format allows and cut to its length.
 */
import { type BankFileColumn, type BankFileFormat, fromSen, toSen } from "@store/contract";
import { conflict } from "../../lib/errors";
import { bankCodeOf } from "./bankFormats";

/** A line as the file needs it: the payee as batched. */
export interface BankFileLine {
  withdraw_id: number;
  username: string;
  payee_name: string;
  bank_name: string;
  bank_acc: string;
  amount: string;
}

export interface BankFileBatch {
  batch_id: number;
  total: string;
  /** The payment date, yyyy-MM-dd in the store's zone. */
  date: string;
  store: string;
  lines: readonly BankFileLine[];
}

/** What a file holds: its text, its payee rows and their sum (equal to the batch's). */
export interface BankFile {
  content: string;
  rows: number;
  total: string;
}

/** The reference written in a line's row; the bank's answer names the line by it. */
export const lineReference = (withdrawId: number) => `WR${withdrawId}`;
/** The batch as its header rows and descriptions name it. */
export const batchReference = (batchId: number) => `PB${String(batchId).padStart(6, "0")}`;

/** Letters a decomposition leaves whole: written as the bank's alphabet would. */
const SPELLED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  œ: "oe",
  Œ: "OE",
};

/**
 * Text as the bank takes it: accents dropped (é → e), letters it lacks spelled
 * out, capitals if the format says so, any other character removed, spaces
 * collapsed, no leading punctuation (nothing a spreadsheet reads as a
 * formula), cut to `max` characters.
 */
export function bankText(format: BankFileFormat, value: string, max: number | null): string {
  let text = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæÆøØłŁđĐœŒ]/g, (c) => SPELLED[c] ?? "");
  if (format.upper_case) text = text.toUpperCase();
  const refused = new RegExp(`[^${format.allowed_characters}]`, "gu");
  text = text
    .replace(/\s+/g, " ")
    .replace(refused, "")
    .replace(/ {2,}/g, " ")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .trim();
  if (format.quote === "never") text = text.replaceAll(format.separator, "").replaceAll('"', "");
  return max === null ? text : text.slice(0, max).trim();
}

export function bankAmount(format: BankFileFormat, amount: string | bigint): string {
  const sen = typeof amount === "bigint" ? amount : toSen(amount);
  return format.amount_format === "sen" ? sen.toString() : fromSen(sen);
}

/** "2026-11-29" in the format's yyyy / MM / dd order. */
export function bankDate(format: BankFileFormat, isoDate: string): string {
  const [year = "", month = "", day = ""] = isoDate.split("-");
  return format.date_format.replace("yyyy", year).replace("MM", month).replace("dd", day);
}

function cell(format: BankFileFormat, value: string): string {
  const needsQuotes =
    format.quote === "always" ||
    (format.quote === "when_needed" && /[",\r\n;|\t]/.test(value)) ||
    (format.quote === "when_needed" && value.includes(format.separator));
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

const row = (format: BankFileFormat, cells: string[]) =>
  cells.map((c) => cell(format, c)).join(format.separator) + format.line_end;

/** A line's value for one column, or a 409 naming the request when the bank could not take it. */
function lineValue(
  format: BankFileFormat,
  column: BankFileColumn,
  line: BankFileLine,
  batch: BankFileBatch,
): string {
  if (column.field === null) return column.constant ?? "";
  const max = column.max_length;
  switch (column.field) {
    case "row":
      return String(batch.lines.indexOf(line) + 1);
    case "reference":
      return lineReference(line.withdraw_id);
    case "payee_name": {
      const name = bankText(format, line.payee_name, max) || bankText(format, line.username, max);
      if (!name) throw unwritable(line, "payee_name");
      return name;
    }
    case "bank_name":
      return bankText(format, line.bank_name, max);
    case "bank_code": {
      const code = bankCodeOf(line.bank_name);
      if (code === null && !column.optional) {
        throw conflict(
          "payout_bank_unknown",
          { id: line.withdraw_id, bank: line.bank_name },
          `Withdrawal request #${line.withdraw_id} names the bank "${line.bank_name}", whose bank code this format needs and the store does not know; choose another format or correct the bank name.`,
        );
      }
      return code ?? "";
    }
    case "account": {
      // Malaysian account numbers are digits; dashes and spaces typed in go.
      const digits = line.bank_acc.replace(/\D/g, "");
      if (!digits) throw unwritable(line, "bank_acc");
      return max === null ? digits : digits.slice(0, max);
    }
    case "amount":
      return bankAmount(format, line.amount);
    case "payment_date":
      return bankDate(format, batch.date);
    case "description":
      return bankText(format, `Payout ${batchReference(batch.batch_id)}`, max);
    case "transfer_type": {
      const types = format.transfer_types;
      return types.own_bank !== null && bankCodeOf(line.bank_name) === types.own_bank
        ? types.same
        : types.other;
    }
  }
}

function unwritable(line: BankFileLine, field: "payee_name" | "bank_acc") {
  return conflict(
    "payout_line_unwritable",
    { id: line.withdraw_id, field },
    `Withdrawal request #${line.withdraw_id} has no ${field === "payee_name" ? "payee name" : "bank account number"} the bank can take (its characters are outside what this format allows).`,
  );
}

/** A header or trailer cell: literal text with {batch}, {date}, {count}, {total}, {store} filled in. */
function batchCell(format: BankFileFormat, template: string, batch: BankFileBatch, total: bigint) {
  return template.replace(/\{(batch|date|count|total|store)\}/g, (_match, name: string) => {
    switch (name) {
      case "batch":
        return batchReference(batch.batch_id);
      case "date":
        return bankDate(format, batch.date);
      case "count":
        return String(batch.lines.length);
      case "total":
        return bankAmount(format, total);
      default:
        return bankText(format, batch.store, 40);
    }
  });
}

/** Draws the batch in the format. The rows' sum must be the batch's total: else it is our bug. */
export function writeBankFile(format: BankFileFormat, batch: BankFileBatch): BankFile {
  const total = batch.lines.reduce((sum, line) => sum + toSen(line.amount), 0n);
  if (total !== toSen(batch.total)) {
    throw new Error(`Payout batch ${batch.batch_id}: its lines do not sum to its total.`);
  }
  let content = "";
  for (const header of format.header) {
    content += row(
      format,
      header.map((c) => batchCell(format, c, batch, total)),
    );
  }
  if (format.column_titles)
    content += row(
      format,
      format.columns.map((c) => c.title),
    );
  for (const line of batch.lines) {
    content += row(
      format,
      format.columns.map((c) => lineValue(format, c, line, batch)),
    );
  }
  for (const trailer of format.trailer) {
    content += row(
      format,
      trailer.map((c) => batchCell(format, c, batch, total)),
    );
  }
  return { content, rows: batch.lines.length, total: fromSen(total) };
}
