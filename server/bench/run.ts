/**
 * npm run bench: builds a demo store of n orders through the server's own
 * start (SEED_DEMO_ORDERS=n), starts the real server again as a child process
 * and drives every list call, search, sort, filter and the dashboard over HTTP
 * at 1 and 8 connections, with the bare-floor server (bench/floor.ts, on
 * PostgreSQL) beside it. Prints the tables and writes them into
 * docs/benchmarks/ (docs/BENCHMARKS.md sums them up). Figures only: nothing here passes or fails on time.
 *
 *   npm run bench                                  PGlite, 50,000 orders
 *   npm run bench -- --orders 1000000 --pg         PostgreSQL 15 (throw-away), a million orders
 *   npm run bench -- --orders 10000,30000,100000   several sizes: the embedded curve
 *
 * Flags: --orders n[,n…], --pg, --seconds s (per run, default 5), --requests n
 * (per run, default 300), --load-seconds s (least load before the memory
 * reading, default 60), --no-write, --only word[,word…] (the calls whose name holds one, e.g.
 * "report:"; writes nothing; "jobs": the job queue beside its floor, bench/jobs.ts, no
 * store of orders; "imports": a 50,000-member import over HTTP, bench/imports.ts, with --pg). Environment, as before: BENCH_ORDERS,
 * BENCH_DB=postgres, BENCH_ITERATIONS (requests), BENCH_WRITE=0, and
 * BENCH_USERS / BENCH_PRODUCTS (a store of other proportions, seeded by this
 * process through seedDemoStore before the server starts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { REPORT_BY, REPORT_GROUPS, REPORT_NAMES } from "@store/contract";
import pg from "pg";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { EMBEDDED_ORDERS_LIMIT } from "../src/db/embeddedLimit";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { demoSizeFor, seedDemoStore } from "../src/db/seed/demo";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { databaseStorage } from "../src/modules/uploads/storage";
import { startFloorProcess } from "./floorProcess";
import { type Budget, type CallSpec, type Figures, login, measure, send } from "./measure";
import { killAll, type ServerProcess, startServer } from "./serverProcess";

// Flags reach this script through two npm layers (root → workspace); a layer
// that takes them as its own config leaves them as npm_config_* variables.
const { values: flags } = parseArgs({
  args: process.argv.slice(2),
  options: {
    orders: { type: "string" },
    pg: { type: "boolean" },
    seconds: { type: "string" },
    requests: { type: "string" },
    "load-seconds": { type: "string" },
    "no-write": { type: "boolean" },
    only: { type: "string" },
  },
  strict: true,
});
const env = process.env;
const ordersArg = flags.orders ?? env.npm_config_orders ?? env.BENCH_ORDERS ?? "50000";
const sizes = ordersArg
  .split(",")
  .map((s) => Number(s.trim().replace(/_/g, "")))
  .filter((n) => Number.isInteger(n) && n > 0);
if (!sizes.length) throw new Error(`--orders: whole numbers, comma-separated (not "${ordersArg}")`);
const onPostgres = Boolean(flags.pg || env.npm_config_pg || env.BENCH_DB === "postgres");
const writeDocs = !(
  flags["no-write"] ||
  env.npm_config_no_write ||
  env.BENCH_WRITE === "0" ||
  flags.only ||
  env.npm_config_only
);
const runSeconds = Number(flags.seconds ?? 5);
const runRequests = Number(flags.requests ?? env.BENCH_ITERATIONS ?? 300);
const loadSeconds = Number(flags["load-seconds"] ?? 60);
/** --only word[,word…]: only the calls whose name holds one (a quick look at some rows, beside the floor's; nothing written). */
const only = flags.only ?? env.npm_config_only;
const customUsers = env.BENCH_USERS ? Number(env.BENCH_USERS) : undefined;
const customProducts = env.BENCH_PRODUCTS ? Number(env.BENCH_PRODUCTS) : undefined;
const TZ = "Asia/Kuala_Lumpur";
const CONNECTIONS = [1, 8] as const;

