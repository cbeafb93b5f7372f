import { defineConfig } from "vitest/config";

/**
 * The tiers, by file name (docs/decisions/test-tiers.md); scripts/test.mjs picks
 * one with TEST_TIER. Without it every file runs, so a file named on the
 * command line always runs.
 * - `*.engine.test.ts`: behaviour that depends on the engine (races, locks,
 *   migrations, triggers, planner, collation, drivers): `npm test` runs it on
 *   both databases; a `*.engine.scaled.test.ts` sweep on PostgreSQL only (the
 *   long tier on both).
 * - `*.long.test.ts`: scale and processes: `npm run test:long` only.
 * - `*.scaled.test.ts`: property and fuzz runs, short in `npm test` and at
 *   their full count in `npm run test:long` (test/tier.ts).
 * - `*-migration.test.ts`: a shipped migration on a store that holds data:
 *   `npm test` on PostgreSQL, `npm run test:long` on both.
 * - every other file: `npm test`, on PostgreSQL.
 */
const TIERS: Record<string, { include: string[]; exclude?: string[] }> = {
  all: { include: ["test/**/*.test.ts"] },
  full: { include: ["test/**/*.test.ts"], exclude: ["test/**/*.long.test.ts"] },
  engine: { include: ["test/**/*.engine.test.ts"] },
  long: {
    include: ["test/**/*.long.test.ts", "test/**/*.scaled.test.ts", "test/**/*-migration.test.ts"],
  },
};
const tier = process.env.TEST_TIER ?? "all";
const files = TIERS[tier];
if (!files) throw new Error(`TEST_TIER=${tier}: one of ${Object.keys(TIERS).join(", ")}`);

export default defineConfig({
  test: {
    include: files.include,
    exclude: ["**/node_modules/**", ...(files.exclude ?? [])],
    env: { TZ: "Asia/Kuala_Lumpur" },
    pool: "forks",
    // A worker's files share its process and modules: loading the server's
    // modules afresh for each file cost more than most files' tests (~1.5 s a
    // file, 66 s of the PostgreSQL run). What a module keeps across files is
    // per store (WeakMaps on the database) or reset in test/setup.ts. The long
    // tier measures memory, which another file's leftovers would blur.
    isolate: tier === "long",
    // Two files at once (vitest's default is one fewer than the cores: one here).
    // A file mostly waits on its database, PostgreSQL's own processes or
    // PGlite's, so two overlap where one left a core idle.
    maxWorkers: 2,
    // One migrated store (a PGlite dump, or a PostgreSQL template database)
    // that each test context copies (test/helpers.ts).
    globalSetup: ["test/storeTemplate.ts"],
    // The test-only password hashing cost (src/auth/password.ts).
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    // The long tier's stores take minutes to build on a busy machine.
    hookTimeout: tier === "long" ? 600_000 : 60_000,
  },
});
