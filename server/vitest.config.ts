import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    env: { TZ: "Asia/Kuala_Lumpur" },
    pool: "forks",
    // One migrated PGlite store, copied by each test context (test/helpers.ts).
    globalSetup: ["test/pgliteTemplate.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