const light: Budget = { requests: runRequests, seconds: runSeconds, minRequests: 20 };
const heavy: Budget = { requests: 20, seconds: runSeconds * 2, minRequests: 3 };

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
const webDist = path.join(workDir, "no-web");
fs.mkdirSync(webDist);

let stopPostgres = () => {};
let serverUrl: string | undefined;
if (onPostgres) {
  const script = path.resolve(import.meta.dirname, "../../scripts/postgres.mjs");
  const { startPostgres } = (await import(script)) as {
    startPostgres: () => Promise<{ url: string; stop: () => void } | null>;
  };
  const server = await startPostgres();
  if (!server) throw new Error("No PostgreSQL binaries could be found or installed.");
  serverUrl = server.url;
  stopPostgres = server.stop;
}
const engine = onPostgres ? "PostgreSQL 15" : "PGlite";
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    stopPostgres();
    fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(130);
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Row {
  name: string;
  total?: string;
  figures: Partial<Record<(typeof CONNECTIONS)[number], Figures>>;
  floor?: Partial<Record<(typeof CONNECTIONS)[number], Figures>>;
  note?: string;
}

interface SizeResult {
  orders: number;
  users: number;
  products: number;
  seedSeconds: number;
  seedLine: string;
  seedPeakRss: number;
  idleRss: number;
  loadedRss: number;
  loadedPeakRss: number;
  loadedAfterSeconds: number;
  notices: string[];
  /** Load average (1 min) at the start and end of this size's measurement. */
  load: string;
  rows: Row[];
  floorNote: string;
}

/** The newest order's buyer phone as the Order screen shows it: what the phone searches look for. */
async function shownPhone(base: URL, cookie: string): Promise<string> {
  const http = await import("node:http");
  const agent = new http.Agent();
  try {
    const answer = await send(agent, base, "/api/orders?_page=1&_limit=1", { cookie });
    const [order] = JSON.parse(answer.body.toString()) as { contact?: string }[];
    return order?.contact || "0123456789";
  } finally {
    agent.destroy();
  }
}

