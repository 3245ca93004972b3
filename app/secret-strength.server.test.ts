import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { estimatedEntropyBits, secretWeakness, urlPassword } from "./secret-strength.server";

describe("secretWeakness (issue 33)", () => {
  it("passes what a generator makes: openssl rand -base64 48, -hex 32, 32 random bytes in base64url", () => {
    for (let i = 0; i < 50; i++) {
      expect(secretWeakness(randomBytes(48).toString("base64"))).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString("hex"))).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString("base64url"))).toBeUndefined();
    }
  });

  it("names placeholders from examples and documentation", () => {
    for (const p of ["CHANGE-ME-at-least-32-random-characters-each", "changeme", "replace-with-your-own-secret-value", "<your session secret here>", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "an-example-secret-value-for-the-docs-0123"]) {
      expect(secretWeakness(p), p).toBe("is a placeholder from an example, not a secret");
    }
  });

  it("names repetition: one character, a run, two characters", () => {
    expect(secretWeakness("a".repeat(32))).toBe('repeats one character ("a")');
    expect(secretWeakness("abc".repeat(11))).toBe("repeats a run of 3 characters");
    expect(secretWeakness("ab".repeat(16))).toBe("repeats a run of 2 characters");
    expect(secretWeakness(`${"a".repeat(31)}b`)).toMatch(/^repeats/);
  });

  it("estimates entropy from the characters' frequencies and refuses too little", () => {
    expect(Math.round(estimatedEntropyBits("11111111222222223333333344444444"))).toBe(64);
    expect(secretWeakness("11111111222222223333333344444444")).toBe("has too little entropy (about 64 bits, at least 96 needed)");
    expect(secretWeakness("11111111222222223333333344444444", 60)).toBeUndefined();
  });

  it("reads a postgres URL's password", () => {
    expect(urlPassword("postgres://portal:s%40cret@db:5432/portal")).toBe("s@cret");
    expect(urlPassword("postgres://portal@db/portal")).toBe("");
    expect(urlPassword("not a url")).toBe("");
  });
});
