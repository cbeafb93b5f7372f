import { adminData, loginAdminBody, loginBody, okBody, statusErrorBody } from "@store/contract";
import type { App } from "../app";
import { HttpError } from "../lib/errors";
import {
  clearLoginFailures,
  createSession,
  endSession,
  findAdminByCredentials,
  isLoginBlocked,
  recordLoginFailure,
  SESSION_COOKIE,
  verifyAdminPassword,
} from "./service";

const INVALID_CREDENTIAL = "Invalid credential.";

export function registerAuthRoutes(app: App): void {
  const tags = ["auth"];

  app.post(
    "/login",
    { schema: { tags, body: loginBody, response: { 200: adminData, 401: statusErrorBody } } },
    async (request, reply) => {
      const { email, password } = request.body;
      if (await isLoginBlocked(app.db, email, request.ip)) {
        throw new HttpError(
          429,
          "Too many failed attempts. Please wait a few minutes and try again.",
        );
      }
      const admin =
        email && password ? await findAdminByCredentials(app.db, email, password) : null;
      if (!admin) {
        await recordLoginFailure(app.db, email, request.ip);
        return reply.code(401).send({ status: 401, message: INVALID_CREDENTIAL });
      }
      await clearLoginFailures(app.db, email);
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
    { schema: { tags, body: loginAdminBody, response: { 200: okBody, 401: statusErrorBody } } },
    async (request, reply) => {
      const ok = await verifyAdminPassword(
        app.db,
        request.admin.user_id,
        request.body.currentPassword,
      );
      if (!ok) return reply.code(401).send({ status: 401, message: "Invalid Password." });
      return { status: 200, message: "Password verified." };
    },
  );

  app.post(
    "/logoutAdmin",
    { schema: { tags, response: { 200: okBody } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { status: 200, message: "Logged out." };
    },
  );
}
