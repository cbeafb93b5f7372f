import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { seedDemoStore } from "../src/db/seed/demo";
import { drawTile } from "../src/db/seed/demoStore/png";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { scaled } from "./tier";

/** Calls that would end the run's own session (sent without it; their 401 is expected). */
const ENDS_OWN_SESSION = new Set([
  "POST /api/logoutAdmin",
  "DELETE /api/me/sessions/{id}",
  "DELETE /api/users/{id}/sessions",
  "DELETE /api/users/{id}/sessions/{sid}",
]);

/**
 * Hostile requests over every operation of the OpenAPI document, with the
 * admin's session (docs/RELIABILITY.md). Deterministic: FUZZ_SEED picks the
 * sequence, FUZZ_REQUESTS its length (600; 10,000 in `npm run test:long`).
 * Every answer: no 5xx, no stack, SQL, file path or password hash; a refused
 * one (4xx) changes no row, no audit entry and no uploaded file.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? scaled(300, 10_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_509);
const REPORT = process.env.FUZZ_REPORT;

// ---------------------------------------------------------------------------
// A seeded generator (mulberry32): the same seed, the same requests.

class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------
// Hostile values.

const deep = (levels: number): unknown => {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

const HOSTILE_STRINGS = [
  "a\u0000b",
  "\u0000",
  "\uD800",
  "x\uDFFFy",
  "\uDBFF\uDBFF",
  "😀 Kedai",
  "x".repeat(10_000),
  "y".repeat(256),
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(5)",
  "%00",
  "%ED%A0%80",
  "\\u0000",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "C:\\Windows\\win.ini",
  "   ",
  "",
  "0",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(40),
  "12.345",
  "2026-02-30 25:61:61",
  "0000-00-00 00:00:00",
  "9999-12-31 23:59:59",
  "1899-01-01",
  "\r\n\t",
  "\u202e\uFEFF\u200b",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style probe, sent as text
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "__proto__",
  "https://",
  "javascript:alert(1)",
  "http://[::1",
  "admin@store.my\u0000",
  "ünïcödé@exämple.my",
];

const HOSTILE_VALUES: unknown[] = [
  -1,
  0,
  1,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  99_999_999_999,
  1e308,
  -1e308,
  null,
  true,
  false,
  [],
  {},
  [1, "a", null],
  { $gt: "" },
  JSON.parse('{"__proto__": {"admin": true}}'),
  deep(60),
  Array.from({ length: 500 }, (_, i) => i),
];

/** Raw JSON texts JSON.stringify cannot write: infinities, lone escapes, deep nesting. */
const RAW_BODIES = [
  "{not json",
  '{"a":',
  "[",
  "null",
  "1e309",
  '"text"',
  "[]",
  "{}",
  '{"a":1e309}',
  '{"brand_name":"\\ud800"}',
  '{"brand_name":"\\u0000"}',
  '{"brand_name":"a","brand_name":"b"}',
  "\uFEFF{}",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"q":${"[".repeat(100_000)}`,
  '{"constructor":{"prototype":{"polluted":true}}}',
];

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/jsonx",
  "multipart/form-data; boundary=zz",
  "multipart/form-data",
  "",
];

const PATH_VALUES = [
  "1",
  "2",
  "3",
  "5",
  "12",
  "-1",
  "0",
  "1e309",
  "99999999999",
  "99999999999999999999",
  "abc",
  "%00",
  "1%00",
  "%ED%A0%80",
  "1.5",
  "0x10",
  "%20",
  "..%2F..",
  "__proto__",
  "1e3",
  "NaN",
];

/**
 * Query values, written as they go on the wire (some already percent-escaped);
 * the ones most likely to pass validation and reach the code behind come first.
 */
const QUERY_VALUES = [
  "__proto__",
  "a%00b",
  "%ED%A0%80",
  "constructor",
  "1e309",
  "99999999999999999999",
  "%",
  "%FF",
  "x".repeat(3000),
  "brand_name%3B%20DROP%20TABLE%20brands",
  "toString",
  "1",
  "0",
  "-1",
  "abc",
  "%00",
  "%%",
  "%25",
  "asc%27",
  "",
  "%5B%5D",
  "desc",
  "10",
];

// ---------------------------------------------------------------------------
// Requests from the OpenAPI document.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maxLength?: number;
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: JsonSchema;
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, for a failure message. */
  label: string;
}

let unique = 0;

/** A string a field of this name would accept: the document gives types, not meanings. */
function plausibleText(name: string, rng: Rng): string {
  unique += 1;
  if (/email/.test(name)) return `fuzz${unique}@example.my`;
  if (/uri|url/.test(name)) return "https://pay.example.my/fuzz";
  if (
    /price|fee|amt|amount|discount|cap|percentage|earning|requirement|weight|width|height/.test(
      name,
    )
  )
    return rng.pick(["12.50", "3", "0.10"]);
  if (/expired_at|_at$/.test(name)) return "2027-06-15 10:00:00";
  if (/DOB/.test(name)) return "1990-05-01";
  if (/contact/.test(name)) return "0123456789";
  if (/image|logo/.test(name)) return "";
  if (/gender/.test(name)) return "Female";
  if (/role/.test(name)) return "Member";
  if (/languages/.test(name)) return "English";
  if (/currency/.test(name)) return "MYR";
  if (/condition/.test(name)) return "pv";
  if (/code|username|name|sku|title/.test(name)) return `Fuzz${unique}`;
  if (/password/.test(name)) return `Fuzz-long-passphrase-${unique}`;
  return rng.pick(["Fuzz text", "1"]);
}

/** A value the schema would likely accept, so some requests get past validation. */
function plausible(schema: JsonSchema, rng: Rng, depth = 0, name = ""): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return plausible(rng.pick(options), rng, depth, name);
  if (schema.enum?.length) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      if (schema.pattern?.includes("\\d{4}-\\d{2}-\\d{2} ")) return "2027-06-15 10:00:00";
      if (schema.pattern?.includes("\\d{4}-\\d{2}-\\d{2}")) return "1990-05-01";
      return plausibleText(name, rng);
    case "integer":
      return rng.pick([1, 2, 3]);
    case "number":
      return rng.pick([1, 2.5, 10]);
    case "boolean":
      return rng.chance(0.5);
    case "array":
      return schema.items && depth < 3 ? [plausible(schema.items, rng, depth + 1)] : [];
    case "object":
      return depth < 3 ? plausibleObject(schema, rng, depth + 1) : {};
    default:
      return "Fuzz text";
  }
}

function plausibleObject(schema: JsonSchema, rng: Rng, depth = 0): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => [
      key,
      plausible(field, rng, depth, key),
    ]),
  );
}

function hostile(rng: Rng): unknown {
  return rng.chance(0.6) ? rng.pick(HOSTILE_STRINGS) : rng.pick(HOSTILE_VALUES);
}

/** A body: each field plausible, hostile or left out, plus a stray key or two. */
function hostileBody(schema: JsonSchema, rng: Rng): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const roll = rng.next();
    if (roll < 0.1) continue;
    body[key] = roll < 0.55 ? plausible(field, rng, 0, key) : hostile(rng);
  }
  if (rng.chance(0.3)) {
    const stray = rng.pick(["role", "user_id", "password_hash", "id", "created_at", "constructor"]);
    body[stray] = hostile(rng);
  }
  return body;
}

/** A 1 × 1 PNG, drawn by the demo seed's own encoder. */
function tinyPng(): Buffer {
  return drawTile(1, 1, [255, 0, 0], [255, 0, 0], "plain");
}

const PNG = tinyPng();

const BOUNDARY = "fuzzboundary";

function multipartPng(): [string, Buffer] {
  return [
    `multipart/form-data; boundary=${BOUNDARY}`,
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  ];
}

/** Multipart bodies, well-formed and not, taken in turn: [content-type, payload]. */
let multipartTurn = 0;
function multipartJunk(): [string, Buffer] {
  const b = BOUNDARY;
  const part = (name: string, fileName: string | null, content: Buffer, type = "image/png") =>
    Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${name}"${
          fileName === null ? "" : `; filename="${fileName}"`
        }\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from("\r\n"),
    ]);
  const end = Buffer.from(`--${b}--\r\n`);
  const type = `multipart/form-data; boundary=${b}`;
  const cases: (() => [string, Buffer])[] = [
    () => [type, Buffer.concat([part("file", "ok.png", PNG), end])],
    () => [type, Buffer.concat([part("file", "cut.png", PNG)]).subarray(0, 60)],
    () => [type, Buffer.from(`--${b}\r\nContent-Disposition\r\n\r\nabc\r\n--${b}--\r\n`)],
    () => [type, Buffer.from("no boundary anywhere")],
    () => ["multipart/form-data", Buffer.concat([part("file", "a.png", PNG), end])],
    () => [`multipart/form-data; boundary=${"q".repeat(300)}`, Buffer.from("--q\r\n")],
    () => [type, Buffer.concat([part("file", "a.png", PNG), part("file", "b.png", PNG), end])],
    () => [type, Buffer.concat([part("title", null, Buffer.from("just a field")), end])],
    () => [type, Buffer.concat([part("file", "../../evil.png", PNG), end])],
    () => [type, Buffer.concat([part("file", "a\u0000.png", PNG), end])],
    () => [type, Buffer.concat([part("file", "x.png", Buffer.from("<?php echo 1; ?>")), end])],
    () => [type, Buffer.concat([part("file", "big.png", Buffer.alloc(5_300_000)), end])],
    () => [type, Buffer.concat(Array.from({ length: 8 }, (_, i) => part(`f${i}`, null, PNG)))],
    () => [type, Buffer.alloc(0)],
    () => [type, Buffer.from(`--${b}\r\n${"X-Header: y\r\n".repeat(3000)}\r\n\r\n--${b}--\r\n`)],
  ];
  return (cases[multipartTurn++ % cases.length] as () => [string, Buffer])();
}

const turns = new Map<string, number>();
/** The next of `values` for this key: each key meets every value in turn. */
function inTurn<T>(key: string, values: readonly T[]): T {
  const turn = turns.get(key) ?? 0;
  turns.set(key, turn + 1);
  return values[turn % values.length] as T;
}

const EXISTING_IDS = ["1", "2", "3"];
const PLAIN_QUERY: Record<string, string[]> = {
  _page: ["1", "2"],
  _limit: ["10", "5"],
  _order: ["asc", "desc"],
  _sort: ["brand_name", "created_at", "username"],
  kind: ["product", "brand", "logo"],
};

/**
 * One request. Half are "single": everything plausible but one hostile
 * parameter or field, so it gets past the rest of the validation to the code
 * behind; the others are hostile all over.
 */
function buildRequest(op: Operation, rng: Rng, cookie: string, adminId: number): Request {
  const bodyFields = Object.keys(op.body?.properties ?? {});
  const targets = [
    ...op.pathParams.map((n) => `path:${n}`),
    ...op.queryParams.map((n) => `query:${n}`),
    ...bodyFields.map((n) => `body:${n}`),
    ...(op.path === "/api/uploads" ? ["multipart", "multipart", "multipart"] : []),
  ];
  // An upload is always "single": its query has one field, its body is the target.
  const single =
    targets.length > 0 && (op.path === "/api/uploads" || rng.chance(0.5))
      ? rng.pick(targets)
      : undefined;
  const hostileHere = (target: string) => (single ? single === target : true);

  let url = op.path;
  for (const name of op.pathParams) {
    let value = hostileHere(`path:${name}`)
      ? inTurn(`path:${name}`, PATH_VALUES)
      : rng.pick(EXISTING_IDS);
    // The admin's own account stays as it is, or the session would end mid-run.
    if (op.path.startsWith("/api/users/") && value === String(adminId)) value = "7";
    url = url.replace(`{${name}}`, value);
  }
  const query: string[] = [];
  for (const name of op.queryParams) {
    if (hostileHere(`query:${name}`)) {
      if (!single && rng.chance(0.5)) continue;
      // Single requests take their own turns, so even a short run sends each value alone.
      const turn = single ? `single:${name}` : `query:${name}`;
      query.push(`${name}=${inTurn(turn, QUERY_VALUES)}`);
      if (rng.chance(0.1)) query.push(`${name}=${rng.pick(QUERY_VALUES)}`);
    } else if (rng.chance(0.3)) {
      query.push(`${name}=${rng.pick(PLAIN_QUERY[name] ?? ["1"])}`);
    }
  }
  if (!single && rng.chance(0.1)) query.push(`${rng.pick(["__proto__", "x%00", "%ED%A0%80"])}=1`);
  if (query.length) url += `?${query.join("&")}`;

  // Logging out, or ending the caller's own sessions (user 1 is the run's admin), would
  // end the run's session: those calls go without it.
  const headers: Record<string, string> = ENDS_OWN_SESSION.has(`${op.method} ${op.path}`)
    ? {}
    : { cookie };
  const request: Request = { method: op.method, url, headers, label: `${op.method} ${url}` };

  if (op.path === "/api/uploads") {
    const [type, payload] = hostileHere("multipart") ? multipartJunk() : multipartPng();
    if (type) request.headers["content-type"] = type;
    request.payload = payload;
    request.label += ` multipart(${payload.length} bytes)`;
    return request;
  }
  const wantsBody = !!op.body || (op.method !== "GET" && rng.chance(0.2));
  if (!wantsBody) return request;
  if (single) {
    const body = op.body ? plausibleObject(op.body, rng) : {};
    const field = single.startsWith("body:") ? single.slice(5) : undefined;
    if (field) body[field] = inTurn(single, [...HOSTILE_STRINGS, ...HOSTILE_VALUES]);
    request.payload = JSON.stringify(body);
    request.headers["content-type"] = "application/json";
  } else {
    const roll = rng.next();
    if (roll < 0.25) {
      request.payload = rng.pick(RAW_BODIES);
      request.headers["content-type"] = "application/json";
    } else if (roll < 0.4) {
      request.payload = JSON.stringify(op.body ? plausibleObject(op.body, rng) : {});
      const type = rng.pick(CONTENT_TYPES);
      if (type) request.headers["content-type"] = type;
    } else {
      const body = op.body ? hostileBody(op.body, rng) : { anything: hostile(rng) };
      request.payload = JSON.stringify(rng.chance(0.05) ? [body] : body);
      request.headers["content-type"] = "application/json";
    }
  }
  const shown = typeof request.payload === "string" ? request.payload.slice(0, 160) : "";
  request.label += ` ${request.headers["content-type"] ?? "-"} ${JSON.stringify(shown)}`;
  return request;
}

// ---------------------------------------------------------------------------
// What must never be in an answer.

const LEAKS: [string, RegExp][] = [
  ["stack trace", / {4}at /],
  ["SQL", /select "|insert into "|update "\w+" set|delete from "|Failed query|params: /],
  ["database message", /violates |syntax error at|relation "|column "/],
  ["file path", /\/work\/|node_modules|file:\/\//],
  ["password hash", /scrypt\$/],
];

// ---------------------------------------------------------------------------

let ctx: TestContext;
let operations: Operation[] = [];
let adminId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  // A small store: records to find, change and delete; quick to fingerprint.
  await seedDemoStore(ctx.db, ctx.app.uploadStorage, {
    now: new Date("2026-05-09T04:00:00Z"),
    size: {
      products: 8,
      users: 16,
      orders: 24,
      vouchers: 5,
      withdrawals: 6,
      agencyStores: 3,
      banners: 3,
      testimonials: 4,
    },
  });
  const [admin] = await ctx.db
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(users.email, ADMIN.email));
  adminId = admin?.user_id ?? 0;

  const doc = await ctx.call("GET", "/api/docs/json");
  expect(doc.statusCode).toBe(200);
  const paths = doc.json().paths as Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  for (const [route, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path: route,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  operations = operations.sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );
}, 120_000);

afterAll(() => ctx?.close());

/**
 * Every table's rows as one digest per table, the audit log without the
 * sign-in rows (a failed login is recorded by design, docs/decisions/audit-failed-login.md), and
 * the uploaded images (the uploads table). Sessions and login-failure counters are the throttle's
 * own bookkeeping and are left out.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = (
    await ctx.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not in ('sessions', 'login_failures') order by 1`,
    )
  ).rows as { name: string }[];
  const parts = tables.map(({ name }) => {
    // The audit log's kept total (migration 0009) and write counter (0017) count the sign-in rows too.
    const where =
      name === "audit_log"
        ? sql` where t.action not in ('login', 'login_failed', 'logout')`
        : name === "running_totals"
          ? sql` where t.name not in ('audit_log', 'audit_log.writes')`
          : sql``;
    return sql`select ${name} as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as digest from ${sql.identifier(name)} t${where}`;
  });
  const rows = (await ctx.db.execute(sql.join(parts, sql` union all `))).rows as {
    name: string;
    digest: string;
  }[];
  const result = Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  return result;
}

