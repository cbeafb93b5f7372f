import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatMoney,
  formatShortDateTime,
  fromDateTimeLocal,
  toDateTimeLocal,
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
