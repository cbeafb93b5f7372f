import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { type App, buildApp } from "../src/app";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, readConfig } from "../src/config";
import { type Database, type Db, openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { applyDerivedTriggers } from "../src/derivedObjects";
import { adminQuery, copyName } from "./storeTemplate";

export const ADMIN = { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD };

export interface TestContext {
  app: App;
  db: Db;
  /** The opened store (its engine and exclusive run), for what takes it whole: a backup. */
  database: Database;
  dataDir: string;
  /** Cookie header of a logged-in administrator. */
  cookie: string;
  /** inject() with the admin's session. */
  call: (method: string, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/**
 * A fresh store for one test file: PGlite in memory, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new database on it that is
 * dropped afterwards. The real app, real migrations, real base seed.
 */
export async function createTestContext(): Promise<TestContext> {
  applyTimeZone("Asia/Kuala_Lumpur");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  // PORT 80: app.inject sends `Host: localhost:80`, one of the default served
  // names (lib/edge.ts); a test that listens is served at its bound port too.
  const config = {
    ...readConfig({ DATA_DIR: dataDir, PORT: "80" }),
    webDist: path.join(dataDir, "no-web"),
  };
  const server = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let database: Database;
  if (server) {
    // A copy of the migrated, seeded template (test/storeTemplate.ts), named
    // after it: the template's teardown drops them all at the end of the run. A
    // CREATE DATABASE right after the DROP of a used one took 0.7 s, 0.1 s
    // without; dropped together at the end, 45 ms each.
    const template = inject("postgresTemplate");
    const id = randomBytes(6).toString("hex");
    const name = template ? copyName(template, id) : `test_${id}`;
    await adminQuery(server, `create database ${name}${template ? ` template ${template}` : ""}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), timeZone: config.timeZone });
    if (!template)
      dropDatabase = () => adminQuery(server, `drop database if exists ${name} with (force)`);
  } else {
    database = await openDatabase({ timeZone: config.timeZone, loadDataDir: pgliteTemplate() });
  }
  // A copy of the template holds them already.
  if (server ? !inject("postgresTemplate") : !pgliteTemplate()) {
    await applyDerivedTriggers(database.db);
    await seedBase(database.db);
    await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  }
  const app = await buildApp({ db: database.db, config });
  const cookie = await login(app);
  return {
    app,
    db: database.db,
    database,
    dataDir,
    cookie,
    call: (method, url, payload) =>
      app.inject({
        method: method as "GET",
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let template: Blob | undefined;

/**
 * The migrated store every PGlite context starts from (test/storeTemplate.ts
 * makes it once per run): a copy loads in about a second, where creating the
 * cluster and running every migration took five.
 */
export function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!template && file) template = new Blob([fs.readFileSync(file)]);
  return template;
}

/**
 * A second app on the same store whose log lines (at trace level, the most
 * said) are kept in `lines`, for tests of what reaches the server log.
 */
export async function buildLoggedApp(ctx: TestContext): Promise<{ app: App; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db: ctx.db,
    config: ctx.app.config,
    logger: { level: "trace", stream },
  });
  return { app, lines };
}

export async function login(app: App, credentials = ADMIN): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: credentials });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode}`);
  const setCookie = response.cookies.find((c) => c.name === "sid");
  return `sid=${setCookie?.value}`;
}

/** Polls `read` until `check` holds (work that runs on its own), or fails after `ms`. */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
