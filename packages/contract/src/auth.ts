import { z } from "zod";
import { isCommonPassword } from "./commonPasswords";
import { say } from "./errors";
import { permission } from "./permissions";
import { atLeastCharacters, email, isRequired, text } from "./primitives";

export { isCommonPassword };

/** The HttpOnly cookie that carries a session (CONTRACT: sessions). */
export const SESSION_COOKIE = "sid";
export const SESSION_LIFETIME_MS = 36_000_000;
export const SESSION_CHECK_INTERVAL_MS = 60_000;

export const loginBody = z.object({
  email: text().trim().max(255).default(""),
  password: text().max(1024).default(""),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * A login's e-mail must look like one: anything else is refused with 400
 * before the audit trail records it (docs/decisions/audit-failed-login.md). Checked by the login call itself, not its body schema, so
 * such an attempt still counts against the address's failed-login limit.
 */
export const LOGIN_EMAIL_MESSAGE = say(
  "login_email",
  {},
  "Enter your e-mail address, such as name@example.com.",
);
const loginEmail = email();
export function isLoginEmail(value: string): boolean {
  return loginEmail.safeParse(value).success;
}
/** The record name of a failed login whose e-mail names no account. */
export const UNKNOWN_ACCOUNT = "unknown account";

export const loginAdminBody = z.object({ currentPassword: text().max(1024).default("") });

/** How long a fresh proof (POST /api/stepUp) lets the most harmful calls through. */
export const STEP_UP_LIFETIME_MS = 5 * 60_000;
/** POST /api/stepUp: the password again, or, with two-step login on, a current or recovery code. */
export const stepUpBody = z.object({
  password: text().max(1024).optional(),
  code: text().max(64).optional(),
});

/** Shortest password accepted; ADMIN_PASSWORD in production needs more (docs/decisions/password-rule.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_REQUIRED = isRequired("Password");
export const COMMON_PASSWORD = say(
  "common_password",
  {},
  "This password is too common. Choose another.",
);
export const passwordTooShort = (min: number) => atLeastCharacters("Password", min);

/**
 * What is wrong with a new password, or null: the one password rule of the
 * forms, the API and the ADMIN_PASSWORD check. Characters are counted as the
 * user sees them (code points), never trimmed.
 */
export function passwordProblem(password: string, min = PASSWORD_MIN_LENGTH): string | null {
  if (password.length === 0) return PASSWORD_REQUIRED;
  if (Array.from(password).length < min) return passwordTooShort(min);
  if (password.length > PASSWORD_MAX_LENGTH)
    return say("password_too_long", {}, "Password is too long.");
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  return null;
}

/** A new password (add user, change or reset a password). */
export const newPassword = text({ error: PASSWORD_REQUIRED }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A new password or "", which leaves the stored password as it is (edit forms). */
export const optionalNewPassword = text().superRefine((value, ctx) => {
  const problem = value === "" ? null : passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The password of the one who asks, to confirm a change of their own account. */
export const currentPassword = text().max(PASSWORD_MAX_LENGTH);

/**
 * The signed-in person as answered by login and GET /api/me: the user record
 * without the password, with what they may do (an Admin holds every permission).
 */
export const adminData = z.object({
  status: z.number(),
  user_id: z.number(),
  username: z.string(),
  email: z.string(),
  f_name: z.string(),
  l_name: z.string(),
  contact: z.string(),
  DOB: z.string().nullable(),
  gender: z.string(),
  role: z.string(),
  /** The admin's own language, as the `languages` lookup names it; the web app speaks it. */
  languages: z.string(),
  /** Every permission held: an Admin's all, a Staff member's the union of their groups. */
  permissions: z.array(permission),
  /** The names of the person's permission groups, for the top bar's menu. */
  group_names: z.array(z.string()),
  /** Two-step login is on for this person (the step-up dialog then offers the code). */
  totp_enabled: z.boolean(),
  /**
   * The store requires two-step login of this person (an Admin or a holder of
   * payouts:manage) and they have not set it up: only their own profile and
   * session answer until they do (docs/decisions/two-step-login.md).
   */
  totp_enrolment_required: z.boolean(),
});
export type AdminData = z.infer<typeof adminData>;

/**
 * GET and PUT me/signInAlerts: the signed-in person hears by e-mail of each
 * sign-in from a browser and address their sessions have not shown before
 * (contract MESSAGE_EVENTS `new_sign_in`).
 */
export const signInAlerts = z.object({ sign_in_alerts: z.boolean() });
export type SignInAlerts = z.infer<typeof signInAlerts>;
