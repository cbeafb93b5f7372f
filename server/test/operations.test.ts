/**
 * What an operator relies on (docs/OPERATIONS.md): readiness, request ids and
 * /metrics, on one app of one real store. The metrics' address check is
 * tested on a listening server from two loopback source addresses (every
 * 127.x.y.z is this machine), never with a forged header.
 */
import http from "node:http";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/freePort.mjs";
import { buildApp } from "../src/app";
import { readMetricsAllow, readTrustProxy } from "../src/config";
import type { Db } from "../src/db/client";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { insertUser } from "./people.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("GET /api/ready", () => {
  it("is ready with the database up to date, and says why not otherwise", async () => {
    const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ready" }]);

    // A migration of this build missing from the database.
    const newest = await ctx.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = newest.rows[0];
    if (!row) throw new Error("no migration recorded");
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const behind = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect([behind.statusCode, behind.json()]).toEqual([
        503,
        { status: "not_ready", reason: "migrations" },
      ]);
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }

    // Stopping (main.ts sets it at SIGTERM): not ready at once; liveness still answers.
    ctx.app.lifecycle.stopping = true;
    try {
      const stopping = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect([stopping.statusCode, stopping.json().reason]).toEqual([503, "stopping"]);
      const alive = await ctx.app.inject({ method: "GET", url: "/api/health" });
      expect(alive.statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.stopping = false;
    }
  });

  it("answers 503 when the database does not answer", async () => {
    // A PostgreSQL address where nothing listens: a database that is down.
    const pool = new pg.Pool({
      connectionString: `postgres://store@127.0.0.1:${await freePort()}/store`,
    });
    pool.on("error", () => {});
    const down = await buildApp({
      db: drizzle(pool) as unknown as Db,
      config: ctx.app.config,
    });
    try {
      const res = await down.inject({ method: "GET", url: "/api/ready" });
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { status: "not_ready", reason: "database" },
      ]);
      expect((await down.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await down.close();
      await pool.end();
    }
  });
});

describe("request ids", () => {
  it("answers every request its id, in the header, the error body and the log line", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      db: ctx.db,
      config: { ...ctx.app.config, trustProxy: readTrustProxy("10.0.0.2") },
      logger: {
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(JSON.parse(String(chunk)));
            done();
          },
        }),
      },
    });
    try {
      const ok = await app.inject({ method: "GET", url: "/api/health" });
      expect(ok.headers["x-request-id"]).toMatch(UUID);

      const refused = await app.inject({ method: "GET", url: "/api/orders" });
      const id = refused.headers["x-request-id"];
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: "login_required", request_id: id });
      expect(id).not.toBe(ok.headers["x-request-id"]);
      const invalid = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: 3 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().request_id).toBe(invalid.headers["x-request-id"]);
      const missing = await app.inject({ method: "GET", url: "/api/no-such-thing" });
      expect(missing.json()).toMatchObject({
        code: "not_found",
        request_id: missing.headers["x-request-id"],
      });
      const logged = lines.find((line) => line.msg === "request" && line.status === 401);
      expect(logged?.reqId).toBe(id);

      // From the trusted proxy, a well-formed id is kept; a bad one, or anyone else's, is replaced.
      const proxied = (remoteAddress: string, given: string) =>
        app.inject({
          method: "GET",
          url: "/api/health",
          remoteAddress,
          headers: { "x-request-id": given },
        });
      const kept = await proxied("10.0.0.2", "lb-7f3a:01.x_y");
      expect(kept.headers["x-request-id"]).toBe("lb-7f3a:01.x_y");
      const stranger = await proxied("10.0.0.9", "lb-7f3a:01.x_y");
      expect(stranger.headers["x-request-id"]).toMatch(UUID);
      for (const bad of ["a b", "x".repeat(65), "id\u00e9", "<script>"]) {
        const res = await proxied("10.0.0.2", bad);
        expect(res.headers["x-request-id"], bad).toMatch(UUID);
      }
    } finally {
      await app.close();
    }
  });
});

describe("GET /metrics", () => {
  const TOKEN = "metrics-token-0123456789";
  let port = 0;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({
      db: ctx.db,
      config: {
        ...ctx.app.config,
        metricsAllow: readMetricsAllow("127.0.0.1/32"),
        metricsToken: TOKEN,
      },
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => app?.close());

  /** GET /metrics over a real connection from `from` (a loopback address of this machine). */
  function scrape(from: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port,
          path: "/metrics",
          localAddress: from,
          headers,
          agent: false,
        },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              body,
              type: String(response.headers["content-type"]),
            }),
          );
        },
      );
      request.on("error", reject);
    });
  }

  /** A sample's value in the text format, 0 when absent. */
  function sample(text: string, name: string, labels: string): number {
    const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  }

  it("answers only the allowed address or the token, and 404 like any unknown path otherwise", async () => {
    const allowed = await scrape("127.0.0.1");
    expect(allowed.status).toBe(200);
    expect(allowed.type).toContain("text/plain");
    expect(allowed.body).toContain("# TYPE store_http_requests_total counter");
    expect(allowed.body).toContain("nodejs_eventloop_lag_seconds");
    expect(allowed.body).toContain("process_resident_memory_bytes");
    expect(allowed.body).toMatch(/^store_db_connections\{state="open"\} [1-9]/m);

    const other = await scrape("127.0.0.2");
    const unknown = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/api/metrics", agent: false }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        })
        .on("error", reject);
    });
    expect([other.status, unknown]).toEqual([404, 404]);
    expect(JSON.parse(other.body)).toMatchObject({ code: "not_found", message: "Not found." });
    expect(other.body).not.toContain("store_");

    expect((await scrape("127.0.0.2", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect(
      (await scrape("127.0.0.2", { authorization: "Bearer wrong-token-0123456789" })).status,
    ).toBe(404);
  });

  it("counts requests by route pattern, login failures and posted ledger entries", async () => {
    const before = (await scrape("127.0.0.1")).body;
    const failedBefore = sample(before, "store_login_failures_total", 'outcome="failed"');
    const postedBefore = sample(
      before,
      "store_ledger_entries_posted_total",
      'account="cash_wallet"',
    );
    // The process's registry may hold other files' requests (vitest.config.ts, isolate).
    const adjustments = 'method="POST",route="/api/walletAdjustments",status="201"';
    const timedBefore = sample(before, "store_http_request_duration_seconds_count", adjustments);

    const wrong = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: ADMIN.email, password: "not the password" },
    });
    expect(wrong.statusCode).toBe(401);
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "10.00" });
    const adjusted = await app.inject({
      method: "POST",
      url: "/api/walletAdjustments",
      headers: { cookie: ctx.cookie },
      payload: { user_id: owner, account: "cash_wallet", amount: "2.50", note: "metrics" },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    await app.inject({
      method: "GET",
      url: `/api/users/${owner}`,
      headers: { cookie: ctx.cookie },
    });

    const after = (await scrape("127.0.0.1")).body;
    expect(sample(after, "store_login_failures_total", 'outcome="failed"')).toBe(failedBefore + 1);
    expect(sample(after, "store_ledger_entries_posted_total", 'account="cash_wallet"')).toBe(
      postedBefore + 1,
    );
    // The route's pattern, never the id in the URL.
    expect(after).toMatch(
      /store_http_requests_total\{method="GET",route="\/api\/users\/:id",status="200"\} \d/,
    );
    expect(after).not.toContain(`/api/users/${owner}`);
    expect(sample(after, "store_http_request_duration_seconds_count", adjustments)).toBe(
      timedBefore + 1,
    );
  });
});
