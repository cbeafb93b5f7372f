/**
 * The store API's list and record calls for admin frameworks' data providers
 * (react-admin, Refine): docs/API.md. The API follows json-server's
 * conventions with each record's own key (`brand_id`); the frameworks expect
 * an `id`, so every record is answered with `id` set to its key.
 */
export interface StoreApiOptions {
  /** The server's origin, "https://shop.example.com". */
  baseUrl: string;
  /** fetch with the session: a browser's own (cookie sent), or one adding it. */
  fetch?: typeof fetch;
}

export type ApiRecord = Record<string, unknown> & { id: number };

/** An error answer as the API gives it: the status, the stable code, the English message. */
export class StoreApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function storeApi({ baseUrl, fetch: send = fetch }: StoreApiOptions) {
  const keys = new Map<string, string>();

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await send(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = res.status === 204 ? null : await res.json();
    if (!res.ok) {
      const { code = "", message = res.statusText } = (answer ?? {}) as {
        code?: string;
        message?: string;
      };
      throw new StoreApiError(res.status, code, message, answer);
    }
    return { answer, total: Number(res.headers.get("X-Total-Count") ?? 0) };
  }

  /** The resource's key field: the first "…_id" field of its records, learnt from one row. */
  async function keyOf(resource: string, row?: Record<string, unknown>): Promise<string> {
    const known = keys.get(resource);
    if (known) return known;
    const sample =
      row ??
      ((await call("GET", `${resource}?_page=1&_limit=1`)).answer as Record<string, unknown>[])[0];
    const key = Object.keys(sample ?? {}).find((name) => name.endsWith("_id")) ?? "id";
    keys.set(resource, key);
    return key;
  }

  async function withId(resource: string, row: unknown): Promise<ApiRecord> {
    const record = row as Record<string, unknown>;
    return { ...record, id: Number(record[await keyOf(resource, record)]) };
  }

  /** The fields to send: the record without the frameworks' `id`. */
  const fields = ({ id: _id, ...rest }: Record<string, unknown>) => rest;
  /** If-Match from the version the record was shown with (412 when it moved on). */
  const ifMatch = (shown?: Record<string, unknown>): Record<string, string> =>
    typeof shown?.version === "number" ? { "if-match": `"${shown.version}"` } : {};

  return {
    async list(
      resource: string,
      query: URLSearchParams,
    ): Promise<{ data: ApiRecord[]; total: number }> {
      const { answer, total } = await call("GET", `${resource}?${query}`);
      return {
        data: await Promise.all((answer as unknown[]).map((row) => withId(resource, row))),
        total,
      };
    },
    async one(resource: string, id: unknown): Promise<ApiRecord> {
      return withId(resource, (await call("GET", `${resource}/${id}`)).answer);
    },
    async many(resource: string, ids: readonly unknown[]): Promise<ApiRecord[]> {
      // `brand_id=1&brand_id=2`: any of them (a filter on the key).
      const key = await keyOf(resource);
      return (
        await this.list(
          resource,
          new URLSearchParams(ids.map((id): [string, string] => [key, String(id)])),
        )
      ).data;
    },
    async create(resource: string, data: Record<string, unknown>): Promise<ApiRecord> {
      return withId(resource, (await call("POST", resource, fields(data))).answer);
    },
    async update(
      resource: string,
      id: unknown,
      data: Record<string, unknown>,
      shown?: Record<string, unknown>,
    ) {
      return withId(
        resource,
        (await call("PUT", `${resource}/${id}`, fields(data), ifMatch(shown))).answer,
      );
    },
    async remove(
      resource: string,
      id: unknown,
      shown?: Record<string, unknown>,
    ): Promise<ApiRecord> {
      return withId(
        resource,
        (await call("DELETE", `${resource}/${id}`, undefined, ifMatch(shown))).answer,
      );
    },
  };
}

export type StoreApi = ReturnType<typeof storeApi>;
