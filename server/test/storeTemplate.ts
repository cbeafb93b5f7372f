/**
 * Global setup of the server's tests: one store created and migrated with the
 * base seed and the demo admin, that each test context copies (test/helpers.ts)
 * instead of running every migration again. On PGlite a dump of it, loaded by
 * each context; on PostgreSQL (TEST_DATABASE_URL) a template database that
 * each context's database is created from (CREATE DATABASE … TEMPLATE).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyTestHashCost } from "../src/auth/password";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { applyDerivedTriggers } from "../src/derivedObjects";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped PGlite store's file; empty on PostgreSQL. */
    pgliteTemplate: string;
    /** The PostgreSQL template database's name; empty on PGlite. */
    postgresTemplate: string;
  }
}

const timeZone = "Asia/Kuala_Lumpur";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  applyTimeZone(timeZone);
  // The demo admin's hash at the tests' cost, like every hash the tests make (test/setup.ts).
  applyTestHashCost();
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `store_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(server, `create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), timeZone });
    await applyDerivedTriggers(database.db);
    await seedBase(database.db);
    await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    // A template may have no connection open while it is copied.
    await database.close();
    project.provide("pgliteTemplate", "");
    project.provide("postgresTemplate", name);
    return () => dropWithCopies(server, name);
  }
  const database = await openDatabase({ timeZone });
  await applyDerivedTriggers(database.db);
  await seedBase(database.db);
  await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-template-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/** One statement on the server's maintenance database (CREATE and DROP DATABASE). */
/** A test context's database, copied from `template` (test/helpers.ts). */
export function copyName(template: string, id: string): string {
  return `${template}_t_${id}`;
}

/** The template and every copy of it the run left (the copies are kept until the end). */
async function dropWithCopies(url: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const copies = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [copyName(template, "")],
    );
    for (const { datname } of copies.rows)
      await client.query(`drop database if exists ${datname} with (force)`);
    await client.query(`drop database if exists ${template} with (force)`);
  } finally {
    await client.end();
  }
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
