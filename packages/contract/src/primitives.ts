import { z } from "zod";
import { say } from "./errors";
import { toMoneyString } from "./money";

/**
 * A NUL (PostgreSQL text cannot hold it) or half of a UTF-16 surrogate pair
 * (no UTF-8 form; jsonb refuses its escape). With the u flag a well-formed
 * pair is one code point, so only a lone half matches the range.
 */
const UNSAFE_TEXT = /[\0\uD800-\uDFFF]/u;
export const UNSAFE_TEXT_MESSAGE = say(
  "unsafe_text",
  {},
  "Text contains a character that is not allowed.",
);

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The one base of every string the API accepts, body, query and path alike
 * (docs/decisions/bad-input-answers.md): such text is refused with a 400 before it
 * reaches the database. A conventions test walks every route's input schemas
 * for a string built without it.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/** The contract's messages about one field, each made with its code (errors.ts). */
export const isRequired = (label: string) =>
  say("required", { field: label }, `${label} is required.`);
export const notANumber = (label: string) =>
  say("not_a_number", { field: label }, `${label} must be a number.`);
export const wholeNumberMessage = (label: string) =>
  say("not_whole_number", { field: label }, `${label} must be a whole number.`);
export const atLeast = (label: string, min: number) =>
  say("too_small", { field: label, min }, `${label} must be at least ${min}.`);
export const atMost = (label: string, max: number) =>
  say("too_big", { field: label, max }, `${label} must be at most ${max}.`);
export const atLeastCharacters = (label: string, min: number) =>
  say("too_short", { field: label, min }, `${label} must be at least ${min} characters.`);
export const atMostCharacters = (label: string, max: number) =>
  say("too_long", { field: label, max }, `${label} must be at most ${max} characters.`);
export const notListed = (label: string) =>
  say("not_listed", { field: label }, `${label} must be one of the listed values.`);

/** Wire timestamp: "yyyy-MM-dd HH:mm:ss" in the store's time zone. */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/**
 * What the API document says of a timestamp (documentation only, never
 * checked): its form. Not `format: date-time`, which is RFC 3339 with a zone
 * (docs/decisions/api-document.md).
 */
export const TIMESTAMP_DOC = {
  type: "string",
  pattern: TIMESTAMP_PATTERN.source,
  description: "A time in the store's time zone: yyyy-MM-dd HH:mm:ss.",
  examples: ["2026-11-26 09:30:00"],
};
export const timestamp = text()
  .regex(TIMESTAMP_PATTERN, say("timestamp_format", {}, "Use the form yyyy-MM-dd HH:mm:ss."))
  .meta(TIMESTAMP_DOC);
export const nullableTimestamp = timestamp.nullable();

/**
 * A wire timestamp that names a real moment from 1900 on: "2026-02-30 10:00:00"
 * or "2026-01-01 24:00:00" match the pattern but are refused (expiry dates).
 * Text not in the wire form passes here: the pattern's own message covers it,
 * once.
 */
export function isRealTimestamp(value: string): boolean {
  const match = TIMESTAMP_PATTERN.exec(value) && value.split(/[- :]/).map(Number);
  if (!match) return true;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** A calendar date "yyyy-MM-dd" (date of birth). */
export const calendarDate = text().regex(
  /^\d{4}-\d{2}-\d{2}$/,
  say("date_format", {}, "Use the form yyyy-MM-dd."),
);

export const id = z.coerce.number().int().positive();

/** The largest id a PostgreSQL integer key holds. */
export const MAX_ID = 2_147_483_647;

const UNKNOWN_ID = say("unknown_id", {}, "Unknown id.");

/** Path parameter `{id}`: a positive whole number a key can hold, else 404-worthy input. */
export const idParams = z.object({
  id: z.coerce.number().int().positive(UNKNOWN_ID).max(MAX_ID, UNKNOWN_ID),
});

/** Two-valued status: answered as 1 or 0; accepts 1/0, "1"/"0" and booleans. */
export const status01 = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === "1" ? 1 : 0) as 0 | 1);
export const statusOut = z.union([z.literal(0), z.literal(1)]);

const MONEY_PATTERN = /^-?\d{1,10}(\.\d{1,2})?$/;
/**
 * What the API document says of money sent and answered (documentation only,
 * never checked; docs/decisions/api-document.md): a number or a decimal
 * string in, always a decimal string with two places out.
 */
export const MONEY_INPUT_DOC = {
  type: ["number", "string"],
  pattern: MONEY_PATTERN.source,
  description: 'Money in RM: a decimal with at most two places, best as a string ("12.50").',
};
export const MONEY_DOC = {
  type: "string",
  pattern: "^-?\\d{1,10}\\.\\d{2}$",
  description: 'Money in RM: a decimal string with two places ("12.50"), never a float.',
};

