// The login form's schemas in a chunk of their own, fetched once the page is drawn:
// zod (about 25 kB gzipped) is not in /login-back's first download.
import { newPassword } from "@store/contract";
import { z } from "zod";

export { loginBody, passwordResetRequest, totpCodeBody } from "@store/contract";

/** Said in every language (the messages catalogue), as on the profile's password change. */
export const PASSWORD_MISMATCH = "Password does not match confirm Password.";

/** /reset-password: the contract's rule for a new password, typed twice alike. */
export const resetPasswordForm = z
  .object({ password: newPassword, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ["repeat"], message: PASSWORD_MISMATCH });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;
