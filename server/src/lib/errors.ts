import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An answer with a status and a plain message; services throw these. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (path: string, message: string) =>
  new HttpError(400, message, [{ path, message }]);

/** PostgreSQL error codes we answer as the caller's fault, not ours. */
const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
const PG_CHECK_VIOLATION = "23514";
const PG_INVALID_TEXT = "22P02";
const PG_NUMERIC_OUT_OF_RANGE = "22003";

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * One error answer for the whole API (CONTRACT.md): validation 400 with field
 * issues, plain messages for the rest, and never a stack trace or SQL.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replace(/\//g, "."),
        message: v.message ?? "Invalid value.",
      }));
      if (error.validationContext === "params") {
        return reply.code(404).send({ message: "Not found." });
      }
      return reply.code(400).send({ message: issues.map((i) => i.message).join(" "), issues });
    }
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = { message: error.message };
      if (error.statusCode === 401 || error.statusCode === 429) body.status = error.statusCode;
      if (error.statusCode === 400) body.issues = error.issues ?? [];
      return reply.code(error.statusCode).send(body);
    }
    switch (pgCode(error)) {
      case PG_UNIQUE_VIOLATION:
        return reply.code(409).send({ message: "That value is already in use." });
      case PG_FOREIGN_KEY_VIOLATION:
        return reply.code(409).send({
          message: "This record is linked to other records and cannot be changed that way.",
        });
      case PG_CHECK_VIOLATION:
      case PG_INVALID_TEXT:
      case PG_NUMERIC_OUT_OF_RANGE:
        return reply.code(400).send({ message: "A value is out of range.", issues: [] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({
        status: 429,
        message: "Too many failed attempts. Please wait a minute and try again.",
      });
    }
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        400: "The request could not be read.",
        404: "Not found.",
        413: "The file or request is too large.",
        415: "That type of content is not accepted.",
      };
      const message =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? messages[415]
          : (messages[status] ?? "The request could not be accepted.");
      return reply.code(status).send(status === 400 ? { message, issues: [] } : { message });
    }
    request.log.error({ err: { message: error.message, code: error.code } }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
