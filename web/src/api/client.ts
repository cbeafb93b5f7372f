import { type QueryKey, useQueryClient } from "@tanstack/react-query";

/** One field another admin changed since the version a write was based on (a 412's `changes`). */
export interface ConflictChange {
  field: string;
  /** The value at the version sent; null when the server no longer knows it. */
  was: unknown;
  now: unknown;
}

/**
 * A 412's body: the write was based on a version that is no longer the
 * record's (optimistic concurrency, issue 18). Nothing was changed.
 */
export interface Conflict {
  message: string;
  /** The record's version now. */
  version: number;
  /** Who made the change that came first, and when ("yyyy-MM-dd HH:mm:ss", store time). */
  changed_by: string | null;
  changed_at: string | null;
  changes: ConflictChange[];
}

/** One field's problem in a 400: where, the English message, and its code and params. */
export interface ApiIssue {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

/**
 * A failed call: the server's plain message with its code and params (shown
 * in the chosen language by i18n/errors.ts), for 400 the field issues, for 412
 * what changed.
 */
export class ApiError extends Error {
  /**
   * Set by a screen that said this failure itself: every issue of a 400 on its
   * fields, or a 412 in a form's conflict panel or a row's own toast (no toast then).
   */
  shownOnFields = false;
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** The rest of the answer's body: a refusal's figures (a member's balances, their referrals). */
    readonly details: Record<string, unknown> = {},
    /** A 412's body: the version now and who changed what. */
    readonly conflict: Conflict | null = null,
    /** The answer's code (docs/decisions/error-codes.md); none when the answer had none. */
    readonly code?: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * The request id of a failure the server could not handle (5xx), which the
 * screen shows so the admin can quote it to whoever runs the store: it finds
 * the call in the server's log (docs/decisions/request-ids.md).
 */
export function referenceOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 500) return undefined;
  const id = error.details.request_id;
  return typeof id === "string" ? id : undefined;
}

/** A write refused because the record changed since it was shown (412), with what changed. */
export function isStale(error: unknown): error is ApiError & { conflict: Conflict } {
  return error instanceof ApiError && error.status === 412 && error.conflict !== null;
}

/**
 * A call that never got an answer from the store: the browser is offline or the
 * server (or the proxy in front of it) could not be reached. Nothing was written
 * by the failed call itself, so the same call may simply be sent again.
 */
export function isUnreachable(error: unknown): error is ApiError {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/** A 412's body as the server sends it, read defensively: a field missing is left empty. */
function conflictOf(data: Record<string, unknown>, message: string): Conflict {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const changes = Array.isArray(data.changes) ? data.changes : [];
  return {
    message,
    version: typeof data.version === "number" ? data.version : 0,
    changed_by: text(data.changed_by),
    changed_at: text(data.changed_at),
    changes: changes
      .filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null)
      .map((c) => ({ field: String(c.field ?? ""), was: c.was ?? null, now: c.now ?? null })),
  };
}

/**
 * The version a record was answered with (`version`, raised by every committed
 * change), or undefined for a record that carries none. Sent back as If-Match.
 */
export function recordVersion(record: unknown): number | undefined {
  if (typeof record !== "object" || record === null || !("version" in record)) return undefined;
  const { version } = record as { version: unknown };
  return typeof version === "number" ? version : undefined;
}

/** A record's form values without its version: the version travels as If-Match, never in a body. */
export function withoutVersion<T extends object>(record: T): T {
  if (!("version" in record)) return record;
  const { version: _version, ...rest } = record as T & { version: unknown };
  return rest as T;
}

/**
 * The `meta` of a list screen's query: its failure is shown where its rows go
 * (components/ListError.tsx, with a Retry), so the query client's toast leaves it out (main.tsx).
 */
export const SAID_ON_SCREEN = { saidOnScreen: true } as const;

/** Called when the server says the session is gone (401 on a private call). */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** A 401 that says a proof typed was wrong, not that the session is gone. */
const WRONG_PROOF = new Set(["invalid_credential", "invalid_password", "totp_invalid"]);

/**
 * Asks the person for a fresh proof (the one step-up dialog, layout/StepUpHost.tsx):
 * resolves true once POST /api/stepUp accepted it, false when they cancelled.
 */
let askStepUp: (() => Promise<boolean>) | null = null;
let stepUpAsked: Promise<boolean> | null = null;
export function setStepUpHandler(handler: (() => Promise<boolean>) | null): void {
  askStepUp = handler;
}

/** Called when the store requires two-step login of this person first (403 totp_enrolment_required). */
let onEnrolmentRequired: () => void = () => {};
export function setEnrolmentRequiredHandler(handler: () => void): void {
  onEnrolmentRequired = handler;
}

/**
 * A call the server refused for want of a fresh proof (403 step_up_required,
 * docs/decisions/two-step-login.md): the dialog asks once (calls refused
 * meanwhile wait for the same answer), and the call is sent again once. Cancel
 * rejects it with the original refusal, marked as said (no toast).
 */
async function sendWithStepUp(
  method: string,
  path: string,
  body?: unknown,
  version?: number,
): Promise<Response> {
  try {
    return await send(method, path, body, version);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "step_up_required" || !askStepUp)
      throw error;
    stepUpAsked ??= askStepUp().finally(() => {
      stepUpAsked = null;
    });
    if (!(await stepUpAsked)) {
      error.shownOnFields = true;
      throw error;
    }
    return send(method, path, body, version);
  }
}

