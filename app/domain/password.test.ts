import { describe, expect, it } from "vitest";
import { commonPasswordsPath, isCommonPassword, readCommonPasswords, SERVER_PASSWORD_RULE } from "../auth/password.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_SPACE_AT_ENDS, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, passwordLength, passwordProblem } from "./password";

describe("the password rule (ASVS 4.0.3 2.1)", () => {
  it("refuses fewer than 12 characters, the 8-character passwords the old policy took included (2.1.1)", () => {
    expect(passwordProblem("Abcdefg1", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Short1", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Exer-demo-2!", SERVER_PASSWORD_RULE)).toBeNull(); // 12
    expect(passwordProblem("Exer-demo-2", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_SHORT); // 11
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 12 characters.");
  });

  it("has no composition rules: lower case only, no digits, no symbols are fine (2.1.9)", () => {
    expect(passwordProblem("correct horse battery staple", SERVER_PASSWORD_RULE)).toBeNull();
    expect(passwordProblem("zqvtmplrkdwx", SERVER_PASSWORD_RULE)).toBeNull();
  });

  it("allows 64 and up to 128 characters, refuses more (2.1.2); never truncates (2.1.3)", () => {
    expect(passwordProblem("k".repeat(40) + "-" + "w".repeat(23), SERVER_PASSWORD_RULE)).toBeNull(); // 64
    expect(passwordProblem("x7".repeat(PASSWORD_MAX_LENGTH / 2), SERVER_PASSWORD_RULE)).toBeNull();
    expect(passwordProblem("x7".repeat(PASSWORD_MAX_LENGTH / 2) + "!", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_LONG);
  });

  it("counts characters as a person does (Unicode code points, 2.1.4), runs of spaces as one", () => {
    expect(passwordLength("🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢")).toBe(12);
    expect(passwordProblem("🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢", SERVER_PASSWORD_RULE)).toBeNull();
    expect(passwordProblem("🐢🐢🐢🐢🐢🐢", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_SHORT); // 12 UTF-16 units, 6 characters
    expect(passwordLength("a          b")).toBe(3);
    expect(passwordProblem("ab          cd", SERVER_PASSWORD_RULE)).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Grüße aus Köln", SERVER_PASSWORD_RULE)).toBeNull();
  });

  it("refuses a space at either end (the identity service would)", () => {
    expect(passwordProblem(" tidal-lantern-42", SERVER_PASSWORD_RULE)).toBe(PASSWORD_SPACE_AT_ENDS);
    expect(passwordProblem("tidal-lantern-42 ", SERVER_PASSWORD_RULE)).toBe(PASSWORD_SPACE_AT_ENDS);
  });

  it("refuses commonly used (breached) passwords, whatever their case (2.1.7)", () => {
    for (const p of ["qwerty123456", "Password1234", "PASSWORD1234", "1qaz2wsx3edc", "iloveyou1234", "123456789012"]) {
      expect(passwordProblem(p, SERVER_PASSWORD_RULE), p).toBe(PASSWORD_TOO_COMMON);
    }
    expect(isCommonPassword("Exer-demo-2026!")).toBe(false);
    // Without the server's half (the browser), the length rule only.
    expect(passwordProblem("qwerty123456")).toBeNull();
  });

  it("the list: 10,000 passwords the length rule would take, lower-cased, distinct; checked fast", () => {
    const list = readCommonPasswords();
    expect(list.length).toBe(10_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((p) => passwordLength(p) >= 12 && p === p.toLowerCase())).toBe(true);
    isCommonPassword("warm-up");
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) isCommonPassword(`Some-password-${i}`);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("the list is data (a brotli word list), found from the built server's modules as from the sources", () => {
    const root = commonPasswordsPath().replace(/\/wordlists\/common-passwords\.txt\.br$/, "");
    expect(commonPasswordsPath(`${root}/build/server/react-router.js`)).toBe(`${root}/wordlists/common-passwords.txt.br`);
    expect(commonPasswordsPath(`${root}/build/server/chunks/x.js`)).toBe(`${root}/wordlists/common-passwords.txt.br`);
    expect(() => commonPasswordsPath("/nowhere/app/auth/password.server.ts")).toThrow(/wordlists\/common-passwords\.txt\.br\) was not found/);
  });
});
