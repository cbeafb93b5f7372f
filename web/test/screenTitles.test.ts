import en from "@store/i18n/en.json";
import ms from "@store/i18n/ms.json";
import zh from "@store/i18n/zh.json";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../src/routes";

/** The document titles come from the route table (web/src/layout/useDocumentTitle.ts). */
describe("the screens' titles in the route table", () => {
  it("are distinct, one a route", () => {
    const titles = appRoutes.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each([
    ["en", en],
    ["ms", ms],
    ["zh", zh],
  ] as const)("are all in the %s catalogue's texts", (_code, catalogue) => {
    const texts = catalogue.texts as Record<string, string>;
    expect(appRoutes.map((r) => r.title).filter((title) => !texts[title])).toEqual([]);
  });
});
