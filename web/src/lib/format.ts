import { format, isValid, parse } from "date-fns";

/** The wire form of every timestamp (CONTRACT.md), in the store's time zone. */
export const WIRE_TIMESTAMP = "yyyy-MM-dd HH:mm:ss";

export function parseWireTimestamp(value: string): Date {
  return parse(value, WIRE_TIMESTAMP, new Date());
}

export function toWireTimestamp(date: Date): string {
  return format(date, WIRE_TIMESTAMP);
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date =
    value.length === 10 ? parse(value, "yyyy-MM-dd", new Date()) : parseWireTimestamp(value);
  return isValid(date) ? date : null;
}

const enGBDate = new Intl.DateTimeFormat("en-GB");
const enGBDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeStyle: "short" });
const enGBShort = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** en-GB date: "22/11/2026"; nothing → "-". */
export function formatDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? enGBDate.format(date) : "-";
}

/** en-GB date and time: "22/11/2026, 15:04"; nothing → "-". */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? enGBDateTime.format(date) : "-";
}

/** Short day-month-year with a 12-hour time (coupon and brand lists): "22 Nov 2026, 3:04 pm". */
export function formatShortDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? enGBShort.format(date) : "-";
}

/**
 * "RM 1,234.50" from an exact decimal string, without passing through a float:
 * the digits are grouped as text.
 */
export function formatMoney(value: string | number | null | undefined, symbol = "RM"): string {
  return `${symbol} ${formatDecimal(value)}`;
}

/** "1,234.50" from an exact decimal string. */
export function formatDecimal(value: string | number | null | undefined): string {
  const text = value === null || value === undefined || value === "" ? "0" : String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${`${frac}00`.slice(0, 2)}`;
}

/** The value for an <input type="datetime-local"> from a wire timestamp. */
export function toDateTimeLocal(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, "yyyy-MM-dd'T'HH:mm") : "";
}

/** A wire timestamp from an <input type="datetime-local"> value. */
export function fromDateTimeLocal(value: string): string {
  if (!value) return "";
  const date = parse(
    value,
    value.length > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm",
    new Date(),
  );
  return isValid(date) ? toWireTimestamp(date) : "";
}
