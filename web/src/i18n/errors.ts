import { ERROR_CODES, type ParamKind } from "@store/contract/errors";
import type { FieldError } from "react-hook-form";
import { formatCount, formatMoney } from "../lib/format";
import { currentLanguage, type LanguageCode, translatorOf } from "./index";

/**
 * Error answers in the chosen language, by their code (docs/decisions/error-codes.md):
 * the server and the contract answer a stable `code` and its `params` beside
 * the English `message`; the catalogues' `errors` section holds each code's
 * sentence with i18next interpolation and plurals. English shows the
 * message as answered (docs/REQUIREMENTS.md's exact texts); an answer without a code
 * (a proxy's page, an old server) shows its message as it is.
 */

/** An error as answered, or as a form's field holds it. */
export interface ErrorAnswer {
  message: string;
  code?: string | undefined;
  params?: Record<string, unknown> | undefined;
  /** A 400's field issues: "invalid_request" is said by translating each. */
  issues?: readonly ErrorAnswer[] | undefined;
}

/** Codes the web itself gives a call that got no answer it can read (api/client.ts). */
export const CLIENT_ERROR_CODES = {
  unreachable: {},
  callFailed: { status: "number" },
} as const satisfies Record<string, Record<string, ParamKind>>;

/** Codes whose sentence is plural by a param other than `count`. */
const PLURAL_BY: Record<string, string> = { too_short: "min" };

const kindsOf = (code: string): Record<string, ParamKind> | undefined =>
  Object.hasOwn(ERROR_CODES, code)
    ? ERROR_CODES[code as keyof typeof ERROR_CODES]
    : Object.hasOwn(CLIENT_ERROR_CODES, code)
      ? CLIENT_ERROR_CODES[code as keyof typeof CLIENT_ERROR_CODES]
      : undefined;

/**
 * A field or record named in an error, in the chosen language: the contract's
 * field name ("brand_name") through `recordFields`, a record's kind
 * ("Product") or a label through `fields` and `texts`; else as it is.
 */
export function errorFieldName(name: string, language: LanguageCode = currentLanguage()): string {
  return translatorOf(language).errorField(name);
}

/** A param shown as the screens show its kind: RM money, grouped counts, field names translated. */
function formatParam(kind: ParamKind, value: unknown, language: LanguageCode): string {
  const text = String(value ?? "");
  switch (kind) {
    case "field":
      return errorFieldName(text, language);
    case "number": {
      const n = Number(text);
      return Number.isFinite(n) && text !== "" ? formatCount(n) : text;
    }
    case "money":
      return formatMoney(text);
    default:
      return text;
  }
}

/** An error in the chosen language: by its code when it has one the catalogue knows, else its message. */
export function errorText(error: ErrorAnswer, language: LanguageCode = currentLanguage()): string {
  const { code, params = {} } = error;
  const kinds = code === undefined ? undefined : kindsOf(code);
  if (language === "en" || code === undefined || !kinds) return error.message;
  if (code === "invalid_request" && error.issues?.length) {
    return error.issues.map((issue) => errorText(issue, language)).join(" ");
  }
  const values: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    values[name] = formatParam(kind, params[name], language);
  }
  // The figure whose plural form the sentence takes (`_one`/`_other`, the language's rules).
  const by = PLURAL_BY[code] ?? "count";
  const count = by in params ? Number(params[by]) : Number.NaN;
  return (
    translatorOf(language).error(code, values, Number.isFinite(count) ? count : undefined) ??
    error.message
  );
}

/** The params of an error as a form field keeps them (react-hook-form's `types` holds strings). */
export function fieldErrorOf(error: ErrorAnswer): Pick<FieldError, "message" | "types"> & {
  type: string;
} {
  const types: Record<string, string> = {};
  for (const [name, value] of Object.entries(error.params ?? {})) types[name] = String(value);
  return { type: error.code ?? "server", message: error.message, types };
}

/** A form field's error (as the resolver or a save's issue put it) in the chosen language. */
/** A field's error as react-hook-form keeps it: the English message, the code as its type, params as types. */
export interface FieldErrorLike {
  message?: string | undefined;
  type?: string | undefined;
  types?: Record<string, unknown> | undefined;
}

export function fieldErrorText(error: FieldErrorLike | string | undefined): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error === "string") return error;
  if (!error.message) return undefined;
  return errorText({ message: error.message, code: error.type, params: error.types ?? {} });
}
