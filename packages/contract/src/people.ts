import { z } from "zod";
import { currentPassword, newPassword, optionalNewPassword } from "./auth";
import { bulkIds, referralMove } from "./common";
import { say } from "./errors";
import { KYC_STATUSES } from "./kyc";
import { screenOnly } from "./listExport";
import {
  calendarDate,
  email,
  isRequired,
  money,
  moneyOut,
  nameText,
  notListed,
  nullableTimestamp,
  percentage,
  requiredText,
  status01,
  statusOut,
  text,
  timestamp,
  usernameText,
  wholeNumber,
} from "./primitives";
import { recordVersion } from "./versions";

export const USER_CONTACT_MAX = 12;
export const DEFAULT_MEMBERSHIP_ID = 1;
export const REQUIREMENT_CONDITIONS = ["pv", "down-line"] as const;
export type RequirementCondition = (typeof REQUIREMENT_CONDITIONS)[number];
/** How a requirement's unit is shown (docs/REQUIREMENTS.md section 2, Memberships). */
export const REQUIREMENT_UNITS: Record<RequirementCondition, string> = {
  pv: "PV",
  "down-line": "Down Line",
};

/** A required select: its blank option is disabled, so "" means nothing was chosen. */
const selected = (label: string) =>
  text({ error: isRequired(label) })
    .trim()
    .min(1, isRequired(label))
    .max(100, notListed(label));

/**
 * The referrer: a user id, or none (null, 0 or "0", the form's "None" option;
 * left out by API callers). An empty string is the form's disabled blank
 * option, so nothing was chosen.
 */
const REFERRAL_USER = say("referral_user", {}, "Referral must be a user.");

const referral = z
  .union([z.null(), z.number(), text().trim()], { error: REFERRAL_USER })
  .optional()
  .transform((v, ctx): number | null => {
    if (v === undefined || v === null || v === 0 || v === "0") return null;
    if (v === "") {
      ctx.addIssue({ code: "custom", message: isRequired("Referral") });
      return z.NEVER;
    }
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 0) {
      ctx.addIssue({ code: "custom", message: REFERRAL_USER });
      return z.NEVER;
    }
    return n;
  });

/** A real calendar date, "yyyy-MM-dd", or nothing. */
const dateOfBirth = z
  .union([z.literal(""), z.null(), calendarDate])
  .optional()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || isRealDate(v),
    say("not_real_date", { field: "D.O.B" }, "D.O.B must be a real date."),
  );

