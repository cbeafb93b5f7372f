import {
  formatDecimal as decimalIn,
  formatLedgerAmount,
  type LedgerAccount,
  formatMoney as moneyIn,
  type NumberSigns,
} from "@store/contract/money";

// Three fixed numeric forms, read and written by hand: a date library would
// weigh more than every screen that shows a date (docs/BENCHMARKS.md).

/** The wire form of every timestamp (docs/REQUIREMENTS.md section 3), in the store's time zone. */
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

// The chosen language's conventions through Intl (docs/decisions/languages.md):
// en-GB for English, ms-MY for Malay, zh-CN for Chinese; money always "RM".
let locale = "en-GB";
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The Intl locale every date, number and amount is shown in from now on (web/src/i18n). */
export function setFormatLocale(next: string): void {
  locale = next;
}

export function formatLocale(): string {
  return locale;
}

function dateFormat(kind: "date" | "dateTime" | "short"): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "date"
        ? {}
        : kind === "dateTime"
          ? { dateStyle: "short", timeStyle: "short" }
          : {
              day: "numeric",
              month: "short",
              year: "numeric",
              hour: "numeric",
              minute: "2-digit",
              hour12: true,
            };
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** Date in the chosen language: "22/11/2026" (en-GB); nothing → "-". */
export function formatDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat("date").format(date) : "-";
}

/** Date and time in the chosen language: "22/11/2026, 15:04" (en-GB); nothing → "-". */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat("dateTime").format(date) : "-";
}

/** Short day-month-year with a 12-hour time (coupon and brand lists): "22 Nov 2026, 3:04 pm". */
export function formatShortDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat("short").format(date) : "-";
}

/** The short names of the twelve months in the chosen language (charts); English keeps "Sep". */
export function monthNames(english: readonly string[]): string[] {
  if (locale === "en-GB") return [...english];
  const format = new Intl.DateTimeFormat(locale, { month: "short" });
  return english.map((_, month) => format.format(new Date(2000, month, 1)));
}

/** A count in the chosen language's digits and grouping: "1,234". */
export function formatCount(value: number): string {
  return value.toLocaleString(locale);
}

const separators = new Map<string, NumberSigns>();

/** The chosen locale's grouping and decimal signs, as Intl writes them. */
function numberSigns(): NumberSigns {
  let signs = separators.get(locale);
  if (!signs) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
    signs = {
      group: parts.find((p) => p.type === "group")?.value ?? ",",
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    };
    separators.set(locale, signs);
  }
  return signs;
}

// Money is formatted by the contract's rules (packages/contract/src/money.ts),
// with the chosen language's signs.

/** "RM 1,234.50" from an exact decimal string, without passing through a float. */
export function formatMoney(value: string | number | null | undefined): string {
  return moneyIn(value, numberSigns());
}

/** "1,234.50" from an exact decimal string, with the chosen locale's signs. */
export function formatDecimal(value: string | number | null | undefined): string {
  return decimalIn(value, numberSigns());
}

/** A balance as the wallet screens show it: RM for the two wallets, PV for points. */
export function formatBalance(account: LedgerAccount, value: string): string {
  return formatLedgerAmount(account, value, numberSigns());
}

/**
 * True when a wire timestamp is before `now`. Both are the store's wall-clock
 * time as every list shows it (the browser's clock read in its own zone, the
 * one the back office runs in: docs/decisions/money-named-before-consent.md);
 * the fixed "yyyy-MM-dd HH:mm:ss" form compares as text.
 */
export function isPast(value: string | null | undefined, now: Date = new Date()): boolean {
  if (!value || !WIRE_PATTERN.test(value)) return false;
  return value < toWireTimestamp(now);
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
