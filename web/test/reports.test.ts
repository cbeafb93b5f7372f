import { describe, expect, it } from "vitest";
import { presetRange } from "../src/pages/reports/presets";
import { changeOf } from "../src/pages/reports/reportFigures";

describe("the /reports range and comparison", () => {
  const now = new Date(2026, 2, 1, 0, 30); // 1 March 2026, 00:30 in the browser's clock

  it("turns each preset into inclusive days", () => {
    expect(presetRange("today", now)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(presetRange("last7", now)).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(presetRange("thisMonth", now)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    // February of a common year: the 28th is its last day.
    expect(presetRange("lastMonth", now)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("thisYear", now)).toEqual({ from: "2026-01-01", to: "2026-03-01" });
    expect(presetRange("lastMonth", new Date(2026, 0, 15))).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });

  it("gives the change in % to one place, none when the previous range had nothing", () => {
    expect(changeOf(150, 100)).toBe(50);
    expect(changeOf(50, 100)).toBe(-50);
    expect(changeOf(1, 3)).toBe(-66.7);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(0, 0)).toBeNull();
  });
});
