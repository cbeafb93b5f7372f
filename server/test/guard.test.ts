import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { buildLoggedApp, createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
let base: URL;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
});
afterAll(() => ctx.close());

const PUBLIC = new Set([
  "/api/login",
  "/api/health",
  "/api/ready",
  // "Forgot password?" (auth/passwordResetRoutes.ts): asked for before any login.
  "/api/passwordReset",
  "/api/passwordReset/confirm",
]);

/** Every private API route the router knows, with ids filled in. */
function privateRoutes(app: App) {
  return app.routeList
    .filter(
      (r) =>
        r.url.startsWith("/api/") &&
        !PUBLIC.has(r.url) &&
        r.method !== "HEAD" &&
        r.method !== "OPTIONS",
    )
    .map((r) => ({ method: r.method, path: r.url.replace(/:[A-Za-z_]+/g, "1") }));
}

/** A request as curl --path-as-is sends it: the path byte for byte, no cookie. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const body = method === "GET" || method === "DELETE" ? undefined : "{}";
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        agent: false,
        method,
        path,
        headers: body ? { "content-type": "application/json", ...headers } : headers,
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;

/** The ways an attacker spells one path so that two parsers may disagree about it. */
function spellings(path: string): string[] {
  const rest = path.slice("/api".length); // "/users/1"
  const [, first = ""] = rest.split("/");
  return [
    `/%61pi${rest}`, // an encoded letter in the prefix
    `/%41PI${rest}`,
    `/api/${encodeChar(first[0] ?? "x")}${rest.slice(2)}`, // an encoded letter in the route
    `/%2561pi${rest}`, // double encoding
    `/api%2F${rest.slice(1)}`, // an encoded slash
    [...path].map(encodeChar).join(""), // every byte encoded
    `/API${rest}`, // case
    `/Api${rest.toUpperCase()}`,
    `/api/.${rest}`, // dot segments
    `/x/..${path}`,
    `/api/%2e%2e/api${rest}`,
    `/uploads/..${path}`,
    `//api${rest}`, // empty segments
    `/api/${rest}`,
    `${path}/`, // trailing slash
    `/api;x=1${rest}`, // matrix parameters
    `${path};jsessionid=1`,
    `/api\\${rest.slice(1)}`, // backslash
  ];
}

describe("the guard", () => {
  it("answers 401 on every private route without a session (the route walk)", async () => {
    const routes = privateRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.some((r) => r.path.startsWith("/api/docs"))).toBe(true);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      const res = await rawRequest(method, path);
      if (res.status !== 401) failures.push(`${method} ${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("lets no spelling of a private path past it without a session, and writes nothing", async () => {
    const [before] = await ctx.db
      .execute<{ n: number }>(
        sql`select (select count(*) from audit_log) + (select count(*) from users) as n`,
      )
      .then((r) => ("rows" in r ? r.rows : r) as { n: number }[]);
    const failures: string[] = [];
    let tried = 0;
    for (const { method, path } of privateRoutes(ctx.app)) {
      for (const spelling of spellings(path)) {
        tried += 1;
        const res = await rawRequest(method, spelling).catch((e) => {
          throw new Error(`${method} ${spelling}: ${e}`);
        });
        // A plain-path 404 may serve nothing but the web app's page or a JSON "Not found.".
        const refused = res.status >= 400 && res.status < 500;
        if (!refused || /user_id|password|brand_id/.test(res.body)) {
          failures.push(`${method} ${spelling} → ${res.status} ${res.body.slice(0, 60)}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    const [after] = await ctx.db
      .execute<{ n: number }>(
        sql`select (select count(*) from audit_log) + (select count(*) from users) as n`,
      )
      .then((r) => ("rows" in r ? r.rows : r) as { n: number }[]);
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it("refuses an encoded path with 400 even with a session", async () => {
    const res = await rawRequest("GET", "/%61pi/brands", { cookie: ctx.cookie });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      message: "The address is not valid.",
      issues: [],
    });
  });

  it("refuses a state-changing call from another origin with 403, even with a session", async () => {
    const call = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/brands",
        headers: { cookie: ctx.cookie, ...headers },
        payload: { brand_name: "X" },
      });
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://localhost" }, // the same host on another scheme
      { origin: "http://localhost:3001" }, // another port
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const res = await call(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ message: "Requests from another site are not accepted." });
    }
    const same = await call({ origin: "http://localhost", "sec-fetch-site": "same-origin" });
    expect(same.statusCode).toBe(201);
  });

  it("refuses a foreign Origin before the session check on every spelling of a path", async () => {
    const res = await rawRequest("POST", "/%61pi/brands", { origin: "https://evil.example" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const plain = await rawRequest("POST", "/api/brands", { origin: "https://evil.example" });
    expect(plain.status).toBe(403);
  });

  it("marks every API answer Cache-Control: no-store", async () => {
    for (const url of ["/api/brands", "/api/health", "/api/nothingHere"]) {
      const res = await ctx.call("GET", url);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("answers 404 JSON for an unknown API path", async () => {
    const res = await ctx.call("GET", "/api/nothingHere");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });

  it("serves the OpenAPI description behind the session only", async () => {
    expect((await rawRequest("GET", "/api/docs/json")).status).toBe(401);
    const res = await ctx.call("GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/brands");
  });
});

describe("the request log", () => {
  it("never writes the session cookie or an authorisation header", async () => {
    const { app, lines } = await buildLoggedApp(ctx);
    const secret = "cookie-secret-token-123";
    await app.inject({
      method: "GET",
      url: "/api/brands",
      headers: { cookie: `sid=${secret}`, authorization: `Bearer ${secret}` },
    });
    await app.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(secret);
  });
});
