import { currentLanguage, type LanguageCode, translatorOf } from "./index";

/**
 * Labels whose key is their English wording (docs/decisions/languages.md): the
 * titles, column headers, field labels, hints and dialog texts screens hand to
 * the shared components. `texts` holds fixed labels and `messages` labels with
 * values ("Edit {{name}}"), which the caller passes by name: the key is looked
 * up as it is written, never matched from a sentence already filled in. Errors
 * are shown by their code (i18n/errors.ts). The English texts themselves never
 * change. The look-up is @store/i18n's, which the server's files and messages use too.
 */

/** A label's text in a language: its key in `texts`, `messages` or `fields`, else the key itself. */
export function translateLabel(
  text: string,
  values?: Record<string, string | number>,
  language: LanguageCode = currentLanguage(),
): string {
  return translatorOf(language).label(text, values);
}

/**
 * A label given in English (a screen's title, a column header, a field
 * label), with the values its placeholders name, in the chosen language:
 * `translate("Edit {{name}}", { name })`. Components that show it call
 * useTranslation(), so they are drawn again in a new language.
 */
export function translate(text: string, values?: Record<string, string | number>): string;
export function translate(
  text: string | undefined,
  values?: Record<string, string | number>,
): string | undefined;
export function translate(
  text: string | undefined,
  values?: Record<string, string | number>,
): string | undefined {
  return text === undefined ? undefined : translateLabel(text, values);
}

/**
 * A record's field by its column name, as the audit log's differences name it
 * ("withdraw_max_amt" → "Maximum withdrawal"), in the chosen language; a field
 * no catalogue names reads as its name ("some_field" → "Some field").
 */
export function fieldLabel(field: string, language: LanguageCode = currentLanguage()): string {
  return translatorOf(language).field(field);
}
