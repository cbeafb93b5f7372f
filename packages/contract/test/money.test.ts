import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  compareMoney,
  ENGLISH_SIGNS,
  formatDecimal,
  formatLedgerAmount,
  formatMoney,
  fromSen,
  isAmount,
  money,
  PLAIN_SIGNS,
  subtractMoney,
  sumMoney,
  toMoneyString,
  toSen,
} from "../src";

// The one money module both sides use: the server's ledger and the web's
// dialogs add with these, and both show amounts by these rules.

describe("whole sen", () => {
  it("reads an amount into sen and writes it back with two places", () => {
    expect(toSen("12.5")).toBe(1250n);
    expect(toSen("-0.05")).toBe(-5n);
    expect(toSen(" 3 ")).toBe(300n);
    expect(toSen("9007199254740993.01")).toBe(900719925474099301n); // past a float's exact range
    expect(fromSen(1250n)).toBe("12.50");
    expect(fromSen(-5n)).toBe("-0.05");
    expect(fromSen(0n)).toBe("0.00");
    expect(fromSen(900719925474099301n)).toBe("9007199254740993.01");
  });

  it("refuses what is not an amount rather than guess", () => {
    for (const bad of ["", "-", "1.234", "1e3", "RM 5", "1,000", "abc"]) {
      expect(() => toSen(bad), bad).toThrow(/Not an amount/);
    }
  });

  it("writes the two-place form the wire answers", () => {
    expect(toMoneyString("12.5")).toBe("12.50");
    expect(toMoneyString("007")).toBe("7.00");
    expect(toMoneyString("-0")).toBe("0.00");
    expect(toMoneyString("-3.1")).toBe("-3.10");
    expect(money("Amount", { min: -10 }).parse(-3.1)).toBe("-3.10");
  });
});

describe("exact sums (the figures an admin confirms)", () => {
  it("adds, subtracts and compares to the sen where floats would not", () => {
    expect(addMoney("0.10", "0.20")).toBe("0.30");
    expect(subtractMoney("10.05", "10.10")).toBe("-0.05");
    expect(addMoney("9999999999.99", "0.01")).toBe("10000000000.00");
    expect(compareMoney("0.30", "0.1")).toBe(1);
    expect(compareMoney("1.10", "1.1")).toBe(0);
    expect(compareMoney("-1", "0")).toBe(-1);
    expect(sumMoney(Array.from({ length: 10 }, () => "0.10"))).toBe("1.00");
    expect(isAmount("12.50")).toBe(true);
    expect(isAmount("12.505")).toBe(false);
  });
});

describe("the RM rules", () => {
  it("groups digits as text, with the signs given", () => {
    expect(formatDecimal("1234567.8")).toBe("1,234,567.80");
    expect(formatDecimal("9007199254740993.01")).toBe("9,007,199,254,740,993.01");
    expect(formatDecimal("-1234.5", { group: ".", decimal: "," })).toBe("-1.234,50");
    expect(formatDecimal("1234.5", PLAIN_SIGNS)).toBe("1234.50");
    expect(formatDecimal(null)).toBe("0.00");
    expect(formatDecimal("n/a")).toBe("n/a");
  });

  it("says RM before money and PV after points, in any language", () => {
    expect(formatMoney("1234.5")).toBe("RM 1,234.50");
    expect(formatMoney("-3", ENGLISH_SIGNS)).toBe("RM -3.00");
    expect(formatLedgerAmount("wallet", "1234.5")).toBe("RM 1,234.50");
    expect(formatLedgerAmount("cash_wallet", "0")).toBe("RM 0.00");
    expect(formatLedgerAmount("pv", "1234.5")).toBe("1,234.50 PV");
    expect(formatLedgerAmount("pv", "1234.5", PLAIN_SIGNS)).toBe("1234.50 PV");
  });
});

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("one money module", () => {
  it("is the only place that turns amounts into sen and back, or rounds them as floats", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const handMade = /\b100n\b|toFixed\(2\)|parseFloat\(/;
    const offenders = ["server/src", "web/src"]
      .flatMap((dir) => sources(path.join(root, dir)))
      .filter((file) => handMade.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
