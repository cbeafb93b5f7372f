import { describe, expect, it } from "vitest";
import { addMoney, isAmount, subtractMoney } from "../src/lib/money";

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
});
