import path from "node:path";
import { buildApp } from "./app";
import {
  adminPasswordProblem,
  applyTimeZone,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  readConfig,
} from "./config";
import { openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/dataDirLock";
import { embeddedLimitNotice } from "./db/embeddedLimit";
import { ensureAdmin, seedBase } from "./db/seed/base";
import { seedDemoIfEmpty } from "./db/seed/index";

const config = readConfig();
applyTimeZone(config.timeZone);

if (config.production && !config.adminFromEnv) {
  // A production store must never start with the published demo password.
  console.error(
    "NODE_ENV=production: set ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator.",
  );
  process.exit(1);
}
const adminPasswordRefused = adminPasswordProblem(config);
if (adminPasswordRefused) {
  console.error(adminPasswordRefused);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeZone: config.timeZone,
}).catch((error: unknown) => {
  // A second process on the same DATA_DIR: one plain line, nothing started.
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
await seedBase(database.db);
const createdAdmin = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
const seedStart = performance.now();
const seeded =
  config.seedDemo &&
  (await seedDemoIfEmpty(database.db, path.join(config.dataDir, "uploads"), config.seedDemoOrders));
if (seeded) {
  const { orders, users, products } = seeded.size;
  const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  console.log(
    `Filled the empty store with the demo store (${orders.toLocaleString("en")} orders, ` +
      `${users.toLocaleString("en")} users, ${products.toLocaleString("en")} products) in ${seconds} s.`,
  );
}

const app = await buildApp({ db: database.db, config, logger: true });
await app.listen({ port: config.port, host: config.host });

const where = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
console.log(`\nStore back-office at ${where}/login-back (${database.kind}, TZ ${config.timeZone})`);
const pastLimit = database.kind === "pglite" ? await embeddedLimitNotice(database.db) : null;
if (pastLimit) console.log(pastLimit);
if (createdAdmin && !config.adminFromEnv) {
  console.log(`Demo login: ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
} else if (!config.adminFromEnv) {
  console.log(`Demo login (if unchanged): ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
