import { z } from "zod";
import { say } from "./errors";
import { atMostCharacters, isRequired, nullableTimestamp, text } from "./primitives";
import { recordVersion } from "./versions";

/**
 * KYC before pay-out (issue 39, docs/decisions/kyc.md): who a member is
 * (their NRIC or passport), their tax ID, the name on their bank account and
 * the pictures of their identity card, with a status a holder of `kyc:manage`
 * sets. Once the store turns the rule on (General settings, `kyc_required`),
 * a payout to a member who is not verified is 409 `kyc_required`.
 */
export const KYC_STATUSES = ["none", "pending", "verified", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  none: "Not started",
  pending: "Pending",
  verified: "Verified",
  rejected: "Rejected",
};

/** The sides of the identity card a member's documents show. */
export const KYC_DOCUMENT_SIDES = ["front", "back"] as const;
export type KycDocumentSide = (typeof KYC_DOCUMENT_SIDES)[number];

/** What an identity card picture may be (an upload of kind `kyc`). */
export const KYC_DOCUMENT_TYPES = ["jpg", "jpeg", "png"] as const;
export const KYC_DOCUMENT_MAX_BYTES = 5_242_880;

/**
 * The place-of-birth codes (digits 7 and 8) the National Registration
 * Department (JPN) issues: the states and federal territories (01-16, 21-59)
 * and the countries and regions of the foreign-born (60-68, 71-72, 74-79,
 * 82-93, 98-99). 00, 17-20, 69-70, 73, 80-81 and 94-97 are not issued.
 */
const PLACE_OF_BIRTH_RANGES: readonly [number, number][] = [
  [1, 16],
  [21, 59],
  [60, 68],
  [71, 72],
  [74, 79],
  [82, 93],
  [98, 99],
];

export function isPlaceOfBirthCode(code: number): boolean {
  return PLACE_OF_BIRTH_RANGES.some(([from, to]) => code >= from && code <= to);
}

/** Why an NRIC is refused: not 12 digits, no real date of birth, an unissued place code. */
export type NricProblem = "format" | "date" | "place";

/**
 * A Malaysian identity card number (MyKad) as 12 digits: YYMMDD-PB-###G,
 * typed with or without its dashes or spaces. The date is the birth date
 * (any century, so 29 February is real in a year divisible by 4: 1900 is not
 * a leap year but 2000 is, and "00" could be either); PB the place of birth.
 */
export function checkNric(
  value: string,
): { ok: true; nric: string } | { ok: false; problem: NricProblem } {
  const typed = value.trim();
  if (!/^\d{6}[- ]?\d{2}[- ]?\d{4}$/.test(typed)) return { ok: false, problem: "format" };
  const nric = typed.replace(/[- ]/g, "");
  const yy = Number(nric.slice(0, 2));
  const mm = Number(nric.slice(2, 4));
  const dd = Number(nric.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1 || dd > daysIn(mm, yy)) return { ok: false, problem: "date" };
  if (!isPlaceOfBirthCode(Number(nric.slice(6, 8)))) return { ok: false, problem: "place" };
  return { ok: true, nric };
}

function daysIn(month: number, yy: number): number {
  if (month === 2) return yy % 4 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** How many characters of an identity number are shown: the last four. */
export const KYC_SHOWN_TAIL = 4;

/**
 * An identity number as lists, exports and the audit trail show it: only its
 * last four characters, the rest starred ("********1234").
 */
export function maskIdNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const hidden = Math.max(value.length - KYC_SHOWN_TAIL, 0);
  return "*".repeat(hidden) + value.slice(hidden);
}

const NRIC_MESSAGES: Record<NricProblem, string> = {
  format: say("nric_format", {}, "NRIC must be 12 digits: YYMMDD-PB-####."),
  date: say(
    "nric_date",
    {},
    "NRIC must begin with a real date of birth (YYMMDD): check the first six digits.",
  ),
  place: say(
    "nric_place",
    {},
    "NRIC's place-of-birth code (digits 7 and 8) is not one the National Registration Department issues.",
  ),
};

/** An NRIC as typed → its 12 digits; "" or null clears it. */
const nric = z.union([z.null(), text()]).transform((v, ctx): string | null => {
  if (v === null || v.trim() === "") return null;
  const checked = checkNric(v);
  if (checked.ok) return checked.nric;
  ctx.addIssue({ code: "custom", message: NRIC_MESSAGES[checked.problem] });
  return z.NEVER;
});

