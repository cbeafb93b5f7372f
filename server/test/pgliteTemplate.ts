/**
 * Global setup of the server's tests on PGlite: one store created and
 * migrated with the base seed and the demo admin, dumped to a file that each
 * test context loads (test/helpers.ts) instead of running every migration
 * again. On PostgreSQL (TEST_DATABASE_URL) each test makes its own database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { applyTimeZone, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped store's file; empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return () => {};
  }
  const timeZone = "Asia/Kuala_Lumpur";
  applyTimeZone(timeZone);
  const database = await openDatabase({ timeZone });
  await seedBase(database.db);
  await ensureAdmin(database.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-template-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
