import en from "./en.json";
import { type LanguageCode, languageByCode } from "./languages";

/**
 * One translate for the server and the web app (docs/decisions/languages.md).
 * Labels are keyed by their English wording: `texts` holds fixed labels,
 * `messages` labels with values ("Edit {{name}}"), `fields` form labels,
 * `recordFields` a record's columns by name, `errors` each error code's
 * sentence (with `_one`/`_other` forms), `reports` the report texts. A text no
 * catalogue holds reads as its key: English never changes.
 */
export type Catalogue = typeof en;
type Section = Record<string, unknown>;

const own = (section: unknown, key: string): unknown =>
  section && typeof section === "object" && Object.hasOwn(section, key)
    ? (section as Section)[key]
    : undefined;
const text = (found: unknown): string | undefined =>
  typeof found === "string" ? found : undefined;

/** Fills each {{name}} with its value; a name without one stays as written. */
export function interpolate(template: string, values: Record<string, string | number> = {}) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** A field named by its column ("some_field") when no catalogue names it: "Some field". */
export const humanized = (field: string) =>
  (field.charAt(0).toUpperCase() + field.slice(1)).replaceAll("_", " ");

export interface Translator {
  readonly language: LanguageCode;
  /** A label given in English ("Edit {{name}}", a column header) with its values. */
  label(english: string, values?: Record<string, string | number>): string;
  /** A record's field by its column name ("withdraw_amt" → "Withdraw amount"). */
  field(name: string): string;
  /** A name in an error: a column name, a form label or a record's kind. */
  errorField(name: string): string;
  /** A text of the `reports` section by its path ("names.sales"). */
  report(key: string, values?: Record<string, string>): string;
  /**
   * An error code's sentence with its values, in the plural form `count` takes
   * (the language's rules, Intl.PluralRules); undefined when no catalogue has it.
   */
  error(code: string, values: Record<string, string | number>, count?: number): string | undefined;
}

/**
 * The translator of a language, from its catalogue (the web app's loaded one,
 * the server's bundled ones: English's shape, less the `_one` forms a language
 * of one plural form has no use for); English where the catalogue is missing
 * or holds no text for a key.
 */
export function translator(language: LanguageCode, catalogue?: object): Translator {
  const chosen: object = (language === "en" ? en : catalogue) ?? en;
  const section = (root: object, name: keyof Catalogue) => own(root, name);
  const plurals = new Intl.PluralRules(languageByCode(language).locale);
  const inBoth = (look: (c: object) => unknown) => text(look(chosen)) ?? text(look(en));
  /** The key's text in the first of these sections of the chosen catalogue that holds it. */
  const firstIn = (names: (keyof Catalogue)[], key: string) =>
    names.map((name) => text(own(section(chosen, name), key))).find((t) => t !== undefined);
  const path = (root: unknown, key: string) =>
    key.split(".").reduce<unknown>((at, part) => own(at, part), root);
  return {
    language,
    label(english, values) {
      const found = firstIn(["texts", "messages", "fields"], english) ?? english;
      return values ? interpolate(found, values) : found;
    },
    field(name) {
      return inBoth((c) => own(section(c, "recordFields"), name)) ?? humanized(name);
    },
    errorField(name) {
      return firstIn(["recordFields", "fields", "texts"], name) ?? name;
    },
    report(key, values) {
      return interpolate(inBoth((c) => path(section(c, "reports"), key)) ?? key, values);
    },
    error(code, values, count) {
      const forms = Number.isFinite(count)
        ? [`${code}_${plurals.select(count as number)}`, `${code}_other`, code]
        : [code];
      for (const form of forms) {
        const found = text(own(section(chosen, "errors"), form));
        if (found !== undefined)
          return interpolate(found, count === undefined ? values : { ...values, count });
      }
      return undefined;
    },
  };
}