function isRealDate(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

const membershipId = z.coerce
  .number({ error: isRequired("Membership") })
  .int(isRequired("Membership"))
  .positive(isRequired("Membership"));

/** The fields of the Add and Edit User forms (docs/REQUIREMENTS.md section 5), without defaults. */
const userFields = z.object({
  username: usernameText("Username", 50),
  email: email(),
  f_name: nameText("First name", 100),
  l_name: nameText("Last name", 100),
  contact: requiredText("Contact", USER_CONTACT_MAX),
  DOB: dateOfBirth,
  gender: selected("Gender"),
  role: selected("Role"),
  membership: membershipId,
  referral_of: referral,
  languages: selected("Language"),
  currency: selected("Currency"),
  user_status: status01,
  /** Only messages about their money and orders (issue 41: contract MESSAGE_EVENTS' `essential`). */
  messages_opt_out: z.boolean(),
});

/**
 * The permission groups a Staff member holds (staff.ts), by id: each once, in
 * id order. Only a Staff member holds any (docs/decisions/staff-accounts.md).
 */
const groupIds = z
  .array(
    z.coerce
      .number({
        error: say("not_listed", { field: "groups" }, "Groups must be listed permission groups."),
      })
      .int()
      .positive(),
  )
  .max(100)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** POST users: every field; password required; membership 1, status 0 and no groups unless chosen. */
export const userCreate = userFields.extend({
  password: newPassword,
  groups: groupIds.default([]),
  membership: membershipId.default(DEFAULT_MEMBERSHIP_ID),
  user_status: status01.default(0),
  messages_opt_out: z.boolean().default(false),
});

/**
 * PUT users/{id}: the full Edit User form or the profile's {email, contact,
 * password, updated_at}. A field left out is left as it is; an empty password
 * leaves the password; updated_at is stamped by the server. Changing one's
 * own password needs currentPassword too (docs/decisions/sessions-and-passwords.md).
 */
export const userUpdate = userFields.partial().extend({
  password: optionalNewPassword.optional(),
  groups: groupIds.optional(),
  currentPassword: currentPassword.optional(),
});
export type UserCreate = z.input<typeof userCreate>;

/**
 * PUT adminLanguage: the signed-in administrator's own language, one of GET
 * languages ("English", "Bahasa Melayu", "中文"); it follows them to any browser.
 */
export const ownLanguageBody = z.object({ languages: selected("Language") });
export const ownLanguageAnswer = z.object({
  status: z.number(),
  message: z.string(),
  languages: z.string(),
});
export type OwnLanguageAnswer = z.infer<typeof ownLanguageAnswer>;

/**
 * The Add and Edit User forms of the web app: the same fields and messages;
 * the password is asked (and required) on add only, and holds "" on edit.
 */
export function userForm(isEdit: boolean) {
  return userFields.extend({
    password: isEdit ? optionalNewPassword : newPassword,
    groups: groupIds,
  });
}
export type UserFormInput = z.input<ReturnType<typeof userForm>>;
export type UserFormValues = z.output<ReturnType<typeof userForm>>;
export type UserUpdate = z.input<typeof userUpdate>;

export const user = z.object({
  user_id: z.number(),
  username: z.string(),
  email: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  contact: z.string(),
  DOB: z.string().nullable(),
  gender: z.string(),
  role: z.string(),
  membership: z.number(),
  membership_name: z.string().nullable(),
  down_line: z.number(),
  referral_of: z.number().nullable(),
  referrer_username: z.string().nullable(),
  /** The permission groups held (a Staff member's; empty for every other role), in id order. */
  groups: z.array(z.number()),
  /** Two-step login is on (an authenticator enrolled): the users list's column, not exported. */
  totp_enabled: screenOnly(z.boolean()),
  /** Locked after too many wrong codes (Edit User offers Unlock): not exported. */
  totp_locked: screenOnly(z.boolean()),
  ttl_order: z.number(),
  ttl_pv: moneyOut,
  languages: z.string(),
  currency: z.string(),
  user_status: statusOut,
  /** The member asked for no messages but those about their money and orders. */
  messages_opt_out: z.boolean(),
  /** KYC before pay-out (docs/decisions/kyc.md): none until someone saves it. */
  kyc_status: z.enum(KYC_STATUSES),
  /** The NRIC or passport number with all but its last 4 characters starred; never in full. */
  kyc_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type User = z.infer<typeof user>;

/** GET usersCount: one small row per user; its length is the count. */
export const userCountRow = z.object({ user_id: z.number() });
/** GET getNextUserId: the id the next new user is expected to get. */
export const nextUserId = z.object({ user_id: z.number() });

/** PUT referralUpdate/{id}: accepted from the old client; the count is recomputed. */
export const referralUpdateBody = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  down_line: z.coerce.number().int().optional(),
  updated_at: text().optional(),
});
/** PUT updateMembership/{user_id}: sets a membership that exists. */
export const membershipUpdateBody = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  membership: membershipId,
  updated_at: text().optional(),
});

export const walletInput = z.object({
  user_id: z.coerce
    .number({ error: isRequired("User") })
    .int()
    .positive(isRequired("User")),
  wallet_amt: money("Wallet amount").default("0.00"),
  c_wallet_amt: money("Cash wallet amount").default("0.00"),
  recent_spend_at: nullableTimestamp.optional().transform((v) => v ?? null),
});
export type WalletInput = z.input<typeof walletInput>;

export const wallet = z.object({
  wallet_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  email: z.string(),
  contact: z.string(),
  currency_symbol: z.string(),
  wallet_amt: moneyOut,
  c_wallet_amt: moneyOut,
  ttl_pv: moneyOut,
  recent_spend_at: nullableTimestamp,
  version: recordVersion,
});
export type Wallet = z.infer<typeof wallet>;

/** DELETE users/{id} and usersWallet/{id}: where the member's direct referrals go. */
export const memberDeleteQuery = z.object({ referrals: referralMove.optional() });

/** A member's three balances, as money strings. */
export const memberBalances = z.object({
  wallet: moneyOut,
  cash_wallet: moneyOut,
  pv: moneyOut,
});
export type MemberBalances = z.infer<typeof memberBalances>;

/** 409 of a delete: the member still holds money or PV; nothing was written. */
export const memberHoldsMoney = z.object({ message: z.string(), balances: memberBalances });
export type MemberHoldsMoney = z.infer<typeof memberHoldsMoney>;

/** 409 of a delete without a choice: the member refers others (how many, and who refers the member). */
export const memberRefersOthers = z.object({
  message: z.string(),
  referrals: z.number(),
  referrer: z.object({ user_id: z.number(), username: z.string() }).nullable(),
});
export type MemberRefersOthers = z.infer<typeof memberRefersOthers>;

/** The highest rank a tier may take (ranks need not be consecutive). */
export const MEMBERSHIP_RANK_MAX = 1_000_000;

const REQUIREMENT_CONDITION_MESSAGE = say(
  "requirement_condition",
  {},
  "Requirement condition must be pv or down-line.",
);

