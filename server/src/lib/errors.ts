import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An answer with a status and a plain message; services throw these. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** More of the answer's body beside the message (a refused delete's figures; a 412's who, when and what: lib/versions.ts). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);
export const conflict = (message: string) => new HttpError(409, message);
/** 409 whose body carries the figures the message names: `{message, ...details}`. */
export const conflictWith = (message: string, details: Record<string, unknown>) =>
  new HttpError(409, message, undefined, undefined, details);
export const badRequest = (path: string, message: string) =>
  new HttpError(400, message, [{ path, message }]);
/** 429 with how long to wait (docs/decisions/login-throttling.md). */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, "Too many failed attempts. Please wait a few minutes and try again.", [], {
    "retry-after": String(retryAfterSeconds),
  });

/** PostgreSQL error codes we answer as the caller's fault, not ours. */
const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
const PG_CHECK_VIOLATION = "23514";
/** Class 22, data exceptions: a value the column cannot hold (too long, bad bytes, bad date). */
const PG_DATA_EXCEPTION_CLASS = "22";

/** The PostgreSQL error in an error's cause chain (Drizzle wraps it), if any. */
function pgError(error: unknown): Record<string, unknown> | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return e as Record<string, unknown>;
  }
  return undefined;
}

function pgCode(error: unknown): string | undefined {
  return pgError(error)?.code as string | undefined;
}

/** A failed query: Drizzle's error carries the SQL text and every parameter. */
function isQueryError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ("params" in e || "query" in e) return true;
  }
  return false;
}

/**
 * What the log keeps of an unexpected error. For a database error only the
 * code and the names PostgreSQL reports: the message of a failed query holds
 * its parameters (password hashes, secret keys) and `detail` the values
 * (docs/decisions/secrets-not-logged.md).
 */
export function loggableError(error: FastifyError): Record<string, unknown> {
  const pg = pgError(error);
  if (pg || isQueryError(error)) {
    const names = ["code", "constraint", "table", "column", "schema", "routine"] as const;
    const fields: Record<string, unknown> = { kind: "database" };
    for (const name of names) {
      const value = pg?.[name];
      if (typeof value === "string" && value) fields[name] = value;
    }
    return fields;
  }
  return { message: error.message, code: error.code };
}

/**
 * One error answer for the whole API (docs/REQUIREMENTS.md): validation 400 with field
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
      const body: Record<string, unknown> = { ...error.details, message: error.message };
      if (error.statusCode === 401 || error.statusCode === 429) body.status = error.statusCode;
      if (error.statusCode === 400) body.issues = error.issues ?? [];
      if (error.headers) reply.headers(error.headers);
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
        return reply.code(400).send({ message: "A value is out of range.", issues: [] });
    }
    if (pgCode(error)?.startsWith(PG_DATA_EXCEPTION_CLASS)) {
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
    request.log.error({ err: loggableError(error) }, "request failed");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
