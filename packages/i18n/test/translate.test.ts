import { describe, expect, it } from "vitest";
import {
  browserLanguage,
  codeOfStoredLanguage,
  en,
  humanized,
  interpolate,
  languageByCode,
  translator,
} from "../src/index";
import ms from "../src/ms.json";
import zh from "../src/zh.json";

const english = translator("en");
const malay = translator("ms", ms);
const chinese = translator("zh", zh);

describe("labels by their English wording", () => {
  it("reads texts, then messages, then form fields; English as it is", () => {
    expect(malay.label("Username")).toBe(ms.texts.Username);
    expect(malay.label("Edit {{name}}", { name: "Beras" })).toBe(
      ms.messages["Edit {{name}}"].replace("{{name}}", "Beras"),
    );
    expect(english.label("Username")).toBe("Username");
    expect(english.label("Edit {{name}}", { name: "Beras" })).toBe("Edit Beras");
  });

  it("keeps a label no catalogue holds, and a placeholder with no value, as written", () => {
    expect(chinese.label("No such label {{x}}")).toBe("No such label {{x}}");
    expect(interpolate("{{a}} and {{b}}", { a: 1 })).toBe("1 and {{b}}");
  });

  it("falls back to English without the language's catalogue (not yet fetched)", () => {
    expect(translator("ms").label("Username")).toBe("Username");
    expect(translator("zh").field("withdraw_amt")).toBe(en.recordFields.withdraw_amt);
  });
});

describe("names", () => {
  it("names a record's field, else humanises its column name", () => {
    expect(malay.field("withdraw_amt")).toBe(ms.recordFields.withdraw_amt);
    expect(chinese.field("no_such_column")).toBe("No such column");
    expect(humanized("bank_acc")).toBe("Bank acc");
  });

  it("names a field in an error by its column, its form label or a record's kind", () => {
    expect(malay.errorField("brand_name")).toBe(ms.recordFields.brand_name);
    expect(malay.errorField("Product")).toBe(ms.texts.Product);
    expect(malay.errorField("unknown_thing")).toBe("unknown_thing");
  });

  it("reads a report text by its path, in English when the language lacks it", () => {
    expect(chinese.report("names.sales")).toBe(zh.reports.names.sales);
    expect(english.report("comparedColumn", { label: "Sales" })).toBe(
      en.reports.comparedColumn.replace("{{label}}", "Sales"),
    );
    expect(malay.report("no.such.path")).toBe("no.such.path");
  });
});

describe("an error code's sentence", () => {
  it("takes the plural form of its count by the language's rules", () => {
    expect(english.error("category_has_products", {}, 1)).toBe(
      en.errors.category_has_products_one.replace("{{count}}", "1"),
    );
    expect(english.error("category_has_products", {}, 2)).toBe(
      en.errors.category_has_products_other.replace("{{count}}", "2"),
    );
    // Malay has one form for every count.
    expect(malay.error("category_has_products", {}, 1)).toBe(
      ms.errors.category_has_products_other.replace("{{count}}", "1"),
    );
  });

  it("fills its values, and says nothing for a code no catalogue holds", () => {
    expect(chinese.error("required", { field: "名称" })).toBe(
      interpolate(zh.errors.required, { field: "名称" }),
    );
    expect(chinese.error("no_such_code", {})).toBeUndefined();
  });
});

describe("the languages", () => {
  it("knows a language by its code and by the name a user record stores", () => {
    expect(languageByCode("zh").locale).toBe("zh-CN");
    expect(languageByCode("fr").code).toBe("en");
    expect(codeOfStoredLanguage("Bahasa Melayu")).toBe("ms");
    expect(codeOfStoredLanguage("Klingon")).toBeNull();
  });

  it("takes the first browser language it speaks; Traditional Chinese reads English", () => {
    expect(browserLanguage(["fr-FR", "ms-MY"])).toBe("ms");
    expect(browserLanguage(["zh-TW"])).toBe("en");
    expect(browserLanguage(["zh-Hant-MY", "zh-CN"])).toBe("zh");
    expect(browserLanguage(["de"])).toBe("en");
  });
});
