import { describe, expect, it } from "vitest";
import { checkNric, isPlaceOfBirthCode, kycInput, maskIdNumber } from "../src";

// The NRIC rule of KYC before pay-out (docs/decisions/kyc.md): 12 digits, a
// real YYMMDD date of birth, a place-of-birth code JPN issues.

describe("checkNric", () => {
  it("takes 12 digits, with or without the dashes, as the 12 digits", () => {
    expect(checkNric("900101-14-5678")).toEqual({ ok: true, nric: "900101145678" });
    expect(checkNric("900101145678")).toEqual({ ok: true, nric: "900101145678" });
    expect(checkNric(" 900101 14 5678 ")).toEqual({ ok: true, nric: "900101145678" });
  });

  it("refuses anything but 12 digits", () => {
    for (const bad of ["90010114567", "9001011456789", "90010A145678", "", "900101--14-5678"]) {
      expect(checkNric(bad), bad).toEqual({ ok: false, problem: "format" });
    }
  });

  it("refuses a date of birth that is no date", () => {
    for (const bad of ["901301", "900001", "900100", "900132", "900431", "010229", "990229"]) {
      expect(checkNric(`${bad}145678`), bad).toEqual({ ok: false, problem: "date" });
    }
    // 29 February of a year divisible by 4 (2000 was a leap year; "00" may be it).
    for (const good of ["000229", "040229", "880229", "991231", "000131"]) {
      expect(checkNric(`${good}145678`).ok, good).toBe(true);
    }
  });

  it("takes exactly JPN's place-of-birth codes", () => {
    const issued = (code: number) =>
      (code >= 1 && code <= 16) ||
      (code >= 21 && code <= 68) ||
      code === 71 ||
      code === 72 ||
      (code >= 74 && code <= 79) ||
      (code >= 82 && code <= 93) ||
      code >= 98;
    for (let code = 0; code <= 99; code++) {
      expect(isPlaceOfBirthCode(code), String(code)).toBe(issued(code));
      const nric = `900101${String(code).padStart(2, "0")}5678`;
      expect(checkNric(nric), nric).toEqual(
        issued(code) ? { ok: true, nric } : { ok: false, problem: "place" },
      );
    }
  });
});

describe("maskIdNumber", () => {
  it("shows the last 4 characters only", () => {
    expect(maskIdNumber("900101145678")).toBe("********5678");
    expect(maskIdNumber("A12345678")).toBe("*****5678");
    expect(maskIdNumber("123")).toBe("123");
    expect(maskIdNumber(null)).toBeNull();
    expect(maskIdNumber("")).toBeNull();
  });
});

describe("kycInput", () => {
  it("answers the NRIC's problem as its coded message", () => {
    const result = kycInput.safeParse({ nric: "901301-14-5678" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/real date of birth/);
    expect(kycInput.parse({ nric: "" }).nric).toBeNull();
    expect(kycInput.parse({ passport: " a1234567 " }).passport).toBe("A1234567");
    expect(kycInput.parse({ tin: "ig 1234567 8090" }).tin).toBe("IG12345678090");
    expect(kycInput.safeParse({ tin: "12345" }).success).toBe(false);
  });
});
