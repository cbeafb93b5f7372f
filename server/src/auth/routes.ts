import {
  adminData,
  errorBody,
  isLoginEmail,
  LOGIN_EMAIL_MESSAGE,
  loginAdminBody,
  loginAnswer,
  loginBody,
  okBody,
  ownLanguageAnswer,
  ownLanguageBody,
  PENDING_LOGIN_LIFETIME_MS,
  SESSION_COOKIE,
  signInAlerts,
  statusErrorBody,
  stepUpBody,
  UNKNOWN_ACCOUNT,
} from "@store/contract";
import type { App } from "../appType";
import { recordAudit } from "../lib/audit";
import { LOGIN_BODY_LIMIT } from "../lib/edge";
import { badRequest, HttpError, tooManyAttempts } from "../lib/errors";
import { setSessionCookie } from "./cookie";
import { registerPasswordResetRoutes } from "./passwordResetRoutes";
import {
  accountIdByEmail,
  createSession,
  endSession,
  findAdminByCredentials,
  recheckAdminCode,
  recheckAdminPassword,
  recordStepUp,
  saveOwnLanguage,
} from "./service";
import { registerSessionRoutes } from "./sessions";
import { saveSignInAlerts, signInAlertsOf } from "./signInAlerts";
import { throttledAttempt } from "./throttle";
import { TOTP_INVALID } from "./twoStep";
import { registerTwoStepRoutes } from "./twoStepRoutes";

const INVALID_CREDENTIAL = "Invalid credential.";

export function registerAuthRoutes(app: App): void {
  const tags = ["auth"];
  // The sessions a person can see and end (auth/sessions.ts), two-step login (auth/twoStepRoutes.ts),
  // "Forgot password?" (auth/passwordResetRoutes.ts).
  registerSessionRoutes(app);
  registerTwoStepRoutes(app);
  registerPasswordResetRoutes(app);

  app.post(
    "/login",
    {
      config: { public: true },
      // An e-mail and a password: the public call gets the smallest body (lib/edge.ts).
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        body: loginBody,
        response: { 200: loginAnswer, 401: statusErrorBody, 429: statusErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = request.ip;
      if (!isLoginEmail(email)) {
        // Counted against the address under one fixed key (the typed text is
        // kept nowhere), then refused: guessing in the e-mail field buys no tries.
        const counted = await throttledAttempt(app.db, { email: "", address }, async () => null);
        if (counted.kind === "refused") throw tooManyAttempts(counted.retryAfter);
        throw badRequest("email", "login_email", {}, LOGIN_EMAIL_MESSAGE);
      }
      const outcome = await throttledAttempt(
        app.db,
        { email, address },
        async () => (password ? findAdminByCredentials(app.db, email, password) : null),
        // With two-step login on, only the code forgives earlier failures.
        (admin) => !admin.totp_enabled,
      );
      if (outcome.kind === "refused") throw tooManyAttempts(outcome.retryAfter);
      if (outcome.kind === "failed") {
        // The record names an account only when one has this e-mail; the
        // typed address itself never enters the trail (docs/decisions/audit-failed-login.md).
        const accountId = await accountIdByEmail(app.db, email);
        await recordAudit(app.db, null, {
          entity: "Session",
          entityId: accountId ?? UNKNOWN_ACCOUNT,
          action: "login_failed",
          after: { address },
        });
        throw new HttpError(401, "invalid_credential", {}, INVALID_CREDENTIAL);
      }
      const admin = outcome.value;
      const origin = { address, userAgent: request.headers["user-agent"] ?? "" };
      if (admin.totp_enabled) {
        // The code is owed (POST /api/login/totp): a pending login, no session yet.
        const pending = await createSession(app.db, admin.user_id, origin, true);
        setSessionCookie(request, reply, pending, PENDING_LOGIN_LIFETIME_MS / 1000);
        return { status: 200, totp_required: true as const };
      }
      // The audit row first: a session never exists without its login row.
      await recordAudit(app.db, admin, {
        entity: "Session",
        entityId: admin.user_id,
        action: "login",
        after: { address },
      });
      const token = await createSession(app.db, admin.user_id, origin);
      setSessionCookie(request, reply, token);
      return { status: 200, ...admin };
    },
  );

  app.get(
    "/me",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "The signed-in person, with their permissions and groups",
        response: { 200: adminData },
      },
    },
    async (request) => {
      const { session_id: _session, step_up_at: _stepUp, ...person } = request.admin;
      return { status: 200, ...person };
    },
  );

  app.post(
    "/stepUp",
    {
      config: { permission: "signed_in" },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "A fresh proof (the password, or with two-step login on a current or recovery code) for what can hurt most, good for 5 minutes",
        body: stepUpBody,
        response: {
          200: okBody,
          401: statusErrorBody,
          423: errorBody.describe(
            "A code given while the account's two-step login is locked after too many wrong codes (`totp_locked`); the password still proves it.",
          ),
          429: statusErrorBody,
        },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      // Either proof will do (docs/decisions/two-step-login.md); a code when one is given.
      const ok = code
        ? await recheckAdminCode(app.db, request.admin, request.ip, code, "stepUp")
        : await recheckAdminPassword(app.db, request.admin, request.ip, password ?? "", "stepUp");
      if (!ok)
        throw code
          ? new HttpError(401, "totp_invalid", {}, TOTP_INVALID)
          : new HttpError(401, "invalid_password", {}, "Invalid Password.");
      await recordStepUp(app.db, request.admin.session_id);
      return { status: 200, message: "Confirmed." };
    },
  );

  app.post(
    "/loginAdmin",
    {
      config: { permission: "signed_in" },
      bodyLimit: LOGIN_BODY_LIMIT,
      schema: {
        tags,
        body: loginAdminBody,
        response: { 200: okBody, 401: statusErrorBody, 429: statusErrorBody },
      },
    },
    async (request, _reply) => {
      const ok = await recheckAdminPassword(
        app.db,
        request.admin,
        request.ip,
        request.body.currentPassword,
        "loginAdmin",
      );
      if (!ok) throw new HttpError(401, "invalid_password", {}, "Invalid Password.");
      return { status: 200, message: "Password verified." };
    },
  );

  app.post(
    "/logoutAdmin",
    { config: { permission: "signed_in" }, schema: { tags, response: { 200: okBody } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, token);
      await recordAudit(app.db, request.admin, {
        entity: "Session",
        entityId: request.admin.user_id,
        action: "logout",
      });
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { status: 200, message: "Logged out." };
    },
  );

  app.get(
    "/me/signInAlerts",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "Whether the signed-in person is e-mailed of a sign-in from a new device",
        response: { 200: signInAlerts },
      },
    },
    async (request) => ({
      sign_in_alerts: await signInAlertsOf(app.db, request.admin.user_id),
    }),
  );
  app.put(
    "/me/signInAlerts",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary:
          "Save whether the signed-in person is e-mailed of each sign-in from a browser and address not seen before",
        body: signInAlerts,
        response: { 200: signInAlerts },
      },
    },
    async (request) => ({
      sign_in_alerts: await saveSignInAlerts(app.db, request.admin, request.body.sign_in_alerts),
    }),
  );

  app.put(
    "/adminLanguage",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "Save the signed-in administrator's own language",
        body: ownLanguageBody,
        response: { 200: ownLanguageAnswer },
      },
    },
    async (request) => {
      const languages = await saveOwnLanguage(app.db, request.admin, request.body.languages);
      return { status: 200, message: "Language saved.", languages };
    },
  );
}
