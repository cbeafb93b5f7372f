import { fork } from "node:child_process";
import path from "node:path";
import { buildApp } from "./app";
import { serveBackups } from "./backup/localSocket";
import {
  adminPasswordProblem,
  applyTimeZone,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  mailDomain,
  readConfig,
} from "./config";
import { type Db, isNewPgliteStore, openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/dataDirLock";
import { embeddedLimitNotice } from "./db/embeddedLimit";
import { ensureAdmin, seedBase } from "./db/seed/base";
import { seedDemoIfEmpty } from "./db/seed/index";
import { applyDerivedTriggers } from "./derivedObjects";
import { jobHandlers } from "./modules/index";
import { startJobRunner } from "./modules/jobs/runner";
import { MESSAGE_ID_DOMAIN } from "./modules/messages/outbox";
import { requeueWaiting } from "./modules/messages/send";
import { moveInUploadFiles } from "./modules/uploads/moveIn";
import { openUploadStorage } from "./modules/uploads/storage";

/** Set in the child process that only prepares a new embedded store. */
const PREPARE_ONLY = "STORE_PREPARE_ONLY";

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

/**
 * One line of what applyDerivedTriggers changed: counts, and the names when
 * few (a fresh store replaces dozens of the migrations' objects at its first start).
 */
function derivedSummary(changed: readonly string[]): string {
  const dropped = changed.filter((name) => name.endsWith(" (dropped)")).length;
  const counts = `${changed.length - dropped} written, ${dropped} dropped`;
  const names = changed.length <= 8 ? `: ${changed.join(", ")}` : "";
  return `Derived triggers brought up to date (${counts})${names}.`;
}

/** The base records, the first administrator and (on an empty store) the demo store. */
async function prepareStore(db: Db) {
  const derived = await applyDerivedTriggers(db);
  if (derived.length > 0) console.log(derivedSummary(derived));
  await seedBase(db);
  const createdAdmin = await ensureAdmin(db, config.adminEmail, config.adminPassword);
  const storage = await openUploadStorage(db, config);
  // Images kept as files before migration 0020 (modules/uploads/moveIn.ts).
  const movedIn = await moveInUploadFiles(db, storage, config.dataDir);
  if (movedIn.moved > 0 || movedIn.skipped.length > 0) {
    console.log(
      `Moved ${movedIn.moved} images from ${path.join(config.dataDir, "uploads")} into the ` +
        `${storage.kind === "s3" ? "bucket" : "database"}; the files are kept in ` +
        `${path.join(config.dataDir, "uploads.moved")} until you delete them.` +
        (movedIn.skipped.length > 0
          ? ` Not images, set aside there unstored: ${movedIn.skipped.join(", ")}.`
          : ""),
    );
  }
  const seedStart = performance.now();
  const seeded = config.seedDemo && (await seedDemoIfEmpty(db, storage, config.seedDemoOrders));
  if (seeded) {
    const { orders, users, products } = seeded.size;
    const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    console.log(
      `Filled the empty store with the demo store (${orders.toLocaleString("en")} orders, ` +
        `${users.toLocaleString("en")} users, ${products.toLocaleString("en")} products) in ${seconds} s.`,
    );
  }
  return { createdAdmin };
}

async function open() {
  return openDatabase({
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
}

if (process.env[PREPARE_ONLY]) {
  const database = await open();
  const prepared = await database.exclusive(() => prepareStore(database.db));
  await database.close();
  // Exit once the parent has the answer (an exit at once can drop the message).
  if (process.send) process.send(prepared, () => process.exit(0));
  else process.exit(0);
}

// An embedded store's first start (initdb, migrations, demo seed) grows PGlite's
// WebAssembly memory to ~700 MB, and that memory is never given back: it runs in a
// child process, and this one opens the finished store at its idle size.
// docs/decisions/pglite-memory.md.
const preparedInChild =
  !config.databaseUrl && isNewPgliteStore(config.dataDir) ? await prepareInChild() : undefined;
const database = await open();
// Servers starting at once on one PostgreSQL seed one at a time (docs/OPERATIONS.md, Upgrades).
const { createdAdmin } =
  preparedInChild ?? (await database.exclusive(() => prepareStore(database.db)));

const app = await buildApp({ db: database.db, config, logger: true });
await app.listen({ port: config.port, host: config.host });
if (config.mail) {
  MESSAGE_ID_DOMAIN.value = mailDomain(config.mail.from);
  // Messages that waited for a mail server (or whose job was lost) are sent now.
  const requeued = await requeueWaiting(database.db);
  if (requeued > 0) app.log.info(`${requeued} waiting messages queued to be sent`);
}
// Work that runs on its own (modules/jobs): every server takes due jobs, one at a time.
const jobRunner = startJobRunner(database.db, jobHandlers(app, database), {
  schedules: { list: app.jobs.schedules, timeZone: config.timeZone },
  log: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
});
app.jobs.wake = jobRunner.wake;

// `npm run backup` reaches an embedded store through this process (backup/localSocket.ts).
const backupServer =
  database.kind === "pglite"
    ? await serveBackups(
        database,
        app.uploadStorage,
        config.dataDir,
        (message) => app.log.info(message),
        config.backupSigningKey,
      )
    : undefined;
if (config.backups)
  app.log.info(
    `Scheduled backups to ${config.backups.dir} every ${config.backups.everyHours} h, keeping ${config.backups.keep}.`,
  );
if (config.backups && !config.backupSigningKey)
  app.log.warn(
    "BACKUP_SIGNING_KEY is not set: scheduled backups are unsigned, and a restore asks for --allow-unsigned (docs/OPERATIONS.md).",
  );

const where = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
console.log(`\nStore back-office at ${where}/login-back (${database.kind}, TZ ${config.timeZone})`);
const pastLimit = database.kind === "pglite" ? await embeddedLimitNotice(database.db) : null;
if (pastLimit) console.log(pastLimit);
if (createdAdmin && !config.adminFromEnv) {
  console.log(`Demo login: ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
} else if (!config.adminFromEnv) {
  console.log(`Demo login (if unchanged): ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // A second signal while stopping: the operator wants it gone now.
    if (stopping) process.exit(1);
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "stopping failed");
        process.exit(1);
      },
    );
  });
}

