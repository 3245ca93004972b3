import { defineConfig } from "vitest/config";

// Unit and integration tests next to the code (reference API areas, scripts). The contract suite has its
// own config (tests/contract/vitest.config.ts) because it runs against a whole deployment.
export default defineConfig({
  test: {
    include: ["reference-api/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    exclude: ["**/node_modules/**", "data/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
