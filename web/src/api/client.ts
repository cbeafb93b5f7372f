import { type QueryKey, useQueryClient } from "@tanstack/react-query";

/** A failed call: the server's plain message and, for 400, the field issues. */
export class ApiError extends Error {
  /** Set by a form that showed every issue of this 400 on its fields (no toast then). */
  shownOnFields = false;
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
    /** The rest of the answer's body: a refusal's figures (a member's balances, their referrals). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Called when the server says the session is gone (401 on a private call). */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, init);
  } catch {
    throw new ApiError(0, "The server could not be reached. Check the connection and try again.");
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as {
      message?: string;
      issues?: { path: string; message: string }[];
      [detail: string]: unknown;
    };
    if (response.status === 401 && path !== "login" && path !== "loginAdmin") onUnauthorized();
    const { message, issues, ...details } = data;
    throw new ApiError(
      response.status,
      message ?? `The call failed (${response.status}).`,
      issues,
      details,
    );
  }
  return response;
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  return (await response.json()) as T;
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
  const response = await send("GET", query ? `${path}?${query}` : path);
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
}

export interface BulkAnswer {
  results: BulkResult[];
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};

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
