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

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["support/server.ts"],
    // One browser and one server on two cores: files run one after another.
    fileParallelism: false,
    sequence: { sequencer: LastFilesLast },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
