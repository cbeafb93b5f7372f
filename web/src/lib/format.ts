// Three fixed numeric forms, read and written by hand: a date library would
// weigh more than every screen that shows a date (docs/BENCHMARKS.md).

/** The wire form of every timestamp (docs/REQUIREMENTS.md), in the store's time zone. */
export const WIRE_TIMESTAMP = "yyyy-MM-dd HH:mm:ss";

const WIRE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What <input type="datetime-local"> gives: seconds only when they are not zero. */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A local time from a matching string; Invalid Date for no match or an impossible day or time. */
function parseLocal(value: string, pattern: RegExp): Date {
  const parts = pattern
    .exec(value)
    ?.slice(1)
    .map((part) => Number(part ?? 0));
  if (!parts) return new Date(Number.NaN);
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = parts;
  const date = new Date(2000, month - 1, day, hours, minutes, seconds);
  date.setFullYear(year, month - 1, day); // years before 100 too
  // 31 April or 24:00 would roll over into another day: refuse them instead.
  const exact =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes &&
    date.getSeconds() === seconds;
  return exact ? date : new Date(Number.NaN);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "yyyy-MM-dd" and "HH:mm" of a local time. */
function localParts(date: Date): { day: string; time: string } {
  return {
    day: `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

export function parseWireTimestamp(value: string): Date {
  return parseLocal(value, WIRE_PATTERN);
}

export function toWireTimestamp(date: Date): string {
  const { day, time } = localParts(date);
  return `${day} ${time}:${pad(date.getSeconds())}`;
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseLocal(value, value.length === 10 ? DATE_PATTERN : WIRE_PATTERN);
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
  if (!date) return "";
  const { day, time } = localParts(date);
  return `${day}T${time}`;
}

/** A wire timestamp from an <input type="datetime-local"> value. */
export function fromDateTimeLocal(value: string): string {
  if (!value) return "";
  const date = parseLocal(value, LOCAL_PATTERN);
  return isValid(date) ? toWireTimestamp(date) : "";
}
