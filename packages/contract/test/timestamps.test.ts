import { describe, expect, it } from "vitest";
import { agencyStoreInput, isRealTimestamp, voucherInput } from "../src";

describe("isRealTimestamp (coupon and agency expiry dates)", () => {
  it("takes a real moment and refuses one the calendar or the clock does not have", () => {
    expect(isRealTimestamp("2028-02-29 23:59:59")).toBe(true);
    for (const bad of [
      "2027-02-29 10:00:00",
      "2026-04-31 10:00:00",
      "2026-01-01 24:00:00",
      "2026-01-01 10:60:00",
      "1899-12-31 10:00:00",
    ]) {
      expect(isRealTimestamp(bad), bad).toBe(false);
    }
  });

  it("leaves text that is not in the wire form to the pattern's message: one message, not two", () => {
    for (const expired_at of ["2026-01-01", "garbage"]) {
      const store = agencyStoreInput.safeParse({ expired_at });
      const messages = store.error?.issues
        .filter((i) => i.path[0] === "expired_at")
        .map((i) => i.message);
      expect(messages, expired_at).toEqual(["Use the form yyyy-MM-dd HH:mm:ss."]);
    }
  });

  it("is the rule of both expiry fields", () => {
    const coupon = voucherInput.safeParse({
      voucher_code: "X",
      discount: "1",
      discount_cap: "1",
      discount_type: "price",
      voucher_status: 1,
      expired_at: "2026-02-30 10:00:00",
    });
    expect(coupon.error?.issues.map((i) => i.message)).toContain("Expiry date is not a real date.");
    const store = agencyStoreInput.safeParse({ expired_at: "2026-02-30 10:00:00" });
    expect(store.error?.issues.map((i) => i.message)).toContain(
      "Expiry date must be a real date and time.",
    );
  });
});