/**
 * A clean stop (docs/decisions/readiness-and-shutdown.md): /api/ready answers
 * 503 at once, no new connection is accepted, requests in flight finish (their
 * connections close after the answer) for up to SHUTDOWN_GRACE_SECONDS, then
 * what is still open is closed, then the database.
 */
async function stop(signal: string): Promise<void> {
  app.lifecycle.stopping = true;
  await backupServer?.close();
  const graceSeconds = config.shutdownGraceMs / 1000;
  app.log.info({ signal, graceSeconds }, "stopping: finishing requests in flight");
  const grace = setTimeout(() => {
    app.log.warn({ graceSeconds }, "stopping: grace over, closing the connections still open");
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  try {
    // A job still running when the grace is over goes back to the queue for another server.
    await Promise.all([app.close(), jobRunner.stop(config.shutdownGraceMs)]);
  } finally {
    clearTimeout(grace);
  }
  await database.close();
  app.log.info("stopped");
}

/** This same program, run to prepare the store and exit; its answer is what it created. */
function prepareInChild(): Promise<{ createdAdmin: boolean }> {
  const child = fork(process.argv[1] ?? "", process.argv.slice(2), {
    execArgv: process.execArgv,
    env: { ...process.env, [PREPARE_ONLY]: "1" },
  });
  return new Promise((resolve) => {
    let answer: { createdAdmin: boolean } | undefined;
    child.on("message", (message) => {
      answer = message as { createdAdmin: boolean };
    });
    child.on("exit", (code) => {
      if (code !== 0 || !answer) process.exit(code || 1);
      resolve(answer);
    });
  });
}
