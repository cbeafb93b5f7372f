import {
  type Catalogue,
  codeOfStoredLanguage,
  en,
  LANGUAGES,
  type LanguageCode,
  languageByCode,
  browserLanguage as languageOfBrowser,
  type Translator,
  translator,
} from "@store/i18n";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { setFormatLocale } from "../lib/format";
import { isLoggedIn, readAdmin } from "../lib/session";

export type { Catalogue, LanguageCode } from "@store/i18n";
export { codeOfStoredLanguage, LANGUAGES, languageByCode } from "@store/i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}

/** The first of the browser's languages that the back office speaks, else English. */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === "undefined"
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): LanguageCode {
  return languageOfBrowser(preferred);
}

// English is in every page's first download; Malay and Chinese are fetched
// when chosen (docs/benchmarks/web-and-edge.md, "Web app size and first load").
// Malay and Chinese have no `_one` plural keys (one plural form), so they are
// English's shape less those: web/test/i18n.test.ts checks every other key.
const loaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: object }>> = {
  ms: () => import("@store/i18n/ms.json"),
  zh: () => import("@store/i18n/zh.json"),
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

const translators = new Map<LanguageCode, { catalogue: unknown; translate: Translator }>();

/**
 * The one translate (@store/i18n) over the catalogue this page has loaded for
 * the language (English until a chosen one has arrived).
 */
export function translatorOf(language: LanguageCode = currentLanguage()): Translator {
  const catalogue = i18next.getResourceBundle(language, "translation") as Catalogue | undefined;
  const kept = translators.get(language);
  if (kept && kept.catalogue === catalogue) return kept.translate;
  const translate = translator(language, catalogue);
  translators.set(language, { catalogue, translate });
  return translate;
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
