import { customType, numeric } from "drizzle-orm/pg-core";

export const WIRE_TIMESTAMP = "yyyy-MM-dd HH:mm:ss";

/**
 * PostgreSQL's text of a timestamptz: the wire form, then the session's UTC offset
 * ("+08", "+05:30", "+06:46:46"). Every connection speaks the store's time zone,
 * the one the process runs in (db/client.ts sets it from the same TZ), so the
 * first 19 characters are already the wire timestamp: no parse, no formatting per
 * cell (docs/decisions/timestamps-wire-form.md).
 */
const PG_TIMESTAMPTZ = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d\d(?::\d\d){0,2}$/;
const WIRE_PATTERN = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Formats an instant as the wire timestamp in the store's time zone (process TZ). */
export function toWireTimestamp(value: Date | string): string {
  if (typeof value === "string" && PG_TIMESTAMPTZ.test(value)) return value.slice(0, 19);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return (
    `${String(date.getFullYear()).padStart(4, "0")}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())} ` +
    `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`
  );
}

/** Reads a wire timestamp as an instant in the store's time zone; Invalid Date if none. */
export function fromWireTimestamp(value: string): Date {
  const parts = WIRE_PATTERN.exec(value);
  if (!parts) return new Date(Number.NaN);
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = parts
    .slice(1)
    .map(Number);
  // Year 0 does not exist (1 BC comes before 1 AD).
  const fits =
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hours <= 23 &&
    minutes <= 59 &&
    seconds <= 59;
  if (!fits) return new Date(Number.NaN);
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // The constructor reads years 0-99 as 1900-1999.
  if (year < 100) date.setFullYear(year, month - 1, day);
  return date;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * A timestamptz column that speaks the wire format: rows come out as
 * "yyyy-MM-dd HH:mm:ss" in the store's time zone and values go in the same way,
 * so no route formats dates by hand.
 */
export const timestamp = customType<{ data: string; driverData: Date | string }>({
  dataType: () => "timestamp(0) with time zone",
  fromDriver: (value) => toWireTimestamp(value),
  toDriver: (value) => fromWireTimestamp(value).toISOString(),
});

/** Money and other exact decimals: numeric(12,2), answered as "12.50". */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both come out as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
