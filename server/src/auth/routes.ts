import { adminData, loginAdminBody, loginBody, okBody, statusErrorBody } from "@store/contract";
import type { FastifyReply } from "fastify";
import type { App } from "../app";
import { recordAudit } from "../lib/audit";
import {
  createSession,
  endSession,
  findAdminByCredentials,
  SESSION_COOKIE,
  verifyAdminPassword,
} from "./service";
import { throttledAttempt } from "./throttle";

const INVALID_CREDENTIAL = "Invalid credential.";
const TOO_MANY = "Too many failed attempts. Please wait a few minutes and try again.";

/** 429 with a plain message and how long to wait (docs/DECISIONS.md, "Login throttling"). */
function tooMany(reply: FastifyReply, retryAfter: number) {
  return reply
    .code(429)
    .header("Retry-After", String(retryAfter))
    .send({ status: 429, message: TOO_MANY });
}

export function registerAuthRoutes(app: App): void {
  const tags = ["auth"];

  app.post(
    "/login",
    {
      config: { public: true },
      schema: {
        tags,
        body: loginBody,
        response: { 200: adminData, 401: statusErrorBody, 429: statusErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = request.ip;
      const outcome = await throttledAttempt(app.db, { email, address }, async () =>
        email && password ? findAdminByCredentials(app.db, email, password) : null,
      );
      if (outcome.kind === "refused") return tooMany(reply, outcome.retryAfter);
      if (outcome.kind === "failed") {
        await recordAudit(app.db, null, {
          entity: "Session",
          entityId: outcome.email,
          action: "login_failed",
          after: { address },
        });
        return reply.code(401).send({ status: 401, message: INVALID_CREDENTIAL });
      }
      const admin = outcome.value;
      // The audit row first: a session never exists without its login row.
      await recordAudit(app.db, admin, {
        entity: "Session",
        entityId: admin.user_id,
        action: "login",
        after: { address },
      });
      const token = await createSession(app.db, admin.user_id);
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
        maxAge: 36_000,
      });
      return { status: 200, ...admin };
    },
  );

  app.post(
    "/loginAdmin",
    {
      schema: {
        tags,
        body: loginAdminBody,
        response: { 200: okBody, 401: statusErrorBody, 429: statusErrorBody },
      },
    },
    async (request, reply) => {
      // The same limits as login, under this admin's e-mail: a stolen session
      // must not become a way to guess the password.
      const admin = request.admin;
      const address = request.ip;
      const outcome = await throttledAttempt(app.db, { email: admin.email, address }, async () =>
        (await verifyAdminPassword(app.db, admin.user_id, request.body.currentPassword))
          ? true
          : null,
      );
      if (outcome.kind === "refused") return tooMany(reply, outcome.retryAfter);
      if (outcome.kind === "failed") {
        await recordAudit(app.db, admin, {
          entity: "Session",
          entityId: outcome.email,
          action: "login_failed",
          after: { address, check: "loginAdmin" },
        });
        return reply.code(401).send({ status: 401, message: "Invalid Password." });
      }
      return { status: 200, message: "Password verified." };
    },
  );

  app.post(
    "/logoutAdmin",
    { schema: { tags, response: { 200: okBody } } },
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
}