/** The calls, as an admin's screens make them; deep pages clamp to the last page. */
function callsFor(
  totals: { orders: number; users: number; withdrawals: number },
  phone: string,
): CallSpec[] {
  const page = (n: number, rows: number) => Math.max(1, Math.min(n, Math.ceil(rows / 10)));
  const list = (resource: string, query = "") => `/api/${resource}?_page=1&_limit=10${query}`;
  const q = (term: string) => `&q=${encodeURIComponent(term)}`;
  // The same phone typed as a caller reads it out: "+60 12-345 6789", "345 6789".
  const digits = phone.replace(/\D/g, "");
  const international = `+60 ${digits.slice(1, 3)}-${digits.slice(3, 6)} ${digits.slice(6)}`;
  const lastSeven = `${digits.slice(-7, -4)} ${digits.slice(-4)}`;
  return [
    { name: "orderStatus (a 9-row lookup)", path: "/api/orderStatus" },
    { name: "orders, first page", path: list("orders"), floor: true },
    {
      name: `orders, page ${page(5000, totals.orders)}`,
      path: `/api/orders?_page=${page(5000, totals.orders)}&_limit=10`,
      floor: true,
    },
    { name: 'orders, search hit "Wong"', path: list("orders", "&q=Wong") },
    { name: 'orders, search miss "Selangor"', path: list("orders", "&q=Selangor") },
    { name: 'orders, search short "KL"', path: list("orders", "&q=KL") },
    { name: 'orders, search short miss "XQ"', path: list("orders", "&q=XQ") },
    { name: 'orders, search one letter "a"', path: list("orders", "&q=a") },
    { name: "orders, search a buyer's phone as shown", path: list("orders", q(phone)) },
    {
      name: 'orders, search that phone as "+60 1x-xxx xxxx"',
      path: list("orders", q(international)),
    },
    { name: 'orders, search that phone\'s last 7 "xxx xxxx"', path: list("orders", q(lastSeven)) },
    { name: 'orders, search digits "012" (many phones)', path: list("orders", "&q=012") },
    { name: 'orders, search short digits "67"', path: list("orders", "&q=67") },
    { name: "users, sorted by ttl_order", path: list("users", "&_sort=ttl_order&_order=desc") },
    {
      name: "orders, sorted by total_price",
      path: list("orders", "&_sort=total_price&_order=desc"),
    },
    { name: "orders, filter order_status=6", path: list("orders", "&order_status=6") },
    { name: "users, first page", path: list("users") },
    {
      name: `users, page ${page(5000, totals.users)}`,
      path: `/api/users?_page=${page(5000, totals.users)}&_limit=10`,
    },
    { name: 'users, search "wong"', path: list("users", "&q=wong") },
    { name: 'users, search short "ng"', path: list("users", "&q=ng") },
    { name: "users, search a member's phone", path: list("users", q(international)) },
    { name: "users, filter membership=3", path: list("users", "&membership=3") },
    {
      name: `usersWallet, page ${page(5000, totals.users)}`,
      path: `/api/usersWallet?_page=${page(5000, totals.users)}&_limit=10`,
    },
    { name: "withdrawRequest, first page", path: list("withdrawRequest") },
    {
      name: `withdrawRequest, page ${page(500, totals.withdrawals)}`,
      path: `/api/withdrawRequest?_page=${page(500, totals.withdrawals)}&_limit=10`,
    },
    {
      name: "withdrawRequest, filter processing",
      path: list("withdrawRequest", "&withdraw_status=processing"),
    },
    { name: "products, first page", path: list("products") },
    { name: 'products, search "kopi"', path: list("products", "&q=kopi") },
    { name: "products, price 20-300", path: list("products", "&min_price=20&max_price=300") },
    {
      name: "products, category + price",
      path: list("products", "&category_id=3&min_price=1&max_price=1500"),
    },
    { name: "categories", path: list("categories") },
    { name: "brands", path: list("brands") },
    { name: "vouchers (coupons)", path: list("vouchers") },
    { name: "agencyStore", path: list("agencyStore") },
    { name: "banner", path: list("banner") },
    { name: "testimonials", path: list("testimonials") },
    { name: "dashboard summary", path: "/api/dashboard" },
    // The reports (issue 36: p99 ≤ 20 ms on PostgreSQL at 1M orders).
    ...reportCalls(),
    {
      name: "reconcile (every balance and order)",
      path: "/api/walletLedger/reconcile",
      heavy: true,
    },
    { name: "usersCount (whole list)", path: "/api/usersCount", heavy: true },
    { name: "ordersCount (whole list)", path: "/api/ordersCount", heavy: true },
  ];
}

/**
 * Each report over the last 365 days to today in the store's zone, in every
 * grouping and `by` its screen offers, and as the screen first asks it (no
 * range: the last 30 days; the default grouping).
 */
function reportCalls(): CallSpec[] {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 364);
  const year = `from=${from.toISOString().slice(0, 10)}&to=${today}`;
  const calls: CallSpec[] = [];
  const add = (name: string, query: string, words: string) => {
    calls.push({
      name: `report: ${name}, one year${words}`,
      path: `/api/reports/${name}?${year}${query}`,
    });
  };
  for (const name of ["sales", "members", "money"])
    for (const group of REPORT_GROUPS) add(name, `&group=${group}`, ` by ${group}`);
  for (const by of REPORT_BY) add("products", `&by=${by}`, ` by ${by}`);
  for (const name of ["regions", "coupons"]) add(name, "", "");
  for (const name of REPORT_NAMES)
    calls.push({ name: `report: ${name}, as the screen opens`, path: `/api/reports/${name}` });
  return calls;
}

/** Filters the API may or may not offer: offered when the total differs from the unfiltered one. */
const FILTER_PROBES: Record<string, string> = {
  "orders, filter order_status=6": "orders, first page",
  "users, filter membership=3": "users, first page",
  "withdrawRequest, filter processing": "withdrawRequest, first page",
};