export const membershipInput = z.object({
  membership: requiredText("Member title", 100),
  member_percentage: percentage("Member discount %"),
  member_earning: percentage("Member earning %"),
  min_requirement: money("Minimum requirement"),
  // A string first, so a form's blank option is a plain value that fails here.
  req_condition: text({ error: REQUIREMENT_CONDITION_MESSAGE }).pipe(
    z.enum(REQUIREMENT_CONDITIONS, { error: REQUIREMENT_CONDITION_MESSAGE }),
  ),
  /**
   * The tier's place in the promotion order (1 the lowest; docs/REQUIREMENTS.md
   * section 4). Left blank on create: above the highest; on update: as it is.
   */
  rank: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    wholeNumber("Rank", 1, MEMBERSHIP_RANK_MAX).optional(),
  ),
});
export type MembershipInput = z.input<typeof membershipInput>;

export const membership = z.object({
  member_id: z.number(),
  membership: z.string(),
  rank: z.number(),
  member_percentage: moneyOut,
  member_earning: moneyOut,
  min_requirement: moneyOut,
  req_condition: z.enum(REQUIREMENT_CONDITIONS),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Membership = z.infer<typeof membership>;

export const WITHDRAW_STATUSES = ["processing", "completed", "rejected"] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/**
 * PUT withdrawRequest/{id}: the old client's {withdraw_id, withdraw_status,
 * cashOut_at, rejected_at}. Only the decision counts; the stamps are the
 * server's.
 */
export const withdrawDecision = z.object({
  withdraw_id: z.coerce.number().int().positive().optional(),
  withdraw_status: z.enum(["completed", "rejected"], {
    error: say("withdrawal_decision", {}, "Status must be completed or rejected."),
  }),
  cashOut_at: z.unknown().optional(),
  rejected_at: z.unknown().optional(),
});
export type WithdrawDecision = z.input<typeof withdrawDecision>;

export const withdrawRequest = z.object({
  withdraw_id: z.number(),
  /** Null when the user has since been deleted (the decided request is kept). */
  user_id: z.number().nullable(),
  username: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  email: z.string(),
  contact: z.string(),
  bank_acc: z.string(),
  bank_name: z.string(),
  currency_symbol: z.string(),
  withdraw_amt: moneyOut,
  /**
   * s.107D (docs/decisions/withholding.md): what the approval withheld for the
   * tax authority (0.00 when nothing), and what the bank is sent
   * (withdraw_amt less it; null until approved).
   */
  tax_withheld: moneyOut,
  net_amt: moneyOut.nullable(),
  c_wallet_amt: moneyOut,
  /** The member's KYC status (docs/decisions/kyc.md); none for a deleted member. */
  kyc_status: z.enum(KYC_STATUSES),
  withdraw_status: z.enum(WITHDRAW_STATUSES),
  request_at: timestamp,
  cashOut_at: nullableTimestamp,
  rejected_at: nullableTimestamp,
  /** Set when a completed request was reversed (PUT withdrawRequest/{id}/reverse); once only. */
  reversed_at: nullableTimestamp,
  /**
   * Four-eyes payouts (docs/decisions/four-eyes-payouts.md): a processing
   * request above the second-approval amount that one person has approved;
   * it awaits a second, different person. Null otherwise.
   */
  first_approved_by: z.number().nullable(),
  first_approved_by_username: z.string().nullable(),
  first_approved_at: nullableTimestamp,
  /** The payout batch it is paid in (docs/decisions/payout-batches.md), null if none yet. */
  payout_batch_id: z.number().nullable(),
  /** The bank's answer for it in that batch, and the bank's reason (why a payment failed). */
  payout_result: z.enum(["paid", "failed"]).nullable(),
  payout_reason: z.string().nullable(),
  version: recordVersion,
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

/**
 * What an approval by the caller would be (docs/decisions/four-eyes-payouts.md):
 * `single` completes it; `first` records a first approval only (above the
 * second-approval amount, or bringing what the caller paid the member alone
 * within a day above it: `day_total`); `second` completes a request another
 * person approved; `same_person` is refused (the caller approved first);
 * `decided` is no longer processing.
 */
export const PAYOUT_APPROVAL_STAGES = [
  "single",
  "first",
  "second",
  "same_person",
  "decided",
] as const;
export const payoutApproval = z.object({
  withdraw_id: z.number(),
  stage: z.enum(PAYOUT_APPROVAL_STAGES),
  reason: z.enum(["amount", "day_total", "first_approved"]).nullable(),
  day_total: moneyOut.nullable(),
});
export type PayoutApproval = z.infer<typeof payoutApproval>;

/** GET withdrawRequest/approvals?ids=…: the stages in the order a bulk approve of those ids takes them. */
export const payoutApprovalsQuery = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : String(v ?? "").split(",")), bulkIds),
});
export const payoutApprovals = z.object({
  /** The second-approval amount (General settings), null when off. */
  above: moneyOut.nullable(),
  /** Whether approving them asks for a fresh step-up (once, for a bulk call). */
  step_up: z.boolean(),
  approvals: payoutApproval.array(),
});
export type PayoutApprovals = z.infer<typeof payoutApprovals>;
