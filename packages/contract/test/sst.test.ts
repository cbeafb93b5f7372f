/**
 * The SST an order's lines contain (docs/decisions/sst-on-lines.md), as
 * orderFigures reckons it for both Add Order's preview and POST orders:
 * prices include SST; the coupon's discount is shared over the lines by line
 * total (largest remainder), and each line contains net × rate / (100 + rate).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromSen,
  lineTax,
  orderFigures,
  shareInProportion,
  sstByRate,
  taxContainedSen,
  toSen,
} from "../src";

describe("the SST a tax-inclusive amount contains", () => {
  it("is amount × rate / (100 + rate), half-up to the sen", () => {
    expect(taxContainedSen(10800n, "8.00")).toBe(800n);
    expect(taxContainedSen(10117n, "8.00")).toBe(749n);
    // 5400 × 6 / 106 = 305.66 → 306
    expect(taxContainedSen(5400n, "6")).toBe(306n);
    // 2100 × 5 / 105 = 100 exactly; 31 × 5 / 105 = 1.476 → 1; 21 × 5 / 105 = 1.0
    expect(taxContainedSen(2100n, "5")).toBe(100n);
    expect(taxContainedSen(31n, "5")).toBe(1n);
    // 1 sen at 10%: 0.0909 → 0; 11 sen: 1.0 → 1
    expect(taxContainedSen(1n, "10")).toBe(0n);
    expect(taxContainedSen(11n, "10")).toBe(1n);
    expect(taxContainedSen(5000n, "0")).toBe(0n);
    expect(taxContainedSen(5000n, null)).toBe(0n);
  });

  it("takes the rate only from a taxable category; none is not applicable", () => {
    expect(lineTax({ tax_type: "taxable", tax_rate: "8.00" })).toEqual({
      tax_type: "taxable",
      tax_rate: "8.00",
    });
    expect(lineTax({ tax_type: "exempt", tax_rate: "8.00" })).toEqual({
      tax_type: "exempt",
      tax_rate: "0.00",
    });
    expect(lineTax(null)).toEqual({ tax_type: "not_applicable", tax_rate: "0.00" });
    expect(lineTax({ tax_type: null, tax_rate: null })).toEqual({
      tax_type: "not_applicable",
      tax_rate: "0.00",
    });
  });
});

describe("orderFigures' SST", () => {
  it("an 8% line, an exempt one and one without SST under a RM 10.00 coupon", () => {
    const figures = orderFigures({
      lines: [
        { unit_price: "54.00", quantity: 2, tax_rate: "8.00" },
        { unit_price: "20.00", quantity: 1, tax_rate: "0.00" },
        { unit_price: "30.00", quantity: 1 },
      ],
      coupon: { discount_type: "price", discount: "10.00", discount_cap: "0" },
      shipping_fee: "8.00",
    });
    expect(figures).toMatchObject({
      subtotal: "158.00",
      discount: "10.00",
      // Prices include SST: the total is what it was before SST.
      total: "156.00",
      line_discount_shares: ["6.83", "1.27", "1.90"],
      line_taxes: ["7.49", "0.00", "0.00"],
      tax_total: "7.49",
    });
  });

  it("for any lines and coupon: shares sum to the discount, tax never above its line, the total unchanged", () => {
    const line = fc.record({
      unit_price: fc.integer({ min: 0, max: 500_000 }).map((sen) => fromSen(BigInt(sen))),
      quantity: fc.integer({ min: 1, max: 50 }),
      tax_rate: fc.constantFrom(null, "0.00", "5.00", "6.00", "8.00", "10.00", "99.99"),
    });
    const coupon = fc.option(
      fc.oneof(
        fc.record({
          discount_type: fc.constant("price" as const),
          discount: fc.integer({ min: 0, max: 10_000_000 }).map((s) => fromSen(BigInt(s))),
          discount_cap: fc.constant("0.00"),
        }),
        fc.record({
          discount_type: fc.constant("percentage" as const),
          discount: fc.integer({ min: 0, max: 10_000 }).map((s) => fromSen(BigInt(s))),
          discount_cap: fc.integer({ min: 0, max: 10_000_000 }).map((s) => fromSen(BigInt(s))),
        }),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), coupon, (lines, c) => {
        const withTax = orderFigures({ lines, coupon: c, shipping_fee: "7.00" });
        const without = orderFigures({
          lines: lines.map(({ unit_price, quantity }) => ({ unit_price, quantity })),
          coupon: c,
          shipping_fee: "7.00",
        });
        expect(withTax.total).toBe(without.total);
        expect(withTax.discount).toBe(without.discount);
        const shares = withTax.line_discount_shares.map(toSen);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(toSen(withTax.discount));
        let sum = 0n;
        withTax.line_taxes.forEach((tax, i) => {
          const net = toSen(withTax.line_totals[i] as string) - (shares[i] as bigint);
          expect(shares[i]).toBeGreaterThanOrEqual(0n);
          expect(net).toBeGreaterThanOrEqual(0n);
          expect(toSen(tax)).toBeGreaterThanOrEqual(0n);
          expect(toSen(tax)).toBeLessThanOrEqual(net);
          const rate = lines[i]?.tax_rate;
          if (!rate || toSen(rate) === 0n) expect(tax).toBe("0.00");
          sum += toSen(tax);
        });
        expect(withTax.tax_total).toBe(fromSen(sum));
      }),
      { numRuns: 500 },
    );
  });

  it("shares by largest remainder: exact, proportional to within a sen", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), { minLength: 1, maxLength: 10 }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (weights, wanted) => {
          const whole = weights.reduce((a, b) => a + b, 0n);
          const total = wanted > whole ? whole : wanted;
          const shares = shareInProportion(total, weights);
          if (whole === 0n) return;
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          shares.forEach((share, i) => {
            const exact = (total * (weights[i] as bigint)) / whole;
            expect(share - exact === 0n || share - exact === 1n).toBe(true);
          });
        },
      ),
    );
  });
});

describe("the invoice's SST", () => {
  it("sums the taxable lines per rate, lowest first; none taxable prints none", () => {
    expect(
      sstByRate(
        [
          { tax_type: "taxable", tax_rate: "8.00", tax_amount: "7.49" },
          { tax_type: "exempt", tax_rate: "0.00", tax_amount: "0.00" },
          { tax_type: "taxable", tax_rate: "6.00", tax_amount: "1.20" },
          { tax_type: "taxable", tax_rate: "8.00", tax_amount: "0.51" },
        ],
        "9.20",
      ),
    ).toEqual({
      rates: [
        { rate: "6", amount: "1.20" },
        { rate: "8", amount: "8.00" },
      ],
      total: "9.20",
    });
    expect(
      sstByRate([{ tax_type: "not_applicable", tax_rate: "0.00", tax_amount: "0.00" }], "0.00"),
    ).toBeNull();
  });
});
