import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shiftDay } from "../src/modules/reports/days";
import { type Piece, pieces } from "../src/modules/reports/rollupReads";

/**
 * A report range as year, month and day rows (migration 0027,
 * docs/decisions/reports-rollups.md, "Pieces"): whatever the range and the
 * day it is asked on, the rows count every day of the range once and no other
 * day, including days after `to` when the range reaches today (a clock ahead).
 */
const LAST = "2031-12-31";
const dayNumber = (day: string) => Date.parse(day) / 86_400_000;

/** How many times each day (as a day number) up to LAST is counted by the pieces. */
function coverage(parts: readonly Piece[]): Map<number, number> {
  const counted = new Map<number, number>();
  for (const p of parts) {
    for (let row = p.from; row <= p.to && row <= LAST; ) {
      const end =
        p.suffix === "@year"
          ? `${row.slice(0, 4)}-12-31`
          : p.suffix === "@month"
            ? shiftDay(`${shiftDay(`${row.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1)
            : row;
      for (let n = dayNumber(row); n <= dayNumber(end); n++)
        counted.set(n, (counted.get(n) ?? 0) + p.sign);
      row = shiftDay(end, 1);
    }
  }
  return counted;
}

const day = fc.integer({ min: 0, max: 5 * 366 }).map((n) => shiftDay("2025-01-01", n - 366));

describe("a report range as roll-up rows", () => {
  it("counts every day of the range once and nothing else, on any day it is asked", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 730 }),
        day,
        fc.boolean(),
        fc.boolean(),
        (from, length, today, years, months) => {
          const to = shiftDay(from, length);
          const parts = pieces(from, to, { years: years && months, months }, today);
          const counted = coverage(parts);
          const [first, last] = [dayNumber(from), dayNumber(to)];
          const wrong = [...counted].filter(
            ([n, times]) => times !== (n >= first && n <= last ? 1 : 0),
          );
          for (let n = first; n <= last; n++) if (!counted.has(n)) wrong.push([n, 0]);
          expect(wrong).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads a year to today as a handful of rows per key, not 365", () => {
    const parts = pieces("2025-11-28", "2026-11-27", undefined, "2026-11-27");
    expect(parts).toEqual([
      { suffix: "", from: "2025-11-28", to: "2025-11-30", sign: 1 },
      { suffix: "@month", from: "2025-12-01", to: "2025-12-01", sign: 1 },
      { suffix: "@year", from: "2026-01-01", to: "2026-01-01", sign: 1 },
      { suffix: "", from: "2026-11-28", to: "2026-12-31", sign: -1, ahead: true },
    ]);
    // The year before it: its last month whole less the three days after `to`.
    expect(pieces("2024-11-28", "2025-11-27", undefined, "2026-11-27")).toEqual([
      { suffix: "", from: "2024-11-28", to: "2024-11-30", sign: 1 },
      { suffix: "@month", from: "2024-12-01", to: "2025-11-01", sign: 1 },
      { suffix: "", from: "2025-11-28", to: "2025-11-30", sign: -1 },
    ]);
  });
});
