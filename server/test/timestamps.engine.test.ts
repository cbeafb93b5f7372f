/**
 * The wire timestamps of db/columns.ts are formatted by hand (no library call per
 * cell): they must read and write exactly what date-fns did before, in the store's
 * time zone, and a timestamp read from either engine must be that instant there.
 */
import { format, parse } from "date-fns";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromWireTimestamp, toWireTimestamp, WIRE_TIMESTAMP } from "../src/db/columns";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const instant = fc.date({
  min: new Date("1000-01-01T00:00:00Z"),
  max: new Date("9999-12-30T00:00:00Z"),
  noInvalidDate: true,
});
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
/** Wire-shaped strings, most of them real dates, some not (31 February, hour 24, second 60). */
const wireLike = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32), two(24), two(60), two(60))
  .map(([y, mo, d, h, mi, s]) => `${String(y).padStart(4, "0")}-${mo}-${d} ${h}:${mi}:${s}`);

describe("wire timestamps without a library call per cell", () => {
  it("formats any instant as date-fns did, in the process time zone", () => {
    fc.assert(
      fc.property(instant, (date) => {
        expect(toWireTimestamp(date)).toBe(format(date, WIRE_TIMESTAMP));
        expect(toWireTimestamp(date.toISOString())).toBe(format(date, WIRE_TIMESTAMP));
      }),
      { numRuns: 2000 },
    );
  });

  it("parses any wire-shaped text as date-fns did, invalid dates included", () => {
    fc.assert(
      fc.property(wireLike, (text) => {
        const ours = fromWireTimestamp(text).getTime();
        const theirs = parse(text, WIRE_TIMESTAMP, new Date()).getTime();
        expect(Number.isNaN(ours) ? "invalid" : ours).toBe(
          Number.isNaN(theirs) ? "invalid" : theirs,
        );
      }),
      { numRuns: 5000 },
    );
    for (const text of ["2024-02-29 23:59:59", "2023-02-29 00:00:00", "1900-02-29 00:00:00", "x"]) {
      const theirs = parse(text, WIRE_TIMESTAMP, new Date()).getTime();
      expect(fromWireTimestamp(text).getTime()).toEqual(theirs);
    }
  });

  it("refuses to format an invalid instant, as before", () => {
    expect(() => toWireTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("reads the database's text as the same instant in the store's time zone", async () => {
    const instants = ["2024-01-01 00:00:00+00", "2024-06-30 16:30:45+00", "1969-12-31 23:59:59+00"];
    for (const text of instants) {
      const result = await ctx.db.execute<{ at: string }>(
        sql`select ${text}::timestamptz(0)::text as at`,
      );
      const at = result.rows[0]?.at ?? "";
      // The session's own text, offset included, is cut to the wire form...
      expect(toWireTimestamp(at)).toBe(at.slice(0, 19));
      // ...which is the process's local time of that instant.
      expect(toWireTimestamp(at)).toBe(
        format(new Date(text.replace(" ", "T").replace("+00", "Z")), WIRE_TIMESTAMP),
      );
    }
  });
});
