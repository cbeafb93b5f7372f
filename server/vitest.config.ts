import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    env: { TZ: "Asia/Kuala_Lumpur" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
