import type { ExportLanguage } from "@store/contract";
import { codeOfStoredLanguage, en, type Translator, translator } from "@store/i18n";
import ms from "@store/i18n/ms.json";
import zh from "@store/i18n/zh.json";

// The server's files (workbooks, invoices, reports) speak the catalogues the
// web app speaks, through the one translate of @store/i18n
// (docs/decisions/languages.md); all three are bundled in.
const TRANSLATORS: Record<ExportLanguage, Translator> = {
  en: translator("en", en),
  ms: translator("ms", ms),
  zh: translator("zh", zh),
};

/** The translator of a language. */
export function translatorIn(language: ExportLanguage): Translator {
  return TRANSLATORS[language];
}

/** A language as a user record stores it (the `languages` lookup) → its code; English otherwise. */
export function languageOfStored(name: string | null | undefined): ExportLanguage {
  return codeOfStoredLanguage(name) ?? "en";
}