/**
 * `version`: the record's version as the admin was shown it, sent as
 * `If-Match: "<n>"`; the server refuses the write with 412 if the record has
 * changed since. Left out, the write is unconditional (the last one wins).
 */
async function send(
  method: string,
  path: string,
  body?: unknown,
  version?: number,
): Promise<Response> {
  const headers: Record<string, string> = {};
  const init: RequestInit = { method, credentials: "same-origin", headers };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  if (version !== undefined) headers["if-match"] = `"${version}"`;
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, init);
  } catch {
    throw new ApiError(
      0,
      "The server could not be reached. Check the connection and try again.",
      [],
      {},
      null,
      "unreachable",
    );
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as {
      message?: string;
      code?: unknown;
      params?: unknown;
      issues?: ApiIssue[];
      [detail: string]: unknown;
    };
    const { message: said, code: saidCode, params: saidParams, issues, ...details } = data;
    if (
      response.status === 401 &&
      path !== "login" &&
      path !== "loginAdmin" &&
      !(typeof saidCode === "string" && WRONG_PROOF.has(saidCode))
    )
      onUnauthorized();
    if (response.status === 403 && saidCode === "totp_enrolment_required") onEnrolmentRequired();
    // An answer that is not the server's (a proxy's page) has no message: the web says what failed.
    const message = said ?? `The call failed (${response.status}).`;
    const code =
      said === undefined ? "callFailed" : typeof saidCode === "string" ? saidCode : undefined;
    const params =
      said === undefined
        ? { status: response.status }
        : typeof saidParams === "object" && saidParams !== null
          ? (saidParams as Record<string, unknown>)
          : {};
    throw new ApiError(
      response.status,
      message,
      issues,
      details,
      response.status === 412 ? conflictOf(details, message) : null,
      code,
      params,
    );
  }
  return response;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  version?: number,
): Promise<T> {
  const response = await sendWithStepUp(method, path, body, version);
  return (await response.json()) as T;
}

/** A file the screen saves itself (a download whose refusal it says in words): the answer as sent. */
export async function requestFile(path: string): Promise<Response> {
  return sendWithStepUp("GET", path);
}

/** One page of a list and the total the server counted (X-Total-Count). */
export interface ListPage<T> {
  rows: T[];
  total: number;
  /** More matched than the server counts (X-Total-Count-Capped): `total` is a lower bound. */
  capped?: boolean;
}

/** A list call's query string: empty values left out, an array repeated ("any of"). */
export function listQueryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of [value].flat()) search.append(key, String(item));
  }
  return search.toString();
}

/** The address of a list call, for a link (the CSV export downloads from it). */
export function listUrl(path: string, params: Record<string, unknown>): string {
  const query = listQueryString(params);
  return query ? `/api/${path}?${query}` : `/api/${path}`;
}

export async function requestPage<T>(
  path: string,
  params: Record<string, unknown>,
): Promise<ListPage<T>> {
  const query = listQueryString(params);
  const response = await sendWithStepUp("GET", query ? `${path}?${query}` : path);
  const rows = (await response.json()) as T[];
  const total = Number(response.headers.get("X-Total-Count") ?? rows.length);
  return response.headers.get("X-Total-Count-Capped") === "true"
    ? { rows, total, capped: true }
    : { rows, total };
}

/** One record's outcome in a bulk action (POST <list>/bulk): each is its own transaction. */
export interface BulkResult {
  id: number;
  ok: boolean;
  status: number;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

export interface BulkAnswer {
  results: BulkResult[];
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  /** `version`: the version the admin was shown (If-Match); a stale one is refused with 412. */
  put: <T>(path: string, body: unknown, version?: number) => request<T>("PUT", path, body, version),
  delete: <T>(path: string, version?: number) => request<T>("DELETE", path, undefined, version),
};

/**
 * A write's refresh whatever its answer (a refused write shows the rows as
 * they now are): awaited after a success, so the screens on show are fresh
 * when the write resolves; not awaited after a failure, so the screen's own
 * word on it (a stale row named, a dialog's refusal) comes at once, before
 * the query client's toast looks whether it was said (main.tsx).
 */
export function refreshWhatever(refresh: () => Promise<void>) {
  return {
    onSuccess: refresh,
    onError: () => {
      void refresh();
    },
  };
}

/**
 * What every write may change: the top bar's notification counts and the
 * audit trail (History panels, /auditLog).
 */
const AFTER_ANY_WRITE: QueryKey[] = [["notifications"], ["auditLog"]];

/**
 * After a write: the screens on show refetch now (awaited, so a save that then
 * navigates lands on fresh rows), and the cached answers of screens not on show
 * are dropped, so returning to them loads afresh rather than showing, for a
 * moment, what was true before the write.
 */
export function useRefresh(...queryKeys: QueryKey[]): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all(
      [...queryKeys, ...AFTER_ANY_WRITE].map((queryKey) => {
        client.removeQueries({ queryKey, type: "inactive" });
        return client.invalidateQueries({ queryKey });
      }),
    );
  };
}
