/**
 * `/metrics` in the Prometheus text format (docs/decisions/metrics.md,
 * docs/OPERATIONS.md): requests by route pattern and status, the database
 * pool, event-loop lag and memory (prom-client's defaults), login failures
 * and ledger entries posted. Reachable from METRICS_ALLOW's addresses or with
 * `Authorization: Bearer $METRICS_TOKEN`; everyone else gets the same 404 as
 * any unknown path.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { type BlockList, isIPv6 } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import pg from "pg";
import client from "prom-client";
import { clientOf, type Db, reportPoolOf } from "../db/client";
import { HttpError } from "./errors";

/** One registry for the process: the ledger and the login limits count into it wherever they run. */
const registry = new client.Registry();
let defaultsCollected = false;

const requests = new client.Counter({
  name: "store_http_requests_total",
  help: "Requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});
const durations = new client.Histogram({
  name: "store_http_request_duration_seconds",
  help: "Time from the request's arrival to its answer, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const loginFailures = new client.Counter({
  name: "store_login_failures_total",
  help: "Failed login and code checks (failed), and attempts the login limit refused (refused).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
const ledgerEntries = new client.Counter({
  name: "store_ledger_entries_posted_total",
  help: "Money entries written to the ledger, by account (counted as written, in their transaction).",
  labelNames: ["account"] as const,
  registers: [registry],
});

const jobFailures = new client.Counter({
  name: "store_jobs_failed_total",
  help: "Tries of jobs that failed on this server, by kind (modules/jobs/runner.ts).",
  labelNames: ["kind"] as const,
  registers: [registry],
});

/** modules/jobs/runner.ts: one try of a job failed. */
export function countJobFailure(kind: string): void {
  jobFailures.inc({ kind });
}

/** auth/throttle.ts: one failed check, or one attempt the limit refused. */
export function countLoginFailure(outcome: "failed" | "refused"): void {
  loginFailures.inc({ outcome });
}

/** modules/ledger: one entry written. */
export function countLedgerEntry(account: string, entries = 1): void {
  ledgerEntries.inc({ account }, entries);
}

/** The database the gauges read: node-postgres pools (with the reports' own), or PGlite's one connection and its queue. */
type Source = { pools: pg.Pool[] } | { pglite: { inFlight: () => number } };
const sources = new Set<Source>();

new client.Gauge({
  name: "store_db_connections",
  help: "Database connections by state: open and idle (PostgreSQL pool); PGlite has one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources) {
      if ("pools" in source) {
        for (const pool of source.pools) {
          this.inc({ state: "open" }, pool.totalCount);
          this.inc({ state: "idle" }, pool.idleCount);
        }
      } else {
        this.inc({ state: "open" }, 1);
        this.inc({ state: "idle" }, source.pglite.inFlight() === 0 ? 1 : 0);
      }
    }
  },
});
new client.Gauge({
  name: "store_db_waiting",
  help: "Queries waiting for a database connection (pool's waiting clients; PGlite: its queue).",
  registers: [registry],
  collect() {
    let waiting = 0;
    for (const source of sources) {
      if ("pools" in source) for (const pool of source.pools) waiting += pool.waitingCount;
      else waiting += Math.max(0, source.pglite.inFlight() - 1);
    }
    this.set(waiting);
  },
});

/** The stores whose queue the job gauges read (one per app; several apps of one process share them). */
const queues = new Set<Db>();

/** The queue as a scrape finds it: jobs queued, and how long the oldest due one has waited. */
async function readQueue(): Promise<{ queued: number; oldestSeconds: number }> {
  const [db] = queues;
  if (!db) return { queued: 0, oldestSeconds: 0 };
  const [row] = (
    await db.execute<{ queued: string | number; oldest: string | number | null }>(sql`
      select count(*) as queued,
        extract(epoch from now() - min(run_at) filter (where run_at <= now())) as oldest
      from jobs where status = 'queued'`)
  ).rows;
  return { queued: Number(row?.queued ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** One read a scrape for both gauges (a scrape collects them side by side). */
let queueRead: Promise<{ queued: number; oldestSeconds: number }> | undefined;
const readQueueOnce = () => {
  queueRead ??= readQueue().finally(() => {
    queueRead = undefined;
  });
  return queueRead;
};

new client.Gauge({
  name: "store_jobs_queued",
  help: "Jobs waiting to run, due or not yet (modules/jobs).",
  registers: [registry],
  async collect() {
    this.set((await readQueueOnce()).queued);
  },
});
new client.Gauge({
  name: "store_jobs_oldest_queued_seconds",
  help: "How long the oldest due job has waited to be taken (0 when none waits).",
  registers: [registry],
  async collect() {
    this.set((await readQueueOnce()).oldestSeconds);
  },
});

/** A PGlite instance counts its calls in flight: one runs, the rest wait for it. */
function countPgliteCalls(instance: PGlite): { inFlight: () => number } {
  let inFlight = 0;
  const wrap = <K extends "query" | "exec" | "transaction" | "runExclusive">(name: K) => {
    const original = instance[name].bind(instance) as (...args: unknown[]) => Promise<unknown>;
    (instance as unknown as Record<K, unknown>)[name] = async (...args: unknown[]) => {
      inFlight++;
      try {
        return await original(...args);
      } finally {
        inFlight--;
      }
    };
  };
  wrap("query");
  wrap("exec");
  wrap("transaction");
  // The reports' prepared statements (db/pglite.ts, queryPrepared).
  wrap("runExclusive");
  return { inFlight: () => inFlight };
}

const counted = new WeakMap<object, Source>();

function sourceOf(database: unknown): Source | undefined {
  if (!database || typeof database !== "object") return undefined;
  const known = counted.get(database);
  if (known) return known;
  let source: Source | undefined;
  if (database instanceof pg.Pool) {
    const reports = reportPoolOf(database);
    source = { pools: reports ? [database, reports] : [database] };
  } else if ("exec" in database && "transaction" in database && "query" in database)
    source = { pglite: countPgliteCalls(database as PGlite) };
  if (source) counted.set(database, source);
  return source;
}

/** An IPv4 peer on a dual-stack socket reads as ::ffff:a.b.c.d. */
function allowedAddress(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return list.check(mapped, "ipv4");
  return isIPv6(address) ? list.check(address, "ipv6") : list.check(address, "ipv4");
}

const digest = (text: string) => createHash("sha256").update(text).digest();

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim();
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The request counters (every answer, by the route the router matched, never
 * the raw URL) and GET /metrics. The caller is judged by the socket's own
 * address, never a forwarded header: a scraper reaches each server directly.
 */
// FastifyInstance, not App: the login limits and the ledger import this file, and appType's imports reach them.
export function registerMetrics(app: FastifyInstance): void {
  if (!defaultsCollected) {
    defaultsCollected = true;
    client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  }
  const db = app.db;
  queues.add(db);
  app.addHook("onClose", async () => {
    queues.delete(db);
  });
  const source = sourceOf(clientOf(db));
  if (source) {
    sources.add(source);
    app.addHook("onClose", async () => {
      sources.delete(source);
    });
  }
  const { metricsAllow, metricsToken } = app.config;
  app.addHook("onResponse", async (request, reply) => {
    const route = request.is404 ? "(unmatched)" : (request.routeOptions.url ?? "(unmatched)");
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });
  app.get(
    "/metrics",
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const allowed =
        allowedAddress(metricsAllow, request.socket.remoteAddress) ||
        hasToken(request, metricsToken);
      // The same answer as a path that does not exist: nothing says it is here.
      if (!allowed) throw new HttpError(404, "not_found", {}, "Not found.");
      reply.header("cache-control", "no-store").type(registry.contentType);
      return registry.metrics();
    },
  );
}
