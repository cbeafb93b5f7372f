import { SESSION_COOKIE } from "@store/contract";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS; `seconds` it lives. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  seconds = 36_000,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: seconds,
  });
}
