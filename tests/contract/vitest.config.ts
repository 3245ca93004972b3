/**
 * The contract suite's own vitest configuration: `npx vitest run -c tests/contract/vitest.config.ts`
 * (npm script `test:contract`). One fork, files one after another (they share the target the global setup
 * starts or connects to), in name order so the conformance table (zz-conformance.test.ts) comes last.
 */
import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/contract/**/*.test.ts"],
    globalSetup: ["tests/contract/setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // One process for every file, in order (vitest 4: what `singleFork` was).
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
