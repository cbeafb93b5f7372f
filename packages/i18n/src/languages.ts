/**
 * The three languages of the back office (docs/decisions/languages.md).
 * `name` is how the language is stored on a user record (the `languages`
 * lookup table) and how the top bar's menu lists it; `locale` drives Intl
 * (money, dates and plural forms).
 */
export const LANGUAGES = [
  { code: "en", name: "English", short: "EN", locale: "en-GB", htmlLang: "en-GB" },
  { code: "ms", name: "Bahasa Melayu", short: "BM", locale: "ms-MY", htmlLang: "ms-MY" },
  { code: "zh", name: "中文", short: "中文", locale: "zh-CN", htmlLang: "zh-Hans-MY" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export type Language = (typeof LANGUAGES)[number];

/** A language by its code; English for a code the back office does not speak. */
export function languageByCode(code: string): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

/** The code of a language as a user record stores it ("Bahasa Melayu" → "ms"); unknown → null. */
export function codeOfStoredLanguage(name: string | null | undefined): LanguageCode | null {
  return LANGUAGES.find((l) => l.name === name)?.code ?? null;
}

/** The first of the browser's languages that the back office speaks, else English. */
export function browserLanguage(preferred: readonly string[]): LanguageCode {
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
