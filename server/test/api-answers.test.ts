import { createHash } from "node:crypto";
import { getHttpOperationsFromSpec } from "@stoplight/prism-http";
import { validateInput, validateOutput } from "@stoplight/prism-http/dist/validator";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { einvoices } from "../src/db/schema";
import { seedDemoStore } from "../src/db/seed/demo";
import { ensureMessageTemplates } from "../src/modules/messages/templates";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { insertOrder } from "./ledger.fixtures";
import { insertRequest, insertUser } from "./people.fixtures";
import { multipartImage, pngOf } from "./uploads.fixtures";

/**
 * Every operation of the API document (/api/docs/json) called for real, its
 * answers checked against the document by Prism's own validator, as Prism in
 * proxy mode in front of the server would (docs/decisions/api-document.md):
 * the status is declared, the media type and body match, every header the
 * server sends an integrator (X-Total-Count, ETag, Content-Disposition,
 * Set-Cookie, Retry-After…) is declared. And the document is no looser than
 * the server: a read the document calls valid is never refused with 400.
 */
type Operation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];
type Json = Record<string, unknown>;

/** Headers the server sends that a client reads: each must be declared on its answer. */
const ANSWER_HEADERS = [
  "x-total-count",
  "x-total-count-capped",
  "etag",
  "content-disposition",
  "set-cookie",
  "retry-after",
];

let ctx: TestContext;
let operations: Operation[] = [];
let doc: { paths: Record<string, Record<string, Json>> };
/** Mismatches found, each "METHOD path status: problem". */
const problems = new Set<string>();
/** Operation id → the statuses of the answers checked. */
const checked = new Map<string, Set<number>>();

beforeAll(async () => {
  ctx = await createTestContext();
  // A small store: a record of every kind to read, change and delete.
  await seedDemoStore(ctx.db, ctx.app.uploadStorage, {
    now: new Date("2026-05-09T04:00:00Z"),
    size: {
      products: 4,
      users: 8,
      orders: 8,
      vouchers: 2,
      withdrawals: 3,
      agencyStores: 2,
      banners: 2,
      testimonials: 2,
    },
  });
  // The demo store has no permission group,
  const group = await ctx.call("POST", "/api/permissionGroups", {
    name: "Answers",
    permissions: ["catalog:view"],
  });
  expect(group.statusCode).toBe(201);
  // Nor any tax category.
  const tax = await ctx.call("POST", "/api/taxCategories", {
    tax_category_name: "Sales tax 10%",
    tax_type: "taxable",
    tax_rate: "10",
  });
  expect(tax.statusCode).toBe(201);
  // Nor a picture of an identity card: the first user's front (docs/decisions/kyc.md).
  const picture = await ctx.app.inject({
    method: "POST",
    url: "/api/uploads?kind=kyc",
    ...multipartImage(pngOf(7), ctx.cookie),
  });
  expect(picture.statusCode, picture.body).toBe(201);
  const [first] = (await ctx.call("GET", "/api/users?_page=1&_limit=1")).json() as Json[];
  const kyc = await ctx.call("PUT", `/api/users/${first?.user_id}/kyc`, {
    document_front: picture.json().file_name,
  });
  expect(kyc.statusCode, kyc.body).toBe(200);
  // Nor a CP58: the same member paid RM 5,000.01 in commissions in 2000, the first year one is asked of.
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`insert into wallet_ledger (user_id, account, amount, balance_after, reason, note, created_at)
      select ${first?.user_id}, 'cash_wallet', 5000.01, c_wallet_amt + 5000.01, 'commission', 'CP58', '2000-06-01 12:00:00'
      from user_wallets where user_id = ${first?.user_id}`);
    await tx.execute(
      sql`update user_wallets set c_wallet_amt = c_wallet_amt + 5000.01 where user_id = ${first?.user_id}`,
    );
  });
  // Nor a payout batch: a completed request, batched and released.
  const payee = await insertUser(ctx.db, {}, { c_wallet_amt: "100.00" });
  const request = await insertRequest(ctx.db, payee, "10.00");
  const paid = await ctx.call("PUT", `/api/withdrawRequest/${request}`, {
    withdraw_status: "completed",
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const batch = await ctx.call("POST", "/api/payoutBatches", { withdraw_ids: [request] });
  expect(batch.statusCode, batch.body).toBe(201);
  const released = await ctx.call("POST", `/api/payoutBatches/${batch.json().batch_id}/release`);
  expect(released.statusCode, released.body).toBe(200);
  // Nor any commission period: an order's first completion makes one.
  const order = await insertOrder(ctx.db, null, "10.00", "0.00");
  const completed = await ctx.call("PUT", `/api/orders/${order}`, {
    order_status: 6,
    tracking_number: "MY1",
  });
  expect(completed.statusCode, completed.body).toBe(200);
  // Nor a buyer who asked for an invoice, nor an e-invoice (kept as built: no MyInvois here).
  const buyer = await ctx.call("PUT", `/api/orders/${order}/buyer`, {
    name: "Syarikat Maju Sdn Bhd",
    tin: "C1234567890",
    id_type: "BRN",
    id_value: "201901000005",
  });
  expect(buyer.statusCode, buyer.body).toBe(200);
  await ctx.db.insert(einvoices).values({
    type: "01",
    internal_id: "INV-API",
    orders_id: order,
    amount: "10.00",
    document: "{}",
    document_hash: createHash("sha256").update("{}").digest("hex"),
  });
  // Nor a return or refund: RM 1.00 of that order given back (docs/decisions/returns.md).
  const refund = await ctx.call("POST", `/api/orders/${order}/refunds`, {
    amount: "1.00",
    reason: "Answers",
  });
  expect(refund.statusCode, refund.body).toBe(201);
  // Nor an import (docs/decisions/imports.md): an empty stock count, applied.
  const imported = await ctx.app.inject({
    method: "POST",
    url: "/api/imports?kind=stock",
    ...multipartImage(Buffer.from("sku,quantity\n"), ctx.cookie),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  // Nor the messages' templates (written at start), nor a message: a test one to the admin.
  await ensureMessageTemplates(ctx.db);
  const test = await ctx.call("POST", "/api/messageTemplates/order_shipped/en/test");
  expect(test.statusCode, test.body).toBe(202);
  const res = await ctx.call("GET", "/api/docs/json");
  doc = res.json();
  operations = await getHttpOperationsFromSpec(structuredClone(doc));
}, 60_000);
afterAll(() => ctx.close());

function headersOf(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(res.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : String(value),
    ]),
  );
}

