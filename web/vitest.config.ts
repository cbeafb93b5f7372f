import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["test/setup.ts"],
    env: { TZ: "Asia/Kuala_Lumpur" },
    // The files share one environment and their modules (loading React and the
    // app afresh per file was three quarters of the suite's time); each test
    // renders into a cleaned document with its own QueryClient and storage.
    isolate: false,
    // A hang guard, not a measure of speed: `npm test` runs this suite beside the
    // lint and type checks on two cores, where a list's first render passed 5 s.
    testTimeout: 15_000,
  },
});
