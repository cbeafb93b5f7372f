import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files named *.last.test.ts run after all the others (checks of what the whole suite left behind). */
class LastFilesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (file: TestSpecification) => file.moduleId.endsWith(".last.test.ts");
    return [...sorted.filter((f) => !isLast(f)), ...sorted.filter(isLast)];
  }
}

/**
 * The tiers, by file name (docs/decisions/test-tiers.md); scripts/test.mjs picks
 * one with TEST_TIER, and without it every file runs. `*.scaled.test.ts`: a
 * sweep that walks a sample of the screens in `npm test` and every screen in
 * `npm run test:long` (support/tier.ts); `*.long.test.ts`: the long tier only.
 */
const TIERS: Record<string, { include: string[]; exclude?: string[] }> = {
  all: { include: ["tests/**/*.test.ts"] },
  full: { include: ["tests/**/*.test.ts"], exclude: ["tests/**/*.long.test.ts"] },
  long: { include: ["tests/**/*.long.test.ts", "tests/**/*.scaled.test.ts"] },
};
const tier = process.env.TEST_TIER ?? "all";
const files = TIERS[tier];
if (!files) throw new Error(`TEST_TIER=${tier}: one of ${Object.keys(TIERS).join(", ")}`);

export default defineConfig({
  test: {
    include: files.include,
    exclude: ["**/node_modules/**", ...(files.exclude ?? [])],
    globalSetup: ["support/server.ts"],
    // One browser and one server on two cores: files run one after another.
    fileParallelism: false,
    // One worker for every file, its modules (playwright-core, the support files)
    // loaded once rather than once per file; each file still launches its own browser.
    isolate: false,
    sequence: { sequencer: LastFilesLast },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
