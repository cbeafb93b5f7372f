/**
 * npm run bench:explain (or `npx tsx bench/explain.ts` in server/): the same
 * store as the benchmark, one request per list call, and EXPLAIN ANALYZE of
 * every SELECT the call ran, so a slow call shows where its time goes.
 * BENCH_USERS / BENCH_ORDERS / BENCH_PRODUCTS size the store; BENCH_ONLY=orders
 * limits the calls to those whose name contains the word.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { buildApp } from "../src/app";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, readConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { seedDemoStore } from "../src/db/seed/demo";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { databaseStorage } from "../src/modules/uploads/storage";

const setting = (name: string, fallback: number) => Number(process.env[name] || fallback);
const size = {
  users: setting("BENCH_USERS", 10_000),
  orders: setting("BENCH_ORDERS", 50_000),
  products: setting("BENCH_PRODUCTS", 2_000),
  withdrawals: Math.max(40, Math.round(setting("BENCH_USERS", 10_000) / 10)),
};
const only = process.env.BENCH_ONLY ?? "";

const CALLS: [string, string][] = [
  ["orders page", "/api/orders?_page=3&_limit=10"],
  ["orders deep page", `/api/orders?_page=${Math.floor(size.orders / 20)}&_limit=10`],
  ["orders search", "/api/orders?_page=1&_limit=10&q=tan"],
  ["orders sorted", "/api/orders?_page=2&_limit=10&_sort=total_price&_order=desc"],
  ["users page", `/api/users?_page=${Math.floor(size.users / 20)}&_limit=10`],
  ["users search", "/api/users?_page=1&_limit=10&q=siti"],
  ["products price", "/api/products?_page=2&_limit=10&min_price=20&max_price=300"],
  ["products search", "/api/products?_page=1&_limit=10&q=kopi"],
  ["withdrawRequest page", "/api/withdrawRequest?_page=5&_limit=10"],
  ["usersWallet page", `/api/usersWallet?_page=${Math.floor(size.users / 20)}&_limit=10`],
  ["dashboard", "/api/dashboard"],
];

applyTimeZone("Asia/Kuala_Lumpur");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-explain-"));
const config = { ...readConfig({ DATA_DIR: dataDir }), webDist: path.join(dataDir, "no-web") };
const database = await openDatabase({ timeZone: config.timeZone });
await applyDerivedTriggers(database.db);
await seedBase(database.db);
await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
await seedDemoStore(database.db, databaseStorage(database.db), { size });
// The drizzle instance keeps its PGlite client; the type names only what both drivers share.
const client = (database.db as unknown as { $client: PGlite }).$client;
// BENCH_VACUUM=1 vacuums too (sets the visibility map, so counts can use index-only scans);
// BENCH_EXTRA_SQL runs before the calls, to try an index: "create index …; create index …".
await client.exec(process.env.BENCH_VACUUM === "1" ? "vacuum analyze" : "analyze");
if (process.env.BENCH_EXTRA_SQL) await client.exec(process.env.BENCH_EXTRA_SQL);

const app = await buildApp({ db: database.db, config });
const login = await app.inject({
  method: "POST",
  url: "/api/login",
  payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
});
const cookie = `sid=${login.cookies.find((c) => c.name === "sid")?.value}`;

// Records the statements a call sends, by wrapping the PGlite client's query().
type Query = typeof client.query;
const seen: { text: string; params: unknown[] }[] = [];
const original = client.query.bind(client) as Query;
const record = (run: Query): Query =>
  ((text: string, params?: unknown[], options?: object) => {
    seen.push({ text, params: params ?? [] });
    return run(text, params, options);
  }) as Query;
client.query = record(original);
// Statements inside a transaction (the dashboard's snapshot) go through the transaction object.
const transaction = client.transaction.bind(client);
client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
  transaction((tx) => {
    tx.query = record(tx.query.bind(tx) as Query);
    return callback(tx);
  })) as typeof transaction;

for (const [name, url] of CALLS) {
  if (only && !name.includes(only)) continue;
  seen.length = 0;
  const response = await app.inject({ method: "GET", url, headers: { cookie } });
  const statements = seen.filter((s) => /^\s*(select|with)/i.test(s.text));
  console.log(`\n=== ${name}: GET ${url} → ${response.statusCode}`);
  for (const statement of statements) {
    if (/from "sessions"|from sessions/i.test(statement.text)) continue; // the guard's lookup
    console.log(`\n${statement.text}\n  params: ${JSON.stringify(statement.params)}`);
    const plan = await original(`explain (analyze, costs off) ${statement.text}`, statement.params);
    for (const row of plan.rows as Record<string, string>[]) {
      console.log(`  ${Object.values(row)[0]}`);
    }
  }
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