function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

describe("fuzz over the OpenAPI document", () => {
  it(
    `${REQUESTS} hostile requests: no 5xx, no leak, a refused request changes nothing`,
    async () => {
      expect(operations.length).toBeGreaterThan(80);
      const rng = new Rng(SEED);
      // The upload takes three turns a round: its malformed bodies are many.
      const upload = operations.filter((op) => op.path === "/api/uploads");
      const schedule = [...operations, ...upload, ...upload];
      const statuses: Record<string, number> = {};
      const problems: string[] = [];
      const touched = new Set<string>();
      const started = performance.now();
      let before = await fingerprint();

      for (let i = 0; i < REQUESTS; i++) {
        const op = schedule[i % schedule.length] as Operation;
        const request = buildRequest(op, rng, ctx.cookie, adminId);
        let status = 0;
        let body = "";
        try {
          const answer = await ctx.app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          status = answer.statusCode;
          body = answer.body;
        } catch (error) {
          problems.push(`#${i} ${request.label}: inject threw ${(error as Error).message}`);
          continue;
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (process.env.FUZZ_TRACE)
          console.log(`TRACE ${status} ${request.label} ${body.slice(0, 150)}`);
        touched.add(`${op.method} ${op.path}`);
        const where = `#${i} ${request.label} → ${status}`;
        if (status >= 500) problems.push(`${where}: ${body.slice(0, 200)}`);
        for (const [what, pattern] of LEAKS) {
          if (pattern.test(body)) problems.push(`${where}: answer leaks a ${what}`);
        }
        // A wrong proof is 401 without ending the session (docs/decisions/two-step-login.md).
        const signIn = ["/api/login", "/api/loginAdmin", "/api/login/totp", "/api/stepUp"].includes(
          op.path,
        );
        if (status === 401 && !signIn && !ENDS_OWN_SESSION.has(`${op.method} ${op.path}`)) {
          problems.push(`${where}: the session was lost`);
          break;
        }
        const after = await fingerprint();
        if (status >= 400) {
          let message: unknown;
          try {
            message = JSON.parse(body).message;
          } catch {}
          if (typeof message !== "string") problems.push(`${where}: not a {message} answer`);
          const diff = changed(before, after);
          if (diff.length) problems.push(`${where}: refused, yet changed ${diff.join(", ")}`);
        }
        before = after;
        if (problems.length >= 20) break;
      }

      const seconds = (performance.now() - started) / 1000;
      const summary = {
        database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite",
        seed: SEED,
        requests: Object.values(statuses).reduce((a, b) => a + b, 0),
        operations: touched.size,
        statuses,
        seconds: Math.round(seconds * 10) / 10,
        problems: problems.length,
      };
      console.log(`fuzz: ${JSON.stringify(summary)}`);
      if (REPORT) fs.appendFileSync(REPORT, `${JSON.stringify(summary)}\n`);
      expect(problems).toEqual([]);
      expect(touched.size).toBe(operations.length);
    },
    Math.max(120_000, REQUESTS * 400),
  );
});
