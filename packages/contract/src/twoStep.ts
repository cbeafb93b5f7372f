import { z } from "zod";
import { adminData } from "./auth";
import { text } from "./primitives";

/** Two-step login (TOTP, RFC 6238; docs/decisions/two-step-login.md). */

/** How long a login that gave the right password may wait for its code. */
export const PENDING_LOGIN_LIFETIME_MS = 5 * 60_000;
/** Recovery codes handed out when two-step login is turned on, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** An authenticator's code: six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** POST /api/me/totp: the new secret, as text and as the address an authenticator app reads (QR code). */
export const totpEnrolment = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** An authenticator code or a recovery code, as typed (spaces and dashes are ignored). */
export const totpCodeBody = z.object({ code: text().trim().max(64).default("") });
export type TotpCodeBody = z.input<typeof totpCodeBody>;

/** POST /api/me/totp/confirm: two-step login is on; the recovery codes are shown this once. */
export const totpConfirmed = z.object({
  status: z.number(),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TotpConfirmed = z.infer<typeof totpConfirmed>;

/** POST /api/login when the account has two-step login on: the code is owed (POST /api/login/totp). */
export const loginTotpRequired = z.object({
  status: z.number(),
  totp_required: z.literal(true),
});
export type LoginTotpRequired = z.infer<typeof loginTotpRequired>;

/** POST /api/login: the signed-in person, or the code still owed. */
export const loginAnswer = z.union([adminData, loginTotpRequired]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export function isTotpRequired(answer: LoginAnswer): answer is LoginTotpRequired {
  return "totp_required" in answer && answer.totp_required === true;
}

/** A typed code without its spaces and dashes, upper case (recovery codes are base32). */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/** Six digits: an authenticator's code; anything else is tried as a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseCode(code));
}
