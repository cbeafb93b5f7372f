import en from "./en.json";
import { type Catalogue, currentLanguage, i18next, type LanguageCode } from "./index";

/**
 * Texts whose code is their English wording (docs/decisions/languages.md):
 * the contract's and the server's messages, and the labels screens hand to
 * the shared components (titles, column headers, field labels, hints).
 * `texts` holds fixed labels; `messages` holds messages and templates
 * ("{{field}} is required.") and `fields` the field names the contract puts
 * in them, so "Username is required." reads "Nama pengguna diperlukan." in
 * Malay. The English texts themselves never change.
 */

const NUMBERS = new Set(["min", "max", "amount", "held", "count"]);
const NUMBER = "(-?\\d[\\d,]*(?:\\.\\d+)?)";

/** What a placeholder may match: an amount or a limit is a number, a code one word, others any text. */
function placeholderPattern(name: string): string {
  if (NUMBERS.has(name)) return NUMBER;
  if (name === "code") return "(\\S+)";
  return "(.+?)";
}

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Templates with placeholders, the longest fixed text first (the most specific wins). */
const templates: Template[] = Object.keys(en.messages)
  .filter((key) => key.includes("{{"))
  .map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return placeholderPattern(name);
      })
      .join("");
    return { key, pattern: new RegExp(`^${source}$`), names };
  })
  .sort(
    (a, b) => b.key.replace(/\{\{\w+\}\}/g, "").length - a.key.replace(/\{\{\w+\}\}/g, "").length,
  );

function catalogueOf(language: LanguageCode): Catalogue | undefined {
  return i18next.getResourceBundle(language, "translation") as Catalogue | undefined;
}

const fieldNamesOf = new WeakMap<Catalogue, Record<string, string>>();

/** A field name in a sentence: the contract's ("Brand name") or a screen's label ("Paid Date"). */
function fieldNames(catalogue: Catalogue): Record<string, string> {
  let names = fieldNamesOf.get(catalogue);
  if (!names) {
    names = { ...catalogue.texts, ...catalogue.fields } as Record<string, string>;
    fieldNamesOf.set(catalogue, names);
  }
  return names;
}

/** A message in the chosen language; a message the catalogue does not know stays as it is. */
export function translateMessage(
  message: string,
  language: LanguageCode = currentLanguage(),
): string {
  if (language === "en") return message;
  const catalogue = catalogueOf(language);
  if (!catalogue) return message;
  const messages = catalogue.messages as Record<string, string>;
  const texts = catalogue.texts as Record<string, string>;
  const fields = fieldNames(catalogue);
  const exact = texts[message] ?? messages[message] ?? fields[message];
  if (exact) return exact;
  for (const { key, pattern, names } of templates) {
    const match = pattern.exec(message);
    const translated = messages[key];
    if (!match || !translated) continue;
    const values = new Map(names.map((name, i) => [name, match[i + 1] ?? ""]));
    const field = values.get("field");
    // A field name the catalogue does not know would leave English inside the sentence.
    if (field !== undefined && !fields[field]) continue;
    return translated.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      name === "field" ? (fields[field ?? ""] ?? "") : (values.get(name) ?? ""),
    );
  }
  return message;
}

/**
 * A label or message given in English (a screen's title, a column header, a
 * field label, a server message), in the chosen language. Components that
 * show it call useTranslation(), so they are drawn again in a new language.
 */
export function tx(text: string): string;
export function tx(text: string | undefined): string | undefined;
export function tx(text: string | undefined): string | undefined {
  return text === undefined ? undefined : translateMessage(text);
}

const humanized = (field: string) =>
  (field.charAt(0).toUpperCase() + field.slice(1)).replaceAll("_", " ");

/**
 * A record's field by its column name, as the audit log's differences name it
 * ("withdraw_max_amt" → "Maximum withdrawal"), in the chosen language; a field
 * no catalogue names reads as its name ("some_field" → "Some field").
 */
export function fieldLabel(field: string, language: LanguageCode = currentLanguage()): string {
  const labels = (catalogueOf(language) ?? en).recordFields as Record<string, string>;
  return labels[field] ?? (en.recordFields as Record<string, string>)[field] ?? humanized(field);
}
