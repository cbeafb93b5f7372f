import { defineConfig } from "@playwright/test";
import { LAUNCH_OPTIONS } from "./support/browser";

/**
 * The tiers, by file name (docs/decisions/test-tiers.md); scripts/test.mjs picks
 * one with TEST_TIER, and without it every file runs. `*.scaled.test.ts`: a
 * sweep that walks a sample of the screens in `npm test` and every screen in
 * `npm run test:long` (support/tier.ts); `*.long.test.ts`: the long tier only.
 */
const TIERS: Record<string, { match: RegExp; ignore?: RegExp }> = {
  all: { match: /\.test\.ts$/ },
  full: { match: /\.test\.ts$/, ignore: /\.long\.test\.ts$/ },
  long: { match: /\.(long|scaled)\.test\.ts$/ },
};
const tier = process.env.TEST_TIER ?? "all";
const files = TIERS[tier];
if (!files) throw new Error(`TEST_TIER=${tier}: one of ${Object.keys(TIERS).join(", ")}`);
/** Files named *.last.test.ts run after all the others (checks of what the whole suite left behind). */
const LAST = /\.last\.test\.ts$/;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests",
  // Each worker has its own copy of the demo store (support/globalSetup.ts); the
  // tests of a file share one page and run in order, the files two at a time.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: ci,
  timeout: 60_000,
  // CI's two shared cores run at half speed on some days (npm test 316-722 s,
  // the same commit): a screen that answers in 5 s on such a day is slow, not wrong.
  expect: { timeout: ci ? 10_000 : 5_000 },
  globalSetup: "./support/globalSetup.ts",
  outputDir: "../.test-output/playwright",
  reporter: ci
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "../.test-output/playwright-report" }]],
  use: {
    launchOptions: LAUNCH_OPTIONS,
    // Kept for a failed test only, also for the contexts the tests open themselves.
    // Not recorded under CI: recording every action's page cost 3-13% of the
    // browser tests' time (docs/decisions/test-tiers.md); a failure there still
    // prints its error and the locator it waited on, and a screenshot is kept.
    trace: ci ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: ci ? "only-on-failure" : "off",
  },
  projects: [
    {
      name: "browser",
      testMatch: files.match,
      testIgnore: files.ignore ? [files.ignore, LAST] : LAST,
      // A teardown runs after the project even when some of its tests failed.
      teardown: "after the suite",
    },
    {
      // After every other file, on every store the suite wrote to.
      name: "after the suite",
      testMatch: LAST,
    },
  ],
});
