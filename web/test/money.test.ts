import { addMoney, isAmount, subtractMoney, sumMoney } from "@store/contract";
import { describe, expect, it } from "vitest";
import { setLanguage } from "../src/i18n";
import { formatBalance, formatMoney } from "../src/lib/format";

describe("exact money sums (the figures an admin confirms)", () => {
  it("adds and subtracts to the sen where floats would not", () => {
    expect(addMoney("0.10", "0.20")).toBe("0.30");
    expect(subtractMoney("1988.00", "944.00")).toBe("1044.00");
    expect(subtractMoney("10.05", "10.10")).toBe("-0.05");
    expect(addMoney("-5.25", "25.5")).toBe("20.25");
    expect(addMoney("9999999999.99", "0.01")).toBe("10000000000.00");
    expect(subtractMoney("0", "0")).toBe("0.00");
  });

  it("knows an amount when it sees one", () => {
    for (const good of ["1", "-1", "12.5", "12.50", " 3.00 "]) expect(isAmount(good)).toBe(true);
    for (const bad of ["", "-", "1.234", "1e3", "RM 5", "1,000"]) expect(isAmount(bad)).toBe(false);
    expect(() => addMoney("1,000", "1")).toThrow(/Not an amount/);
  });

  it("totals many amounts to the sen, as a bulk approval's total is shown", () => {
    expect(sumMoney([])).toBe("0.00");
    expect(sumMoney(["1234.50", "0.10", "0.20"])).toBe("1234.80");
    // A float sum of ten 0.10 is 0.9999999999999999.
    expect(sumMoney(Array.from({ length: 10 }, () => "0.10"))).toBe("1.00");
    expect(sumMoney(Array.from({ length: 1000 }, () => "9999999999.99"))).toBe("9999999999990.00");
    expect(sumMoney(["5", "-7.5"])).toBe("-2.50");
    expect(() => sumMoney(["1", "RM 2"])).toThrow(/Not an amount/);
  });
});

// The web shows money by the contract's rules with the chosen language's signs.
describe("money shown in the chosen language", () => {
  it("keeps RM and PV and the exact digits, with the language's signs", async () => {
    expect(formatBalance("wallet", "1234.5")).toBe("RM 1,234.50");
    expect(formatBalance("pv", "1234.5")).toBe("1,234.50 PV");
    await setLanguage("ms");
    try {
      expect(formatMoney("9007199254740993.01")).toBe("RM 9,007,199,254,740,993.01");
      expect(formatBalance("cash_wallet", "-0.05")).toBe("RM -0.05");
    } finally {
      await setLanguage("en");
    }
  });
});
