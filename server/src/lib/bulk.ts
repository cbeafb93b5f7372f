import {
  BULK_MAX,
  type BulkResult,
  bulkRequest,
  bulkResponse,
  coded,
  type ListQuery,
  listQuery,
  type Permission,
} from "@store/contract";
import type { FastifyRequest } from "fastify";
import { ZodError, type z } from "zod";
import type { App } from "../appType";
import type { Db } from "../db/client";
import type { Actor } from "./audit";
import { badRequest, HttpError, invalid, invalidBody, zodIssues } from "./errors";
import type { Page } from "./lists";

export type BulkBody = z.output<typeof bulkRequest>;

/**
 * One record's action: the same service call as the single HTTP call, in its
 * own transaction (the service opens it). Answers the message of success
 * (with its status when the single call's is not 200: a payout's first
 * approval of two is 202); throws what the single call would.
 */
export type BulkRun = (
  db: Db,
  actor: Actor,
  id: number,
  body: BulkBody,
  request: FastifyRequest,
) => Promise<string | { status: number; message: string }>;

export interface BulkOptions<Q> {
  /** The list's path ("/brands"): the call is POST <collection>/bulk. */
  collection: string;
  tag: string;
  /** Who may act on the list's records: its area's `manage` (auth/permissions.ts). */
  permission: Permission;
  /** The record's key field in the list's answer ("brand_id"), for `{filter}`. */
  key: string;
  /** The list call, for the records a filter matches. */
  list: (db: Db, query: Q) => Promise<Page<unknown>>;
  /** The list's query schema (listQuery unless it reads its own parameters). */
  query?: z.ZodType<Q>;
  actions: Record<string, BulkRun>;
  /** Checks the body once before any record (orders: the status exists). */
  check?: (db: Db, body: BulkBody) => Promise<void>;
  /**
   * Runs once with the records' ids before any is acted on; what it throws
   * is the whole call's answer (payouts: a step-up asked once for the call).
   */
  before?: (db: Db, request: FastifyRequest, ids: number[], body: BulkBody) => Promise<void>;
}

/** PostgreSQL errors the error handler answers as the caller's (lib/errors.ts). */
function pgStatus(error: unknown): number | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) continue;
    if (code === "23505" || code === "23503") return 409;
    if (code === "23514" || code.startsWith("22")) return 400;
  }
  return undefined;
}

/** What the single call would have answered for this error. */
function outcome(app: App, id: number, error: unknown): BulkResult {
  if (error instanceof HttpError) {
    return { id, ok: false, status: error.statusCode, message: error.message, ...error.coded };
  }
  if (error instanceof ZodError) {
    const { message, code, params } = invalidBody(zodIssues(error.issues));
    return { id, ok: false, status: 400, message: String(message), code, params } as BulkResult;
  }
  const status = pgStatus(error);
  if (status === 409) {
    return {
      id,
      ok: false,
      status,
      message: "That value is already in use.",
      ...coded("value_in_use", {}),
    };
  }
  if (status === 400) {
    return {
      id,
      ok: false,
      status,
      message: "A value is out of range.",
      ...coded("out_of_range", {}),
    };
  }
  app.log.error({ err: { message: (error as Error)?.message } }, "bulk item failed");
  return {
    id,
    ok: false,
    status: 500,
    message: "Something went wrong on our side.",
    ...coded("server_error", {}),
  };
}

/** The keys of every record the filter matches, at most BULK_MAX (more is a 400). */
async function matching<Q>(
  app: App,
  options: BulkOptions<Q>,
  filter: Record<string, unknown>,
): Promise<number[]> {
  const schema = (options.query ?? listQuery) as z.ZodType<Q>;
  // As a query string would carry them: numbers as text.
  const asQuery = Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(String) : String(value),
    ]),
  );
  const parsed = schema.safeParse(asQuery);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error.issues).map((i) => ({ ...i, path: `filter.${i.path}` }));
    throw invalid(issues);
  }
  let page: Page<unknown>;
  try {
    page = await options.list(app.db, {
      ...(parsed.data as ListQuery),
      _page: 1,
      _limit: BULK_MAX + 1,
      _format: undefined,
    } as Q);
  } catch (error) {
    // A filter the list refuses names its parameter under `filter`.
    if (error instanceof HttpError && error.statusCode === 400) {
      const issues = (error.issues ?? []).map((i) => ({ ...i, path: `filter.${i.path}` }));
      throw new HttpError(400, error.code, error.params, error.message, { issues });
    }
    throw error;
  }
  if (page.capped || page.total > BULK_MAX || page.rows.length > BULK_MAX) {
    throw badRequest(
      "filter",
      "bulk_filter_too_wide",
      { max: BULK_MAX },
      `The filter matches more than ${BULK_MAX} records; narrow it, or act on fewer at a time.`,
    );
  }
  return page.rows.map((row) => Number((row as Record<string, unknown>)[options.key]));
}

