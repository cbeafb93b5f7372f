import {
  adminData,
  errorBody,
  idParams,
  okBody,
  SESSION_COOKIE,
  statusErrorBody,
  totpCodeBody,
  totpConfirmed,
  totpEnrolment,
} from "@store/contract";
import type { App } from "../appType";
import { recordAudit } from "../lib/audit";
import { LOGIN_BODY_LIMIT } from "../lib/edge";
import { HttpError, tooManyAttempts } from "../lib/errors";
import { guessCode, unlock } from "./codeGuesses";
import { setSessionCookie } from "./cookie";
import {
  createSession,
  endPendingLogin,
  findPendingLogin,
  findPerson,
  requireStepUp,
} from "./service";
import { throttledAttempt } from "./throttle";
import { confirmEnrolment, startEnrolment, TOTP_INVALID, turnOff } from "./twoStep";

/** The API document's word on a call that needs a fresh proof. */
export const STEP_UP_NEEDED =
  "Needs a fresh proof: without `POST /api/stepUp` from this session in the last 5 minutes it answers 403 `step_up_required` and changes nothing.";

const loginExpired = () =>
  new HttpError(
    401,
    "login_expired",
    {},
    "The sign-in has expired. Enter your e-mail and password again.",
  );

/**
 * Two-step login (docs/decisions/two-step-login.md): the code a login owes,
 * and the person's own enrolment on their profile.
 */
export function registerTwoStepRoutes(app: App): void {
  const tags = ["auth"];

  app.post(
    "/login/totp",
    {
      // The pending login's cookie is read here; it is no session to the guard.
      config: { public: true },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        summary: "The authenticator or recovery code a login with two-step login owes",
        body: totpCodeBody,
        response: {
          200: adminData,
          401: statusErrorBody,
          423: errorBody.describe(
            "Too many wrong codes for this account: its two-step login is locked (`totp_locked`) until an Admin unlocks it or a recovery code is given.",
          ),
          429: statusErrorBody,
        },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const pending = token ? await findPendingLogin(app.db, token) : null;
      if (!pending) throw loginExpired();
      const address = request.ip;
      // Counted with the password's tries (the same e-mail and address), and
      // against the account's guesses from every address (auth/codeGuesses.ts).
      const outcome = await throttledAttempt(app.db, { email: pending.email, address }, async () =>
        guessCode(app.db, pending.user_id, request.body.code),
      );
      if (outcome.kind === "refused") throw tooManyAttempts(outcome.retryAfter);
      if (outcome.kind === "failed") {
        await recordAudit(app.db, null, {
          entity: "Session",
          entityId: pending.user_id,
          action: "login_failed",
          after: { address, check: "totp" },
        });
        throw new HttpError(401, "totp_invalid", {}, TOTP_INVALID);
      }
      // Once: a second request with the same cookie finds it gone.
      if (!(await endPendingLogin(app.db, pending.token_hash))) throw loginExpired();
      const person = await findPerson(app.db, pending.user_id);
      if (!person) throw loginExpired();
      await recordAudit(app.db, person, {
        entity: "Session",
        entityId: person.user_id,
        action: "login",
        after: { address, two_step: outcome.value },
      });
      // A new token: the pending one never becomes a session.
      const session = await createSession(app.db, person.user_id, {
        address,
        userAgent: request.headers["user-agent"] ?? "",
      });
      setSessionCookie(request, reply, session);
      return { status: 200, ...person };
    },
  );

  app.post(
    "/me/totp",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary:
          "Start setting up two-step login: a new secret and its otpauth address (needs a step-up)",
        description: STEP_UP_NEEDED,
        response: {
          200: totpEnrolment,
          409: errorBody.describe("Two-step login is already on (`totp_already_on`)."),
        },
      },
    },
    async (request) => {
      // A stolen cookie must not tie the account to an authenticator its owner does not hold.
      requireStepUp(request.admin);
      return startEnrolment(app.db, request.admin);
    },
  );

  app.post(
    "/me/totp/confirm",
    {
      config: { permission: "signed_in" },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        summary: "A code from the new secret turns two-step login on; answers ten recovery codes",
        body: totpCodeBody,
        response: {
          200: totpConfirmed,
          409: errorBody.describe(
            "Already on (`totp_already_on`), or not started (`totp_not_started`).",
          ),
        },
      },
    },
    async (request) => {
      const codes = await confirmEnrolment(app.db, request.admin, request.body.code);
      return { status: 200, message: "Two-step login is on.", recovery_codes: codes };
    },
  );

  app.delete(
    "/me/totp",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "Turn two-step login off (needs a step-up)",
        description: STEP_UP_NEEDED,
        response: { 200: okBody },
      },
    },
    async (request) => {
      requireStepUp(request.admin);
      await turnOff(app.db, request.admin);
      return { status: 200, message: "Two-step login is off." };
    },
  );

  app.delete(
    "/users/:id/totp",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags,
        summary:
          "Turn off a person's two-step login, when they lost their authenticator and recovery codes (needs a step-up)",
        description: STEP_UP_NEEDED,
        params: idParams,
        response: {
          200: okBody,
          404: errorBody.describe("No such user."),
          409: errorBody.describe("Two-step login is not on for this person (`totp_not_on`)."),
        },
      },
    },
    async (request) => {
      requireStepUp(request.admin);
      if (!(await turnOff(app.db, request.admin, request.params.id)))
        throw new HttpError(409, "totp_not_on", {}, "Two-step login is not on for this person.");
      return { status: 200, message: "Two-step login is off." };
    },
  );

  app.post(
    "/users/:id/totp/unlock",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags,
        summary:
          "Unlock a person's two-step login, locked after too many wrong codes (needs a step-up)",
        description: STEP_UP_NEEDED,
        params: idParams,
        response: {
          200: okBody,
          409: errorBody.describe(
            "Two-step login is not locked for this person (`totp_not_locked`).",
          ),
        },
      },
    },
    async (request) => {
      // Unlocking gives a guesser a new hundred: as strong as turning it off.
      requireStepUp(request.admin);
      if (!(await unlock(app.db, request.admin, request.params.id)))
        throw new HttpError(
          409,
          "totp_not_locked",
          {},
          "Two-step login is not locked for this person.",
        );
      return { status: 200, message: "Two-step login is unlocked." };
    },
  );
}