function bodyOf(res: LightMyRequestResponse): unknown {
  const type = String(res.headers["content-type"] ?? "");
  if (!type.includes("json") || res.body === "") return res.body;
  return res.json();
}

/** Checks one real answer against the operation's document, as Prism's proxy does. */
function check(op: Operation, res: LightMyRequestResponse): void {
  const where = `${op.method.toUpperCase()} ${op.path} ${res.statusCode}`;
  const headers = headersOf(res);
  const result = validateOutput({
    resource: op,
    element: { statusCode: res.statusCode, headers, body: bodyOf(res) },
  });
  if (result._tag === "Left") {
    for (const d of result.left) problems.add(`${where}: ${d.path?.join(".") ?? ""} ${d.message}`);
  }
  const answer = op.responses.find((r) => r.code === String(res.statusCode));
  const declared = new Set((answer?.headers ?? []).map((h) => h.name.toLowerCase()));
  for (const name of ANSWER_HEADERS) {
    if (name in headers && !declared.has(name))
      problems.add(`${where}: header ${name} not declared`);
  }
  const key = `${op.method} ${op.path}`;
  checked.set(key, new Set([...(checked.get(key) ?? []), res.statusCode]));
}

interface Call {
  op: Operation;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Without the admin's session. */
  anonymous?: boolean;
  payload?: string;
}

/** Sends a call, checks its answer; for a read, also that a request valid by the document is not refused. */
async function send(call: Call): Promise<LightMyRequestResponse> {
  const { op } = call;
  const headers: Record<string, string> = {
    ...(call.anonymous ? {} : { cookie: ctx.cookie }),
    ...(call.body !== undefined ? { "content-type": "application/json" } : {}),
    ...call.headers,
  };
  const res = await ctx.app.inject({
    method: op.method.toUpperCase() as "GET",
    url: call.path,
    query: call.query ?? {},
    headers,
    ...(call.payload !== undefined
      ? { payload: call.payload }
      : call.body !== undefined
        ? { payload: JSON.stringify(call.body) }
        : {}),
  });
  check(op, res);
  if (op.method === "get" && !call.anonymous && res.statusCode === 400) {
    const input = validateInput({
      resource: op,
      element: { method: "get", url: { path: call.path, query: call.query ?? {} }, headers },
    });
    if (input._tag === "Right") {
      problems.add(
        `GET ${call.path} ${JSON.stringify(call.query)}: valid by the document, refused: ${res.body}`,
      );
    }
  }
  return res;
}

