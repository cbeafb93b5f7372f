import type { ExportLanguage } from "@store/contract";
// The web's catalogues are the one place every label is translated
// (docs/decisions/xlsx-export.md): the server reads the same files, bundled in.
import en from "../../../web/src/i18n/en.json";
import ms from "../../../web/src/i18n/ms.json";
import zh from "../../../web/src/i18n/zh.json";

interface Labels {
  texts: Record<string, string>;
  messages: Record<string, string>;
  recordFields: Record<string, string>;
  reports: Record<string, unknown>;
}
const CATALOGUES: Record<ExportLanguage, Labels> = { en, ms, zh };

/** A language as a user record stores it (the `languages` lookup) → its code; English otherwise. */
const STORED: Record<string, ExportLanguage> = {
  English: "en",
  "Bahasa Melayu": "ms",
  中文: "zh",
};

export function languageOfStored(name: string | null | undefined): ExportLanguage {
  return (name && Object.hasOwn(STORED, name) ? STORED[name] : undefined) ?? "en";
}

/** A label given in English (a column header, a status name) in the language; as it is if untranslated. */
export function textIn(text: string, language: ExportLanguage): string {
  const texts = CATALOGUES[language].texts;
  return (Object.hasOwn(texts, text) ? texts[text] : undefined) ?? text;
}

/**
 * A label with values ("Paid on {{date}}") in the language: the catalogues'
 * `messages` (else `texts`) with each {{name}} filled in, as the web's translate() does.
 */
export function messageIn(
  text: string,
  values: Record<string, string | number>,
  language: ExportLanguage,
): string {
  const { messages } = CATALOGUES[language];
  const found =
    (Object.hasOwn(messages, text) ? messages[text] : undefined) ?? textIn(text, language);
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** A record's field by its name, as the audit log names it ("withdraw_amt" → "Withdraw amount"). */
export function fieldLabel(field: string, language: ExportLanguage): string {
  for (const labels of [CATALOGUES[language].recordFields, en.recordFields]) {
    const label = Object.hasOwn(labels, field)
      ? (labels as Record<string, string>)[field]
      : undefined;
    if (label) return label;
  }
  return field;
}

/**
 * A text of the catalogues' `reports` section ("paidRevenue", "names.sales")
 * in the language, else in English, else the key; `{{name}}`s filled in.
 */
export function reportText(
  key: string,
  language: ExportLanguage,
  values: Record<string, string> = {},
): string {
  const lookUp = (section: Record<string, unknown>) => {
    let found: unknown = section;
    for (const part of key.split(".")) {
      found =
        found && typeof found === "object" && Object.hasOwn(found, part)
          ? (found as Record<string, unknown>)[part]
          : undefined;
    }
    return typeof found === "string" ? found : undefined;
  };
  const text = lookUp(CATALOGUES[language].reports) ?? lookUp(en.reports) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
