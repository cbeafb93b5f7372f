import { type Coded, coded, codeOfIssue, type ErrorCode, type ErrorParams } from "@store/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";

/** One field's problem in a 400: where, the English message, and its code and params. */
export type Issue = { path: string; message: string } & Coded;

/**
 * An answer with a status, a code and its params, and the English message;
 * services throw these. The code is one of the contract's ERROR_CODES and its
 * params are that code's, so an error cannot be thrown without them
 * (docs/decisions/error-codes.md).
 */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly issues?: Issue[];
  readonly headers?: Record<string, string>;
  /** More of the answer's body beside the message (a refused delete's figures; a 412's who, when and what: lib/versions.ts). */
  readonly details?: Record<string, unknown>;
  constructor(
    readonly statusCode: number,
    readonly code: C,
    readonly params: ErrorParams<C>,
    message: string,
    more: {
      issues?: Issue[];
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.issues = more.issues;
    this.headers = more.headers;
    this.details = more.details;
  }

  /** The code and params, as answered beside the message. */
  get coded(): Coded {
    return coded(this.code, this.params);
  }
}

export const notFound = (what: string) =>
  new HttpError(404, "record_not_found", { record: what }, `${what} not found.`);
export const conflict = <C extends ErrorCode>(code: C, params: ErrorParams<C>, message: string) =>
  new HttpError(409, code, params, message);
/** 409 whose body carries the figures the message names: `{message, code, params, ...details}`. */
export const conflictWith = <C extends ErrorCode>(
  code: C,
  params: ErrorParams<C>,
  message: string,
  details: Record<string, unknown>,
) => new HttpError(409, code, params, message, { details });
/** A 409 about one field, its issue carrying the same code, so a form shows it beside that field. */
export function conflictAt<C extends ErrorCode>(
  path: string,
  code: C,
  params: ErrorParams<C>,
  message: string,
): HttpError {
  return conflictWith(code, params, message, {
    issues: [{ path, message, ...coded(code, params) }],
  });
}

/** 400 about one field (`path`), its issue carrying the same code and params. */
export const badRequest = <C extends ErrorCode>(
  path: string,
  code: C,
  params: ErrorParams<C>,
  message: string,
) => {
  const issue = { path, message, ...coded(code, params) };
  return new HttpError(400, code, params, message, { issues: [issue] });
};
/** 429 with how long to wait (docs/decisions/login-throttling.md). */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    "too_many_attempts",
    {},
    "Too many failed attempts. Please wait a few minutes and try again.",
    { issues: [], headers: { "retry-after": String(retryAfterSeconds) } },
  );

/** A 400's code: the one issue's, or "invalid_request" with how many. */
function codedOf(issues: Issue[]): Coded {
  const [only] = issues;
  return issues.length === 1 && only
    ? coded(only.code, only.params)
    : coded("invalid_request", { count: issues.length });
}

/** A 400's body from its issues: the messages joined, coded as the one issue, or as several. */
export function invalidBody(issues: Issue[]): Record<string, unknown> {
  return { message: issues.map((i) => i.message).join(" "), ...codedOf(issues), issues };
}

/** A 400 of several issues (a bulk call's filter read as the list's query). */
export function invalid(issues: Issue[]): HttpError {
  const { code, params } = codedOf(issues);
  const message = issues.map((i) => i.message).join(" ");
  return new HttpError(400, code, params as ErrorParams, message, { issues });
}

/** The issues of a failed zod validation, coded (the contract's codeOfIssue). */
export function zodIssues(issues: readonly z.core.$ZodIssue[]): Issue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
    ...codeOfIssue(issue),
  }));
}

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

/**
 * Runs a write whose unique value was checked first; a race that wins the
 * unique index between the check and the write answers the same clear error.
 */
export async function withUniqueGuard<T>(
  taken: () => HttpError,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw taken();
    throw error;
  }
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
  const answer = (code: ErrorCode, message: string, more: Record<string, unknown> = {}) => ({
    message,
    code,
    params: {},
    ...more,
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every error answer names its request (lib/requestIds.ts): what a caller quotes to the operator.
    const send = (status: number, body: Record<string, unknown>) =>
      reply.code(status).send({ ...body, request_id: request.id });
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === "params") {
        return send(404, answer("not_found", "Not found."));
      }
      // fastify-type-provider-zod hands each zod issue over as keyword, path and the rest in params.
      const issues = zodIssues(
        error.validation.map(
          (v) =>
            ({
              ...v.params,
              code: v.keyword,
              path: v.instancePath.replace(/^\//, "").split("/").filter(Boolean),
              message: v.message ?? "Invalid value.",
            }) as z.core.$ZodIssue,
        ),
      );
      return send(400, invalidBody(issues));
    }
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = {
        ...error.details,
        message: error.message,
        code: error.code,
        params: error.params,
      };
      if ([401, 403, 429].includes(error.statusCode)) body.status = error.statusCode;
      if (error.statusCode === 400) body.issues = error.issues ?? [];
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, body);
    }
    switch (pgCode(error)) {
      case PG_UNIQUE_VIOLATION:
        return send(409, answer("value_in_use", "That value is already in use."));
      case PG_FOREIGN_KEY_VIOLATION:
        return send(
          409,
          answer(
            "linked_records",
            "This record is linked to other records and cannot be changed that way.",
          ),
        );
      case PG_CHECK_VIOLATION:
        return send(400, answer("out_of_range", "A value is out of range.", { issues: [] }));
    }
    if (pgCode(error)?.startsWith(PG_DATA_EXCEPTION_CLASS)) {
      return send(400, answer("out_of_range", "A value is out of range.", { issues: [] }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(
        429,
        answer(
          "too_many_requests",
          "Too many failed attempts. Please wait a minute and try again.",
          {
            status: 429,
          },
        ),
      );
    }
    if (status >= 400 && status < 500) {
      const answers: Record<number, [ErrorCode, string]> = {
        400: ["unreadable_request", "The request could not be read."],
        404: ["not_found", "Not found."],
        413: ["too_large", "The file or request is too large."],
        415: ["content_type", "That type of content is not accepted."],
      };
      const [code, message] =
        (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? answers[415] : answers[status]) ??
        (["not_accepted", "The request could not be accepted."] as const);
      return send(
        status,
        status === 400 ? answer(code, message, { issues: [] }) : answer(code, message),
      );
    }
    request.log.error({ err: loggableError(error) }, "request failed");
    return send(500, answer("server_error", "Something went wrong on our side. Please try again."));
  });
}