const known = new Map<string, number>();
/** An id of a record the collection holds: its first row's key (the first field ending in "id"). */
async function idIn(collection: string): Promise<number> {
  const cached = known.get(collection);
  if (cached !== undefined) return cached;
  const res = await ctx.call("GET", `${collection}?_page=1&_limit=1`);
  const row = res.statusCode === 200 ? (res.json() as Json[])[0] : undefined;
  const key = Object.keys(row ?? {}).find((k) => /id$/i.test(k));
  const id = key && typeof row?.[key] === "number" ? (row[key] as number) : 1;
  known.set(collection, id);
  return id;
}

/** The least value a path parameter's schema takes (0 when it says none). */
const minimumOf = (op: Operation, name: string) =>
  Number(
    (op.request?.path?.find((p) => p.name === name)?.schema as Json | undefined)?.minimum ?? 0,
  );

/**
 * The path with every parameter filled: a parameter of a few named values (a
 * side of an identity card) its first; else an id of the collection above it, or a number.
 */
async function filled(op: Operation, id?: number): Promise<string> {
  let out = "";
  for (const part of op.path.split("/").filter(Boolean)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const choices = (op.request?.path?.find((p) => p.name === name)?.schema as Json | undefined)
      ?.enum;
    if (name === undefined) out += `/${part}`;
    else if (Array.isArray(choices)) out += `/${String(choices[0])}`;
    else if (minimumOf(op, name) > 1)
      out += `/${minimumOf(op, name)}`; // a year, from 2000
    else out += `/${id ?? (await idIn(out))}`;
  }
  return out;
}

