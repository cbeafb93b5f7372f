/**
 * npm run bench: a store of real size on PGlite (in memory), the real app
 * in-process, and the main calls measured through app.inject. Prints a table
 * and writes the figures into docs/BENCHMARKS.md. Figures only: nothing here
 * passes or fails on time.
 *
 *   npm run bench          10,000 users, 50,000 orders, 2,000 products
 *   BENCH_USERS=2000 BENCH_ORDERS=10000 BENCH_PRODUCTS=500 BENCH_ITERATIONS=50 \
 *     BENCH_WRITE=0 npm run bench    a smaller store, figures printed only
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/app";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, readConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { seedDemoStore } from "../src/db/seed/demo";
import { Random } from "../src/db/seed/demoStore/random";
import { type CallSpec, formatTable, measure, type Result } from "./measure";

// Environment, not flags: `npm run bench` passes through two npm layers that eat flags.
const setting = (name: string, fallback: number) => Number(process.env[name] || fallback);
const size = {
  users: setting("BENCH_USERS", 10_000),
  orders: setting("BENCH_ORDERS", 50_000),
  products: setting("BENCH_PRODUCTS", 2_000),
  withdrawals: Math.max(40, Math.round(setting("BENCH_USERS", 10_000) / 10)),
};
const iterations = setting("BENCH_ITERATIONS", 200);
const writeDocs = process.env.BENCH_WRITE !== "0";

applyTimeZone("Asia/Kuala_Lumpur");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
const config = { ...readConfig({ DATA_DIR: dataDir }), webDist: path.join(dataDir, "no-web") };

// BENCH_DB=postgres: the same store on a throw-away PostgreSQL server (scripts/postgres.mjs).
const onPostgres = process.env.BENCH_DB === "postgres";
const engine = onPostgres ? "PostgreSQL server" : "PGlite";
let stopPostgres = () => {};
let databaseUrl: string | undefined;
if (onPostgres) {
  const script = path.resolve(import.meta.dirname, "../../scripts/postgres.mjs");
  const { startPostgres } = (await import(script)) as {
    startPostgres: () => Promise<{ url: string; stop: () => void } | null>;
  };
  const server = await startPostgres();
  if (!server) throw new Error("No PostgreSQL binaries could be found or installed.");
  databaseUrl = server.url;
  stopPostgres = server.stop;
}
console.log(
  `Seeding ${size.users} users, ${size.orders} orders, ${size.products} products on ${engine}…`,
);
const loadBefore = os.loadavg()[0] ?? 0;
const database = await openDatabase({ databaseUrl, timeZone: config.timeZone });
await seedBase(database.db);
await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
const rssBeforeSeed = process.memoryUsage().rss;
const steps: [string, number][] = [];
const seedStart = performance.now();
const seedCpu = process.cpuUsage();
await seedDemoStore(database.db, path.join(dataDir, "uploads"), {
  size,
  onStep: (step, ms) => steps.push([step, ms]),
});
const seedMs = performance.now() - seedStart;
const seedCpuMs = process.cpuUsage(seedCpu).user / 1000;
const rssAfterSeed = process.memoryUsage().rss;

const app = await buildApp({ db: database.db, config });
const credentials = { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD };
const login = await app.inject({ method: "POST", url: "/api/login", payload: credentials });
const sid = login.cookies.find((c) => c.name === "sid")?.value;
if (login.statusCode !== 200 || !sid) throw new Error(`login failed: ${login.statusCode}`);
const cookie = `sid=${sid}`;

// Pages are drawn from a seeded source too, so two runs ask the same questions.
const random = new Random(7);
const lastPage = (rows: number) => Math.max(1, Math.ceil(rows / 10));
const calls: CallSpec[] = [
  // The floor: a nine-row lookup, so the session check and serialising cost show alone.
  { name: "orderStatus (floor)", url: () => "/api/orderStatus" },
  {
    name: "orders, pages 1-5",
    url: () => `/api/orders?_page=${random.int(1, 5)}&_limit=10`,
  },
  {
    name: "orders, any page",
    url: () => `/api/orders?_page=${random.int(1, lastPage(size.orders))}&_limit=10`,
  },
  {
    name: "orders, search",
    url: () =>
      `/api/orders?_page=1&_limit=10&q=${random.pick(["tan", "KH2025", "Selangor", "ER1"])}`,
  },
  {
    name: "users, any page",
    url: () => `/api/users?_page=${random.int(1, lastPage(size.users))}&_limit=10`,
  },
  {
    name: "users, search",
    url: () => `/api/users?_page=1&_limit=10&q=${random.pick(["tan", "siti", "gmail", "0123"])}`,
  },
  {
    name: "products, price filter",
    url: () => {
      const min = random.int(1, 100);
      return `/api/products?_page=${random.int(1, 5)}&_limit=10&min_price=${min}&max_price=${min + random.int(50, 500)}`;
    },
  },
  {
    name: "products, search",
    url: () =>
      `/api/products?_page=1&_limit=10&q=${random.pick(["kopi", "batik", "KH-EL", "sambal"])}`,
  },
  {
    name: "products, category + price",
    url: () =>
      `/api/products?_page=1&_limit=10&category_id=${random.int(1, 12)}&min_price=1&max_price=1500`,
  },
  {
    name: "withdrawRequest, any page",
    url: () => `/api/withdrawRequest?_page=${random.int(1, lastPage(size.withdrawals))}&_limit=10`,
  },
  {
    name: "usersWallet, any page",
    url: () => `/api/usersWallet?_page=${random.int(1, lastPage(size.users))}&_limit=10`,
  },
  { name: "dashboard summary", url: () => "/api/dashboard" },
  { name: "ordersCount (whole list)", url: () => "/api/ordersCount", iterations: 20 },
  {
    name: "login (scrypt)",
    method: "POST",
    url: () => "/api/login",
    payload: credentials,
    iterations: 20,
    noSession: true,
  },
];

const results: Result[] = [];
for (const call of calls) {
  const result = await measure(app, cookie, call, call.iterations ?? iterations);
  results.push(result);
  console.log(`  ${result.name}: ${result.note ?? `p95 ${result.p95.toFixed(1)} ms`}`);
}
const peakRss = process.resourceUsage().maxRSS * 1024;
const loadAfter = os.loadavg()[0] ?? 0;

// The store `npm start` fills (SEED_DEMO=1, embedded database), timed on its own first.
const demoDb = await openDatabase({ timeZone: config.timeZone });
await seedBase(demoDb.db);
await ensureAdmin(demoDb.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
const demoStart = performance.now();
await seedDemoStore(demoDb.db, path.join(dataDir, "demo-uploads"));
const demoSeedMs = performance.now() - demoStart;
await demoDb.close();

const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${onPostgres ? "PostgreSQL 15 on loopback (fsync off), node-postgres pool of 10" : "PGlite in memory"}`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const summary = [
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}. Load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end (other work on the machine inflates the figures).`,
  "",
  `Store: ${size.users.toLocaleString("en")} users, ${size.orders.toLocaleString("en")} orders, ${size.products.toLocaleString("en")} products (with their variants), ${size.withdrawals.toLocaleString("en")} withdrawal requests.`,
  "",
  `Seed: ${(seedMs / 1000).toFixed(1)} s wall, ${(seedCpuMs / 1000).toFixed(1)} s CPU (${steps.map(([s, ms]) => `${s} ${(ms / 1000).toFixed(1)} s`).join("; ")}).`,
  `The demo store of \`npm start\` (300 users, 1,500 orders, 150 products, on PGlite) seeds in ${(demoSeedMs / 1000).toFixed(1)} s.`,
  `Memory of the Node process: RSS ${mb(rssBeforeSeed)} with the database open and migrated, ${mb(rssAfterSeed)} after the seed, peak RSS ${mb(peakRss)}${onPostgres ? " (the database server's memory is not included)" : " (the database lives in this process)"}.`,
  "",
  `Latency of sequential calls through app.inject (${iterations} per call unless noted; the first 5 are warm-up and not counted); throughput with 8 calls in flight.`,
  "",
  formatTable(results),
].join("\n");

console.log(`\n${summary}`);

if (writeDocs) {
  const file = path.resolve(import.meta.dirname, "../../docs/BENCHMARKS.md");
  const start = `<!-- bench:${onPostgres ? "postgres" : "pglite"}:start -->`;
  const end = `<!-- bench:${onPostgres ? "postgres" : "pglite"}:end -->`;
  let current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  if (!current.includes(start)) current = `${current.trimEnd()}\n\n${start}\n${end}\n`;
  const before = current.split(start)[0] ?? "";
  const after = current.split(end)[1] ?? "\n";
  fs.writeFileSync(file, `${before}${start}\n${summary}\n${end}${after}`);
  console.log(`\nWrote the figures to ${path.relative(process.cwd(), file)}.`);
}

await app.close();
await database.close();
stopPostgres();
fs.rmSync(dataDir, { recursive: true, force: true });
