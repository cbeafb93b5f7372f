import i18next, { type BackendModule } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { setFormatLocale } from "../lib/format";
import { isLoggedIn, readAdmin } from "../lib/session";
import en from "./en.json";

/**
 * The three languages of the back office (docs/decisions/languages.md).
 * `name` is how the language is stored on a user record (the `languages`
 * lookup table) and how the top bar's menu lists it; `locale` drives Intl
 * (money and dates).
 */
export const LANGUAGES = [
  { code: "en", name: "English", short: "EN", locale: "en-GB", htmlLang: "en-GB" },
  { code: "ms", name: "Bahasa Melayu", short: "BM", locale: "ms-MY", htmlLang: "ms-MY" },
  { code: "zh", name: "中文", short: "中文", locale: "zh-CN", htmlLang: "zh-Hans-MY" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export type Catalogue = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}

export function languageByCode(code: string) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

/** The code of a language as a user record stores it ("Bahasa Melayu" → "ms"); unknown → null. */
export function codeOfStoredLanguage(name: string | null | undefined): LanguageCode | null {
  return LANGUAGES.find((l) => l.name === name)?.code ?? null;
}

/** The first of the browser's languages that the back office speaks, else English. */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === "undefined"
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): LanguageCode {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0];
    // Malaysia's Malay is "ms"; "zsm" and "zlm" name the same language.
    if (primary === "ms" || primary === "zsm" || primary === "zlm") return "ms";
    // Simplified Chinese only: Traditional (zh-TW, zh-HK, zh-Hant) readers get English.
    if (primary === "zh" && !/-(hant|tw|hk|mo)\b/i.test(tag)) return "zh";
    if (primary === "en") return "en";
  }
  return "en";
}

// English is in every page's first download; Malay and Chinese are fetched
// when chosen (docs/BENCHMARKS.md, "Web app size and first load").
// Malay and Chinese have no `_one` plural keys (one plural form), so they are
// English's shape less those: web/test/i18n.test.ts checks every other key.
const loaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: object }>> = {
  ms: () => import("./ms.json"),
  zh: () => import("./zh.json"),
};

const lazyCatalogues: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language as keyof typeof loaders];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** The language to start in: the signed-in admin's own, else the browser's. */
function startingLanguage(): LanguageCode {
  if (isLoggedIn()) {
    const own = codeOfStoredLanguage(readAdmin()?.languages);
    if (own) return own;
  }
  return browserLanguage();
}

function applyToPage(code: string): void {
  const language = languageByCode(code);
  setFormatLocale(language.locale);
  if (typeof document !== "undefined") document.documentElement.lang = language.htmlLang;
}

i18next.on("languageChanged", applyToPage);

void i18next
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: startingLanguage(),
    fallbackLng: "en",
    supportedLngs: LANGUAGES.map((l) => l.code),
    load: "languageOnly",
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
    // Until a chosen catalogue has arrived the screens stay in the language
    // they are in, rather than suspending to a blank page.
    react: { useSuspense: false, bindI18n: "languageChanged loaded" },
  });

/** The current language's code. */
export function currentLanguage(): LanguageCode {
  return languageByCode(i18next.resolvedLanguage ?? i18next.language).code;
}

/** Switches every screen to a language, its catalogue fetched first. */
export async function setLanguage(code: LanguageCode): Promise<void> {
  await i18next.changeLanguage(code);
}

/** The language of a signed-in admin's record, or the browser's when it names none. */
export function applyStoredLanguage(name: string | null | undefined): Promise<void> {
  return setLanguage(codeOfStoredLanguage(name) ?? browserLanguage());
}

export { i18next, useTranslation };
