import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatShortDateTime,
  fromDateTimeLocal,
  parseWireTimestamp,
  toDateTimeLocal,
  toWireTimestamp,
} from "../src/lib/format";

describe("formatMoney", () => {
  it("shows RM and two decimals, grouping digits without passing through a float", () => {
    expect(formatMoney("12.5")).toBe("RM 12.50");
    expect(formatMoney("1234567.89")).toBe("RM 1,234,567.89");
    expect(formatMoney("9007199254740993.01")).toBe("RM 9,007,199,254,740,993.01");
    expect(formatMoney(null)).toBe("RM 0.00");
    expect(formatMoney("0")).toBe("RM 0.00");
  });
});

describe("dates", () => {
  it("shows en-GB dates and '-' for none", () => {
    expect(formatDate("2026-03-04 10:11:12")).toBe("04/03/2026");
    expect(formatDate(null)).toBe("-");
    expect(formatDate("1990-12-25")).toBe("25/12/1990");
  });

  it("shows the short day-month-year 12-hour form of the coupon and brand lists", () => {
    expect(formatShortDateTime("2026-11-22 15:04:00")).toMatch(/^22 Nov 2026,? 3:04\s?pm$/i);
    expect(formatShortDateTime(undefined)).toBe("-");
  });

  it("turns datetime-local values into wire timestamps and back", () => {
    expect(fromDateTimeLocal("2026-12-01T09:30")).toBe("2026-12-01 09:30:00");
    expect(toDateTimeLocal("2026-12-01 09:30:00")).toBe("2026-12-01T09:30");
    expect(fromDateTimeLocal("")).toBe("");
  });
});

describe("reading and writing the fixed forms by hand", () => {
  it("reads a wire timestamp as the local time it names, and writes it back", () => {
    const date = parseWireTimestamp("2026-03-04 05:06:07");
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 4]);
    expect([date.getHours(), date.getMinutes(), date.getSeconds()]).toEqual([5, 6, 7]);
    expect(toWireTimestamp(date)).toBe("2026-03-04 05:06:07");
    expect(toWireTimestamp(new Date(2026, 0, 2, 3, 4, 5))).toBe("2026-01-02 03:04:05");
  });

  it("refuses what is not one of the forms, or a day or time that does not exist", () => {
    for (const bad of ["2026-3-4 05:06:07", "2026-03-04T05:06:07", "garbage", "2026-03-04"]) {
      expect(Number.isNaN(parseWireTimestamp(bad).getTime()), bad).toBe(true);
    }
    for (const bad of ["2026-02-30 00:00:00", "2026-04-31 10:00:00", "2026-01-01 24:00:00"]) {
      expect(formatDateTime(bad), bad).toBe("-");
    }
    expect(formatDate("2026-13-01")).toBe("-");
    expect(fromDateTimeLocal("2026-02-29T10:00")).toBe("");
    expect(toDateTimeLocal("not a date")).toBe("");
  });

  it("takes datetime-local values with seconds, and keeps leap days", () => {
    expect(fromDateTimeLocal("2028-02-29T23:59:30")).toBe("2028-02-29 23:59:30");
    expect(formatDate("2028-02-29")).toBe("29/02/2028");
  });
});
