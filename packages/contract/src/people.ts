import { z } from "zod";
import {
  calendarDate,
  email,
  money,
  moneyOut,
  nullableTimestamp,
  percentage,
  requiredText,
  status01,
  statusOut,
  timestamp,
} from "./primitives";

export const USER_CONTACT_MAX = 12;
export const DEFAULT_MEMBERSHIP_ID = 1;
export const REQUIREMENT_CONDITIONS = ["pv", "down-line"] as const;
export type RequirementCondition = (typeof REQUIREMENT_CONDITIONS)[number];

const selected = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

/** Optional referrer id: empty, null or 0 means none. */
const referral = z
  .union([z.literal(""), z.null(), z.undefined(), z.coerce.number().int().min(0)])
  .transform((v) => (v === "" || v === undefined || v === null || v === 0 ? null : v));

export const userFields = z.object({
  username: requiredText("Username", 50),
  email: email(),
  f_name: requiredText("First name", 100),
  l_name: requiredText("Last name", 100),
  contact: requiredText("Contact", USER_CONTACT_MAX),
  password: z.string().max(1024).optional(),
  DOB: z
    .union([z.literal(""), z.null(), z.undefined(), calendarDate])
    .transform((v) => (v ? v : null)),
  gender: selected("Gender"),
  role: selected("Role"),
  membership: z.coerce
    .number({ error: "Membership is required." })
    .int()
    .positive("Membership is required.")
    .default(DEFAULT_MEMBERSHIP_ID),
  referral_of: referral,
  languages: selected("Language"),
  currency: selected("Currency"),
  user_status: status01.default(0),
});

/** POST users: every field, password required. */
export const userCreate = userFields.extend({
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1024),
});
/** PUT users/{id}: the full Edit User form or the profile's {email, contact, password}. */
export const userUpdate = userFields.partial().extend({
  password: z.string().max(1024).optional(),
});
export type UserCreate = z.input<typeof userCreate>;
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
  ttl_order: z.number(),
  ttl_pv: moneyOut,
  languages: z.string(),
  currency: z.string(),
  user_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
});
export type User = z.infer<typeof user>;

export const referralUpdateBody = z.object({
  user_id: z.coerce.number().int().positive(),
  down_line: z.coerce.number().int().optional(),
});
export const membershipUpdateBody = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  membership: z.coerce.number().int().positive("Membership is required."),
});

export const walletInput = z.object({
  user_id: z.coerce.number({ error: "User is required." }).int().positive("User is required."),
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
});
export type Wallet = z.infer<typeof wallet>;

export const membershipInput = z.object({
  membership: requiredText("Member title", 100),
  member_percentage: percentage("Member discount %"),
  member_earning: percentage("Member earning %"),
  min_requirement: money("Minimum requirement"),
  req_condition: z.enum(REQUIREMENT_CONDITIONS, {
    error: "Requirement condition must be pv or down-line.",
  }),
});
export type MembershipInput = z.input<typeof membershipInput>;

export const membership = z.object({
  member_id: z.number(),
  membership: z.string(),
  member_percentage: moneyOut,
  member_earning: moneyOut,
  min_requirement: moneyOut,
  req_condition: z.enum(REQUIREMENT_CONDITIONS),
  created_at: timestamp,
  updated_at: nullableTimestamp,
});
export type Membership = z.infer<typeof membership>;

export const WITHDRAW_STATUSES = ["processing", "completed", "rejected"] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const withdrawDecision = z.object({
  withdraw_status: z.enum(["completed", "rejected"], {
    error: "Status must be completed or rejected.",
  }),
});

export const withdrawRequest = z.object({
  withdraw_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  email: z.string(),
  contact: z.string(),
  bank_acc: z.string(),
  bank_name: z.string(),
  currency_symbol: z.string(),
  withdraw_amt: moneyOut,
  c_wallet_amt: moneyOut,
  withdraw_status: z.enum(WITHDRAW_STATUSES),
  request_at: timestamp,
  cashOut_at: nullableTimestamp,
  rejected_at: nullableTimestamp,
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;