/** A value the schema calls valid (the first choice, a pattern's likely form). */
function sample(schema: Json | undefined, name = ""): unknown {
  if (!schema) return "a";
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (choices?.[0]) return sample(choices[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const pattern = String(schema.pattern ?? "");
  // A year (CP58's) takes its least; any other number 1.
  if (type === "integer" || type === "number")
    return typeof schema.minimum === "number" && schema.minimum > 1 ? schema.minimum : 1;
  if (type === "boolean") return true;
  if (type === "array") return [sample(schema.items as Json, name)];
  if (type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((key) => [key, sample(properties[key], key)]));
  }
  if (pattern.includes(":\\d{2}")) return "2030-01-01 10:00:00";
  if (pattern.startsWith("^\\d{4}-\\d{2}-\\d{2}")) return "2026-01-01";
  // A month (YYYY-MM): the remittance report's.
  if (pattern.endsWith("-(0[1-9]|1[0-2])$")) return "2026-01";
  if (pattern.includes("\\.")) return "10.00";
  if (pattern.includes("\\d")) return "1";
  if (/mail/.test(name)) return `answers.${name}@example.com`;
  return `Answer ${name}`.slice(0, Number(schema.maxLength ?? 40));
}

function bodySchema(op: Operation): Json | undefined {
  const json = op.request?.body?.contents?.find((c) => c.mediaType === "application/json");
  return json?.schema as Json | undefined;
}

const isList = (op: Operation) => op.request?.query?.some((q) => q.name === "_format") ?? false;
const queryParam = (op: Operation, name: string) =>
  op.request?.query?.find((q) => q.name === name)?.schema as Json | undefined;

describe("every answer of every operation, as the document says", () => {
  it("reads: pages with the total, every sort, every filter, CSV and Excel files", async () => {
    for (const op of operations.filter((o) => o.method === "get")) {
      const url = await filled(op);
      // Required query parameters (the genealogy's): a valid value each.
      const required = Object.fromEntries(
        (op.request?.query ?? [])
          .filter((q) => q.required)
          .map((q) => [q.name, String(sample(q.schema as Json, q.name))]),
      );
      if (!isList(op)) {
        await send({ op, path: url, query: required });
        continue;
      }
      await send({ op, path: url, query: { _page: "1", _limit: "5" } });
      await send({ op, path: url, query: { _format: "csv" } });
      await send({ op, path: url, query: { _format: "xlsx" } });
      for (const field of (queryParam(op, "_sort")?.enum as string[]) ?? []) {
        await send({
          op,
          path: url,
          query: { _page: "1", _limit: "2", _sort: field, _order: "desc" },
        });
      }
      // Every filter at once, each with a value of its declared form.
      const filters: Record<string, string> = {};
      for (const q of op.request?.query ?? []) {
        if (q.name.startsWith("_") || q.name === "q") continue;
        filters[q.name] = String(sample(q.schema as Json, q.name));
      }
      await send({ op, path: url, query: { ...filters, _page: "1", _limit: "2" } });
      if (queryParam(op, "q"))
        await send({ op, path: url, query: { q: "a", _page: "1", _limit: "2" } });
      // The document's refusals: a sort the list does not have.
      await send({ op, path: url, query: { _sort: "not_a_field" } });
    }
  }, 60_000);

  it("writes: a record saved back as read, with If-Match; generated bodies; bulk actions", async () => {
    const writes = operations.filter((o) => o.method !== "get" && !/logout/i.test(o.path));
    for (const op of writes.filter((o) => o.method !== "delete")) {
      const url = await filled(op);
      const read = operations.find((o) => o.method === "get" && o.path === op.path);
      if (op.method === "put" && read) {
        const current = await ctx.call("GET", url);
        if (current.statusCode === 200) {
          await send({
            op,
            path: url,
            body: current.json(),
            headers: { "if-match": String(current.headers.etag ?? "") },
          });
          // The same version again: changed since, 412.
          await send({ op, path: url, body: current.json(), headers: { "if-match": '"1"' } });
          continue;
        }
      }
      const body = /\/bulk$/.test(op.path)
        ? { action: sample(bulkAction(op)), ids: [await idIn(op.path.replace(/\/bulk$/, ""))] }
        : sample(bodySchema(op));
      if (op.request?.body?.contents?.some((c) => c.mediaType === "multipart/form-data")) {
        await send({
          op,
          path: url,
          payload: "--x--",
          headers: { "content-type": "multipart/form-data; boundary=x" },
        });
      } else {
        await send({ op, path: url, body: body ?? {} });
      }
    }
    // Deleting last: the records the rest read are gone now.
    for (const op of writes.filter((o) => o.method === "delete")) {
      await send({ op, path: await filled(op) });
    }
  }, 60_000);

  it("refusals every operation can meet: no session, no such record, too large, wrong type", async () => {
    for (const op of operations) {
      const url = await filled(op);
      const isPublic = op.security?.length === 0 || op.security?.every((s) => s.length === 0);
      if (!isPublic) await send({ op, path: url, anonymous: true });
      if (op.path.includes("{")) await send({ op, path: await filled(op, 2_000_000_000) });
      if (op.request?.body) {
        await send({ op, path: url, payload: "x", headers: { "content-type": "text/plain" } });
        await send({ op, path: url, body: { blob: "x".repeat(5_300_000) } });
      }
    }
  }, 60_000);

  it("login and logout: the session cookie, and Retry-After when throttled", async () => {
    const login = operations.find((o) => o.method === "post" && o.path === "/api/login");
    const logout = operations.find((o) => o.method === "post" && /logout/i.test(o.path));
    expect(login && logout).toBeTruthy();
    if (!login || !logout) return;
    const res = await send({ op: login, path: login.path, body: ADMIN, anonymous: true });
    const cookie = String(res.headers["set-cookie"] ?? "").split(";")[0] ?? "";
    await send({ op: logout, path: logout.path, headers: { cookie } });
    const stranger = { email: "nobody@example.com", password: "Wrong-password-1" };
    let last = res;
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) {
      last = await send({ op: login, path: login.path, body: stranger, anonymous: true });
    }
    expect(last.statusCode).toBe(429);
  }, 60_000);

  it("found the answers the document declares, and nothing it does not", () => {
    const all = operations.map((o) => `${o.method} ${o.path}`);
    const succeeded = (key: string) => [...(checked.get(key) ?? [])].some((s) => s < 300);
    if (process.env.API_ANSWERS) {
      console.log([...checked].map(([k, s]) => `${k} ${[...s].join(",")}`).join("\n"));
    }
    expect({
      mismatches: [...problems],
      unchecked: all.filter((key) => !checked.has(key)),
      // Every read answered a success at least once.
      readsNeverAnswered: all.filter((key) => key.startsWith("get ") && !succeeded(key)),
    }).toEqual({ mismatches: [], unchecked: [], readsNeverAnswered: [] });
  });
});

function bulkAction(op: Operation): Json | undefined {
  const schema = bodySchema(op);
  const branch = ((schema?.anyOf ?? []) as Json[])[0];
  return (branch?.properties as Record<string, Json> | undefined)?.action;
}
