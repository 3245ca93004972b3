import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("SEED_WORLD", () => {
  it("defaults to the demo world in development and to none in production (the demo accounts' password is public)", () => {
    expect(loadConfig({}).seedWorld).toBe("demo");
    expect(loadConfig({ NODE_ENV: "development" }).seedWorld).toBe("demo");
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: "s".repeat(40) }).seedWorld).toBe("none");
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: "s".repeat(40), SEED_WORLD: "" }).seedWorld).toBe("none");
  });

  it("is what it is set to, in production too", () => {
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: "s".repeat(40), SEED_WORLD: "demo" }).seedWorld).toBe("demo");
    expect(loadConfig({ SEED_WORLD: "large" }).seedWorld).toBe("large");
    expect(() => loadConfig({ SEED_WORLD: "all" })).toThrow(/SEED_WORLD/);
  });
});
