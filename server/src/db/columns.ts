import { format, parse } from "date-fns";
import { customType, numeric } from "drizzle-orm/pg-core";

export const WIRE_TIMESTAMP = "yyyy-MM-dd HH:mm:ss";

/** Formats an instant as the wire timestamp in the store's time zone (process TZ). */
export function toWireTimestamp(value: Date | string): string {
  return format(value instanceof Date ? value : new Date(value), WIRE_TIMESTAMP);
}

/** Reads a wire timestamp as an instant in the store's time zone. */
export function fromWireTimestamp(value: string): Date {
  return parse(value, WIRE_TIMESTAMP, new Date());
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