const PASSPORT_MESSAGE = say(
  "passport_format",
  {},
  "Passport number must be 5 to 20 letters and digits.",
);
/** A passport number, upper-cased; "" or null clears it. */
const passport = z.union([z.null(), text()]).transform((v, ctx): string | null => {
  const typed = v?.trim().toUpperCase() ?? "";
  if (typed === "") return null;
  if (/^[A-Z0-9]{5,20}$/.test(typed)) return typed;
  ctx.addIssue({ code: "custom", message: PASSPORT_MESSAGE });
  return z.NEVER;
});

const TIN_MESSAGE = say(
  "tin_format",
  {},
  "Tax ID must be the LHDN number: one or two letters and 8 to 13 digits (IG12345678090).",
);
/** The income tax number (LHDN), e.g. IG12345678090; spaces dropped, upper-cased; "" or null: none. */
export const tin = z.union([z.null(), text()]).transform((v, ctx): string => {
  const typed = (v ?? "").replace(/\s/g, "").toUpperCase();
  if (typed === "" || /^[A-Z]{1,2}\d{8,13}$/.test(typed)) return typed;
  ctx.addIssue({ code: "custom", message: TIN_MESSAGE });
  return z.NEVER;
});

export const KYC_HOLDER_MAX = 100;
export const KYC_REASON_MAX = 500;

const document = z
  .union([z.null(), text().trim().max(255)])
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || /^[0-9a-f]{64}\.[a-z0-9]{1,8}$/.test(v),
    say("file_name", {}, "Must be a file name answered by the upload call."),
  );

/**
 * PUT users/{id}/kyc. Each field left out keeps its stored value; null or ""
 * clears it. An NRIC replaces a stored passport and the other way round
 * (sending both is 400). Rejected needs a reason; verified needs an NRIC or a
 * passport and the bank account holder's name. A document is the file_name
 * POST uploads?kind=kyc answered.
 */
export const kycInput = z.object({
  nric: nric.optional(),
  passport: passport.optional(),
  tin: tin.optional(),
  bank_holder_name: z
    .union([z.null(), text().trim()])
    .transform((v) => v ?? "")
    .refine(
      (v) => v.length <= KYC_HOLDER_MAX,
      atMostCharacters("Bank account holder", KYC_HOLDER_MAX),
    )
    .optional(),
  status: z
    .enum(KYC_STATUSES, {
      error: say("kyc_status", {}, "Status must be none, pending, verified or rejected."),
    })
    .optional(),
  reason: z
    .union([z.null(), text().trim()])
    .transform((v) => v ?? "")
    .refine((v) => v.length <= KYC_REASON_MAX, atMostCharacters("Reason", KYC_REASON_MAX))
    .optional(),
  document_front: document.optional(),
  document_back: document.optional(),
});
export type KycInput = z.input<typeof kycInput>;
export type KycValues = z.output<typeof kycInput>;

/** The messages of the rules across fields (the service checks them on the merged record). */
export const KYC_RULE_MESSAGES = {
  both: say("kyc_one_identity", {}, "Give the NRIC or the passport number, not both."),
  reason: isRequired("Reason"),
  incomplete: say(
    "kyc_incomplete",
    {},
    "A member is verified with an NRIC or a passport number and the bank account holder's name.",
  ),
} as const;

/**
 * GET users/{id}/kyc (members:view): the identity number masked, the
 * documents only said to be there. A member never saved is status none at
 * version 1.
 */
export const kyc = z.object({
  user_id: z.number(),
  username: z.string(),
  status: z.enum(KYC_STATUSES),
  /** "nric" or "passport": which identity number is held; null: none. */
  id_type: z.enum(["nric", "passport"]).nullable(),
  /** The identity number with all but its last four characters starred. */
  id_masked: z.string().nullable(),
  tin: z.string(),
  bank_holder_name: z.string(),
  /** Why the member was rejected (empty otherwise). */
  reason: z.string(),
  documents: z.object({ front: z.boolean(), back: z.boolean() }),
  /** When the documents last changed. */
  documents_at: nullableTimestamp,
  verified_by: z.number().nullable(),
  verified_by_username: z.string().nullable(),
  verified_at: nullableTimestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Kyc = z.infer<typeof kyc>;

/** GET users/{id}/kyc/identity (kyc:view, audited): the identity number in full. */
export const kycIdentity = z.object({
  user_id: z.number(),
  nric: z.string().nullable(),
  passport: z.string().nullable(),
});
export type KycIdentity = z.infer<typeof kycIdentity>;

export const kycDocumentParams = z.object({
  id: z.coerce.number().int().positive(),
  side: z.enum(KYC_DOCUMENT_SIDES),
});