/**
 * POST <list>/bulk (docs/decisions/bulk-actions.md): `{action, ids}` or `{action, filter}`, each record in turn,
 * each its own transaction through the single call's service function, so a
 * record that fails (decided already, linked, gone) is reported and the rest
 * go on. Answers `{results: [{id, ok, status, message}]}` in the order acted on.
 */
export function registerBulkRoute<Q>(app: App, options: BulkOptions<Q>): void {
  const actions = Object.keys(options.actions);
  app.post(
    `${options.collection}/bulk`,
    {
      // The actions, for the API document's body (lib/openapi.ts); the handler checks them.
      config: { permission: options.permission, bulkActions: actions },
      schema: { tags: [options.tag], body: bulkRequest, response: { 200: bulkResponse } },
    },
    async (request) => {
      const body = request.body;
      const run = Object.hasOwn(options.actions, body.action)
        ? options.actions[body.action]
        : undefined;
      if (!run) {
        throw badRequest(
          "action",
          "unknown_action",
          { action: body.action.slice(0, 40), actions: actions.join(", ") },
          `"${body.action.slice(0, 40)}" is not an action of this list; choose one of: ${actions.join(", ")}.`,
        );
      }
      await options.check?.(app.db, body);
      const ids = body.ids
        ? [...new Set(body.ids)]
        : await matching(app, options, body.filter ?? {});
      await options.before?.(app.db, request, ids, body);
      const results: BulkResult[] = [];
      for (const id of ids) {
        try {
          const done = await run(app.db, request.admin, id, body, request);
          results.push(
            typeof done === "string"
              ? { id, ok: true, status: 200, message: done }
              : { id, ok: true, ...done },
          );
        } catch (error) {
          results.push(outcome(app, id, error));
        }
      }
      return { results };
    },
  );
}

/** A record service's calls a bulk action uses. */
interface Editable<Input, Row> {
  get(db: Db, id: number): Promise<Row>;
  update(
    db: Db,
    actor: Actor | null,
    id: number,
    input: Input,
    expected?: number,
  ): Promise<unknown>;
  remove(db: Db, actor: Actor | null, id: number, expected?: number): Promise<unknown>;
}

/** The version the row was shown with, when the body gives one (lib/versions.ts). */
export const shownVersion = (body: BulkBody, id: number): number | undefined =>
  body.versions?.[String(id)];

/** delete: the single DELETE call's service function (its cascades and refusals). */
export function deleteAction<Row>(service: Pick<Editable<unknown, Row>, "remove">): BulkRun {
  return async (db, actor, id, body) => {
    await service.remove(db, actor, id, shownVersion(body, id));
    return "Deleted.";
  };
}

/**
 * activate / deactivate: the record as it stands with its status changed,
 * read by the edit form's schema and saved through the single PUT call's
 * service function, so every rule of an edit applies.
 */
export function statusActions<Input, Row>(
  service: Editable<Input, Row>,
  input: z.ZodType<Input>,
  field: string,
): Record<string, BulkRun> {
  const set =
    (value: 0 | 1, message: string): BulkRun =>
    async (db, actor, id, body) => {
      const row = await service.get(db, id);
      const values = input.parse({ ...(row as object), [field]: value });
      await service.update(db, actor, id, values, shownVersion(body, id));
      return message;
    };
  return { activate: set(1, "Activated."), deactivate: set(0, "Deactivated.") };
}
