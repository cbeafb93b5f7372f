import en from "./en.json";
import { type Catalogue, currentLanguage, i18next, type LanguageCode } from "./index";

/**
 * The contract's and the server's messages in the chosen language
 * (docs/DECISIONS.md, "Languages"). A message's code is its English text, or
 * the English template it was built from ("{{field}} is required."): each
 * catalogue's `messages` holds the templates and `fields` the field names the
 * contract puts in them, so "Username is required." reads "Nama pengguna
 * diperlukan." in Malay. The English texts themselves never change.
 */

const NUMBERS = new Set(["min", "max", "amount", "held", "count"]);

/** What a placeholder may match: an amount or a limit is a number, a code one word, others any text. */
function placeholderPattern(name: string): string {
  if (NUMBERS.has(name)) return "(-?\\d+(?:\\.\\d+)?)";
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

/** A message in the chosen language; a message the catalogue does not know stays as it is. */
export function translateMessage(
  message: string,
  language: LanguageCode = currentLanguage(),
): string {
  if (language === "en") return message;
  const catalogue = catalogueOf(language);
  if (!catalogue) return message;
  const messages = catalogue.messages as Record<string, string>;
  const fields = catalogue.fields as Record<string, string>;
  const exact = messages[message];
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