/**
 * Exact money: accepts a number or a numeric string with at most two decimal
 * places and answers a decimal string with two places ("12.50"). Never a float
 * on the way out.
 */
export function money(label: string, { min = 0 }: { min?: number } = {}) {
  return z
    .union([z.number(), text().trim()], { error: notANumber(label) })
    .transform((v, ctx) => {
      const text = typeof v === "number" ? String(v) : v;
      if (!MONEY_PATTERN.test(text)) {
        ctx.addIssue({
          code: "custom",
          message: say(
            "money_format",
            { field: label },
            `${label} must be a number with at most 2 decimal places.`,
          ),
        });
        return z.NEVER;
      }
      if (Number(text) < min) {
        ctx.addIssue({ code: "custom", message: atLeast(label, min) });
        return z.NEVER;
      }
      return toMoneyString(text);
    })
    .meta(MONEY_INPUT_DOC);
}

export const moneyOut = z.string().meta(MONEY_DOC);

/** A whole number within bounds, accepting numeric strings from forms. */
export function wholeNumber(label: string, min: number, max: number) {
  return z.coerce
    .number({ error: notANumber(label) })
    .int(wholeNumberMessage(label))
    .min(min, atLeast(label, min))
    .max(max, atMost(label, max));
}

/** A decimal number within bounds (dimensions, weight), answered as a decimal string. */
export function decimalNumber(label: string, min: number, max: number) {
  return money(label, { min }).refine((v) => Number(v) <= max, atMost(label, max));
}

/** A percentage: at least 0 and below 100. */
export function percentage(label: string) {
  return money(label).refine(
    (v) => Number(v) < 100,
    say("below_100", { field: label }, `${label} must be below 100.`),
  );
}

export function requiredText(label: string, max = 255) {
  return text({ error: isRequired(label) })
    .trim()
    .min(1, isRequired(label))
    .max(max, atMostCharacters(label, max));
}

/**
 * Characters that show nothing or change how the text around them is drawn:
 * controls (Cc), format characters (Cf: zero-width spaces and joiners
 * U+200B-U+200F, direction embeddings and overrides U+202A-U+202E and
 * isolates U+2066-U+2069, U+FEFF, ...), line and paragraph separators, the
 * combining grapheme joiner and the Hangul fillers. In a name they only serve
 * to make one name pass for another (docs/decisions/confusable-names.md).
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F/u;
export const HIDDEN_CHARACTER_MESSAGE = say(
  "hidden_characters",
  {},
  "Names cannot contain invisible, control or text-direction characters.",
);

export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTERS.test(value);
}

/** A required name of a person or a store: text without hidden characters. */
export function nameText(label: string, max = 255) {
  return requiredText(label, max).refine((v) => !hasHiddenCharacters(v), HIDDEN_CHARACTER_MESSAGE);
}

/** Letters of these scripts pass for each other (а, е, о, р, с in Cyrillic; ο, ν, Α in Greek). */
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
export const MIXED_SCRIPT_MESSAGE = say(
  "mixed_scripts",
  {},
  "A username cannot mix Latin, Cyrillic and Greek letters: it could pass for another name.",
);

export function mixesLookalikeScripts(value: string): boolean {
  return LOOKALIKE_SCRIPTS.filter((script) => script.test(value)).length > 1;
}

/**
 * An account's username: NFKC-normalised first (fullwidth "ａｄｍｉｎ" is
 * "admin"), then a name without hidden characters whose letters come from
 * one of Latin, Cyrillic and Greek. That it does not look like another
 * account's is the server's check (migration 0015's skeleton).
 */
export function usernameText(label = "Username", max = 50) {
  return text({ error: isRequired(label) })
    .overwrite((v) => v.normalize("NFKC"))
    .trim()
    .min(1, isRequired(label))
    .max(max, atMostCharacters(label, max))
    .refine((v) => !hasHiddenCharacters(v), HIDDEN_CHARACTER_MESSAGE)
    .refine((v) => !mixesLookalikeScripts(v), MIXED_SCRIPT_MESSAGE);
}

export function optionalText(max = 5000) {
  return text()
    .trim()
    .max(max, say("too_long", { field: "", max }, `Must be at most ${max} characters.`))
    .nullish()
    .transform((v) => v ?? "");
}

export const email = (label = "E-mail") =>
  text({ error: isRequired(label) })
    .trim()
    .min(1, isRequired(label))
    .max(255)
    .pipe(
      z.email(say("invalid_email", { field: label }, `${label} must be a valid e-mail address.`)),
    );

/** An uploaded file name as answered by POST /api/uploads, or empty. */
export const fileName = text()
  .trim()
  .max(255)
  .regex(
    /^[A-Za-z0-9._,-]*$/,
    say("file_name", {}, "Must be a file name answered by the upload call."),
  )
  .nullish()
  .transform((v) => v ?? "");

/** Comma-separated list of file names. */
export const fileNameList = fileName;
