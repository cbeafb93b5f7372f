import {
  okBody,
  PASSWORD_RESET_MINUTES,
  passwordResetConfirm,
  passwordResetRequest,
  statusErrorBody,
} from "@store/contract";
import type { App } from "../appType";
import { LOGIN_BODY_LIMIT } from "../lib/edge";
import {
  confirmPasswordReset,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_QUEUED,
  requestPasswordReset,
} from "./passwordReset";

/**
 * "Forgot password?" (auth/passwordReset.ts): both calls public, like the
 * login, with its small body limit and its per-address throttle.
 */
export function registerPasswordResetRoutes(app: App): void {
  const tags = ["auth"];

  app.post(
    "/passwordReset",
    {
      config: { public: true },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        summary: `Asks for a link to reset a staff account's password, good for ${PASSWORD_RESET_MINUTES} minutes and e-mailed by a job. Answered 202 alike whatever the e-mail: whether it is an account's is never said.`,
        body: passwordResetRequest,
        response: {
          202: okBody,
          429: statusErrorBody.describe(
            "Too many requests from this address (`too_many_attempts`), with Retry-After.",
          ),
        },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email, request.ip);
      return reply.code(202).send({ status: 202, message: PASSWORD_RESET_QUEUED });
    },
  );

  app.post(
    "/passwordReset/confirm",
    {
      config: { public: true },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Sets a new password with the link's token: good once and before it expires. Every session of the person ends; it logs no one in.",
        description:
          "A link expired, already used or unknown is 400 `password_reset_invalid`; a password the rules refuse, 400 with its field.",
        body: passwordResetConfirm,
        response: {
          200: okBody,
          429: statusErrorBody.describe(
            "Too many wrong links from this address (`too_many_attempts`), with Retry-After.",
          ),
        },
      },
    },
    async (request) => {
      await confirmPasswordReset(app.db, request.body, request.ip);
      return { status: 200, message: PASSWORD_RESET_DONE };
    },
  );
}