async function totalOf(base: URL, cookie: string, p: string): Promise<string | undefined> {
  const http = await import("node:http");
  const agent = new http.Agent();
  try {
    const answer = await send(agent, base, p, { cookie });
    if (answer.status !== 200) return undefined;
    const header = answer.headers["x-total-count"];
    return typeof header === "string" ? header : "";
  } finally {
    agent.destroy();
  }
}

const fmt = (n: number) => n.toLocaleString("en");
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const pathOf = (call: CallSpec) => (typeof call.path === "string" ? call.path : call.path());

async function runSize(orders: number): Promise<SizeResult> {
  const size = demoSizeFor(orders);
  let users = size.users;
  let products = size.products;
  const dbEnv: Record<string, string> = { TZ, WEB_DIST: webDist };
  let databaseUrl: string | undefined;
  const dataDir = path.join(workDir, `store-${orders}`);
  dbEnv.DATA_DIR = dataDir;
  if (onPostgres && serverUrl) {
    const name = `bench_${orders}`;
    await adminQuery(`drop database if exists ${name}`);
    await adminQuery(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dbEnv.DATABASE_URL = databaseUrl;
  }

  // 1. The store: through the server's own start (SEED_DEMO_ORDERS), timed by its log line.
  console.log(`\n${engine}, ${fmt(orders)} orders: seeding…`);
  let seedSeconds = 0;
  let seedLine = "";
  let seedPeakRss = 0;
  const seedStart = performance.now();
  if (customUsers || customProducts) {
    users = customUsers ?? users;
    products = customProducts ?? products;
    const database = await openDatabase({ databaseUrl, dataDir, timeZone: TZ });
    await applyDerivedTriggers(database.db);
    await seedBase(database.db);
    await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    await seedDemoStore(database.db, databaseStorage(database.db), {
      size: { ...size, users, products },
      bulk: true,
    });
    await database.close();
    seedSeconds = (performance.now() - seedStart) / 1000;
    seedLine = `seeded by the benchmark (BENCH_USERS / BENCH_PRODUCTS) in ${seedSeconds.toFixed(1)} s`;
    seedPeakRss = process.resourceUsage().maxRSS * 1024;
  } else {
    const seeding = await startServer(
      { ...dbEnv, SEED_DEMO: "1", SEED_DEMO_ORDERS: String(orders) },
      7200,
    );
    seedLine = (seeding.lines.find((l) => l.startsWith("Filled the empty store")) ?? "").replace(
      /\.$/,
      "",
    );
    seedSeconds = Number(/in ([\d.]+) s\.?$/.exec(seedLine)?.[1] ?? 0);
    seedPeakRss = seeding.memory().peak;
    await seeding.stop();
  }
  console.log(
    `  ${seedLine || "(no seed line)"}; ${((performance.now() - seedStart) / 1000).toFixed(0)} s to a seeded store`,
  );

  // A settled store: the seed's million rows vacuumed and analysed before any
  // call is timed, or autovacuum would run under the measurement.
  if (databaseUrl) {
    const settling = performance.now();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("vacuum analyze");
    await client.end();
    console.log(`  vacuum analyze: ${((performance.now() - settling) / 1000).toFixed(0)} s`);
  }

  // 2. A fresh server on that store: what serving costs, not what seeding left.
  const server = await startServer({ ...dbEnv, SEED_DEMO: "0" }, 600);
  const notices = server.lines.filter((l) => l.includes("past the"));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRss = server.memory().rss;
  const cookie = await login(server.base);

  let floor: ServerProcess | undefined;
  let floorNote = "";
  if (databaseUrl) {
    const started = await startFloorProcess(databaseUrl);
    if (typeof started === "string") floorNote = started;
    else floor = started;
  } else {
    floorNote = "No floor on PGlite: the bare node:http + pg server needs a PostgreSQL server.";
  }

  const totals = {
    orders: Number(await totalOf(server.base, cookie, "/api/orders?_page=1&_limit=1")),
    users: Number(await totalOf(server.base, cookie, "/api/users?_page=1&_limit=1")),
    withdrawals: Number(
      await totalOf(server.base, cookie, "/api/withdrawRequest?_page=1&_limit=1"),
    ),
  };
  // --only keeps the calls the bare floor answers too: every run has its floor beside it.
  const calls = callsFor(totals, await shownPhone(server.base, cookie)).filter(
    (call) => !only || only.split(",").some((word) => call.name.includes(word)) || call.floor,
  );
  const rows: Row[] = [];
  const loadStart = performance.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  for (const call of calls) {
    const row: Row = { name: call.name, figures: {} };
    rows.push(row);
    const total = await totalOf(server.base, cookie, pathOf(call));
    if (total === undefined) {
      row.note = "not offered";
      continue;
    }
    const unfiltered = FILTER_PROBES[call.name];
    if (unfiltered && total === rows.find((r) => r.name === unfiltered)?.total) {
      row.note = "not offered (the parameter is ignored)";
      continue;
    }
    if (total) row.total = total;
    const budget = call.heavy ? heavy : light;
    const floorAnswers =
      floor && call.floor && (await totalOf(floor.base, cookie, pathOf(call))) === total
        ? floor
        : undefined;
    for (const connections of CONNECTIONS) {
      row.figures[connections] = await measure(server.base, cookie, call, connections, budget);
      if (floorAnswers) {
        row.floor ??= {};
        row.floor[connections] = await measure(
          floorAnswers.base,
          cookie,
          call,
          connections,
          budget,
        );
      }
    }
    const one = row.figures[1];
    const eight = row.figures[8];
    console.log(
      `  ${call.name}: p50 ${one?.p50.toFixed(1)} / p99 ${one?.p99.toFixed(1)} ms; ` +
        `8 connections p99 ${eight?.p99.toFixed(1)} ms, ${eight?.throughput.toFixed(0)}/s` +
        (row.floor?.[8] ? `; floor ${row.floor[8].throughput.toFixed(0)}/s` : ""),
    );
  }
  // At least a minute of load before the memory reading: the list calls again, 8 at a time.
  const lightCalls = calls.filter((c) => !c.heavy && !rows.find((r) => r.name === c.name)?.note);
  while ((performance.now() - loadStart) / 1000 < loadSeconds) {
    for (const call of lightCalls) {
      await measure(server.base, cookie, call, 8, { requests: 200, seconds: 1, minRequests: 1 });
      if ((performance.now() - loadStart) / 1000 >= loadSeconds) break;
    }
  }
  const loadedAfterSeconds = (performance.now() - loadStart) / 1000;
  const { rss: loadedRss, peak: loadedPeakRss } = server.memory();
  console.log(
    `  RSS ${mib(loadedRss)} after ${loadedAfterSeconds.toFixed(0)} s of load (peak ${mib(loadedPeakRss)})`,
  );

  await floor?.stop();
  await server.stop();
  if (onPostgres) await adminQuery(`drop database if exists bench_${orders} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    orders,
    users,
    products,
    seedSeconds,
    seedLine,
    seedPeakRss,
    idleRss,
    loadedRss,
    loadedPeakRss,
    loadedAfterSeconds,
    notices,
    load: `${loadAtStart.toFixed(1)}-${(os.loadavg()[0] ?? 0).toFixed(1)}`,
    rows,
    floorNote,
  };
}

function table(result: Pick<SizeResult, "rows">): string {
  const cell = (f: Figures | undefined, k: "p50" | "p99") => (f ? f[k].toFixed(1) : "-");
  const rate = (f: Figures | undefined) => (f ? f.throughput.toFixed(0) : "-");
  const lines = [
    "| call | rows | 1 conn p50 ms | p99 ms | calls/s | 8 conn p50 ms | p99 ms | calls/s | floor calls/s (1 / 8) | product ÷ floor (1 / 8) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of result.rows) {
    if (r.note) {
      lines.push(`| ${r.name} | - | - | - | - | - | - | - | - | ${r.note} |`);
      continue;
    }
    const [one, eight] = [r.figures[1], r.figures[8]];
    const floor = r.floor ? `${rate(r.floor[1])} / ${rate(r.floor[8])}` : "-";
    const ratio = (c: 1 | 8) => {
      const f = r.floor?.[c];
      const p = r.figures[c];
      return f && p ? `${Math.round((100 * p.throughput) / f.throughput)}%` : "-";
    };
    lines.push(
      `| ${r.name} | ${r.total ? fmt(Number(r.total)) : "-"} | ${cell(one, "p50")} | ${cell(one, "p99")} | ${rate(one)} | ${cell(eight, "p50")} | ${cell(eight, "p99")} | ${rate(eight)} | ${floor} | ${r.floor ? `${ratio(1)} / ${ratio(8)}` : "-"} |`,
    );
  }
  return lines.join("\n");
}

/** The list pages: every call but the lookups and the whole-list calls. */
const isPage = (r: Row) =>
  !r.note && !r.name.startsWith("orderStatus") && !r.name.includes("whole list");

/**
 * Fit for the embedded database (docs/BENCHMARKS.md): every list page's median
 * alone under PAGE_MS, and with 8 administrators at once under QUEUE_MS. PGlite
 * runs one statement at a time, so 8 at once always queue: 8 × PAGE_MS is the
 * wait of pages that are fit alone; past it pages are slow and queued. Medians,
 * not p99: on a shared machine the p99 of a few hundred calls is other work's.
 */
const PAGE_MS = 50;
const QUEUE_MS = 8 * PAGE_MS;

function slowest(result: SizeResult, connections: 1 | 8): { name: string; p50: number } {
  let out = { name: "-", p50: 0 };
  for (const r of result.rows.filter(isPage)) {
    const f = r.figures[connections];
    if (f && f.p50 > out.p50) out = { name: r.name, p50: f.p50 };
  }
  return out;
}

/** The largest size measured below which every size was fit. */
function fitLimit(results: SizeResult[]): string {
  let last: number | undefined;
  for (const r of [...results].sort((a, b) => a.orders - b.orders)) {
    if (!isFit(r)) break;
    last = r.orders;
  }
  return last === undefined ? "none" : `${fmt(last)} orders`;
}

const isFit = (r: SizeResult) => slowest(r, 1).p50 <= PAGE_MS && slowest(r, 8).p50 <= QUEUE_MS;

function curve(results: SizeResult[]): string {
  const lines = [
    `| orders | seed s | load avg | slowest page, p50 ms alone | pages over ${PAGE_MS} ms (p50) | slowest page, p50 ms with 8 at once | pages over ${QUEUE_MS} ms (p50, 8 at once) | ordersCount p50 ms | RSS idle / loaded | fit |`,
    "|---:|---:|---:|---|---:|---|---:|---:|---:|---|",
  ];
  for (const r of results) {
    const pages = r.rows.filter(isPage);
    const over = (c: 1 | 8, ms: number) =>
      pages.filter((p) => (p.figures[c]?.p50 ?? 0) > ms).length;
    const [one, eight] = [slowest(r, 1), slowest(r, 8)];
    const count = r.rows.find((x) => x.name.startsWith("ordersCount"))?.figures[1];
    lines.push(
      `| ${fmt(r.orders)} | ${r.seedSeconds.toFixed(0)} | ${r.load} | ${one.p50.toFixed(1)} (${one.name}) | ${over(1, PAGE_MS)} of ${pages.length} | ${eight.p50.toFixed(0)} (${eight.name}) | ${over(8, QUEUE_MS)} | ${count ? fmt(Math.round(count.p50)) : "-"} | ${mib(r.idleRss)} / ${mib(r.loadedRss)} | ${isFit(r) ? "yes" : "no"} |`,
    );
  }
  return lines.join("\n");
}

// --only jobs: the job queue beside its floor (bench/jobs.ts), PGlite and, with --pg, PostgreSQL; no orders.
if (only?.split(",").includes("jobs")) {
  const { benchJobs } = await import("./jobs");
  const jobRows = await benchJobs({ postgresUrl: serverUrl, workDir, timeZone: TZ }).catch(
    (error: unknown) => {
      stopPostgres();
      throw error;
    },
  );
  console.log(`\n${table({ rows: jobRows })}`);
  if (only.split(",").every((word) => word === "jobs")) {
    stopPostgres();
    fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(0);
  }
}

// --only imports: a 50,000-member import over HTTP on PostgreSQL (bench/imports.ts, --pg); no orders.
if (only?.split(",").includes("imports")) {
  const { benchImports } = await import("./imports");
  const importRows = await benchImports({ postgresUrl: serverUrl, workDir, timeZone: TZ }).catch(
    (error: unknown) => {
      stopPostgres();
      throw error;
    },
  );
  console.log(`\n${table({ rows: importRows })}`);
  if (only.split(",").every((word) => word === "jobs" || word === "imports")) {
    stopPostgres();
    fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(0);
  }
}

const loadBefore = os.loadavg()[0] ?? 0;
const started = new Date();
const results: SizeResult[] = [];
try {
  for (const orders of sizes) results.push(await runSize(orders));
} finally {
  stopPostgres();
}
const loadAfter = os.loadavg()[0] ?? 0;

const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
const where = onPostgres
  ? "PostgreSQL 15 on loopback (scripts/postgres.mjs: fsync off), node-postgres pool of 10"
  : "PGlite on a data folder (durable commits), inside the server process";
const sections: string[] = [
  `Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}; ${where}. Load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end (other work on the machine inflates the figures). Each call: ${runRequests} requests or ${runSeconds} s (at least 20; whole-list calls 3-20), after a warm-up, over HTTP with keep-alive, one connection then 8 in parallel.`,
];
for (const r of results) {
  sections.push(
    [
      `### ${fmt(r.orders)} orders (${engine})`,
      "",
      `Store: ${fmt(r.orders)} orders, ${fmt(r.users)} users, ${fmt(r.products)} products. Seed: ${r.seedLine || "-"} (peak RSS of the seeding server ${mib(r.seedPeakRss)}).`,
      `Load average ${r.load} while it was measured. Server memory: RSS ${mib(r.idleRss)} idle after start, ${mib(r.loadedRss)} after ${r.loadedAfterSeconds.toFixed(0)} s of this load (peak ${mib(r.loadedPeakRss)}).${r.notices.length ? ` Start-up said: "${r.notices.join(" ")}"` : ""}`,
      r.floorNote ? `${r.floorNote}` : "",
      "",
      table(r),
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  );
}
if (!onPostgres && results.length > 1) {
  sections.push(
    [
      "### The embedded curve",
      "",
      `Fit: every list page's median under ${PAGE_MS} ms alone and under ${QUEUE_MS} ms with 8 administrators at once (PGlite runs one statement at a time, so 8 at once queue: each waits for the others, and ${QUEUE_MS} ms is eight fit pages in a row). Largest fit size measured: ${fitLimit(results)}. The start-up log warns past ${fmt(EMBEDDED_ORDERS_LIMIT)} orders (server/src/db/embeddedLimit.ts).`,
      "",
      curve(results),
    ].join("\n"),
  );
}
const summary = sections.join("\n\n");
console.log(`\n${summary}`);

if (writeDocs) {
  const marker = onPostgres ? "http:postgres" : "http:pglite";
  const page = onPostgres ? "http-postgres" : "http-pglite";
  const file = path.resolve(import.meta.dirname, `../../docs/benchmarks/${page}.md`);
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  let current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  if (!current.includes(start)) current = `${current.trimEnd()}\n\n${start}\n${end}\n`;
  const before = current.split(start)[0] ?? "";
  const after = current.split(end)[1] ?? "\n";
  fs.writeFileSync(file, `${before}${start}\n${summary}\n${end}${after}`);
  console.log(`\nWrote the figures to ${path.relative(process.cwd(), file)}.`);
}
fs.rmSync(workDir, { recursive: true, force: true });
