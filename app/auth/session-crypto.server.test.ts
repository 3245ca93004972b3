import { describe, expect, it } from "vitest";
import { CHUNK_SIZE, createKeyring, joinChunks, parseCookieHeader, serializeCookie, splitChunks } from "./session-crypto.server";

const A = "a".repeat(40);
const B = "b".repeat(40);

describe("session encryption", () => {
  it("round-trips, with a fresh IV each time", () => {
    const ring = createKeyring([A]);
    const plain = '{"accessToken":"eyJhbGciOiJSUzI1NiJ9.plaintext-marker"}';
    const one = ring.encrypt(plain, "aad");
    const two = ring.encrypt(plain, "aad");
    expect(one).not.toBe(two);
    expect(one.startsWith("v1.")).toBe(true);
    expect(ring.decrypt(one, "aad")).toBe(plain);
    // Nothing of the plaintext shows through (ciphertext is random base64url, so test a long marker).
    expect(one).not.toContain("plaintext-marker");
    expect(one).not.toContain(Buffer.from(plain).toString("base64url").slice(0, 12));
  });

  it("refuses a tampered value, another cookie's value (AAD) and garbage", () => {
    const ring = createKeyring([A]);
    const value = ring.encrypt("secret data", "aad");
    const i = 20;
    const tampered = value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);
    expect(ring.decrypt(tampered, "aad")).toBeNull();
    expect(ring.decrypt(value, "other")).toBeNull();
    expect(ring.decrypt("v1.AAAA", "aad")).toBeNull();
    expect(ring.decrypt("plain", "aad")).toBeNull();
  });

  it("refuses a value truncated at any length, and chunks joined out of order or with one missing", () => {
    const ring = createKeyring([A]);
    const value = ring.encrypt("x".repeat(9000), "aad");
    for (let cut = 0; cut < value.length; cut += 97) expect(ring.decrypt(value.slice(0, cut), "aad"), `cut at ${cut}`).toBeNull();
    expect(ring.decrypt(value.slice(0, -1), "aad")).toBeNull();
    const chunks = splitChunks(value);
    expect(chunks.length).toBe(4);
    const jar = (parts: string[]) => Object.fromEntries(parts.map((p, i) => [`s.${i}`, p]));
    expect(ring.decrypt(joinChunks(jar(chunks), "s").value!, "aad")).toBe("x".repeat(9000));
    expect(ring.decrypt(joinChunks(jar([chunks[0]!, chunks[2]!, chunks[1]!, chunks[3]!]), "s").value!, "aad")).toBeNull();
    expect(ring.decrypt(joinChunks(jar(chunks.slice(0, 3)), "s").value!, "aad")).toBeNull();
  });

  it("rotates: the first secret encrypts, all decrypt; a retired secret's sessions are refused", () => {
    const old = createKeyring([A]);
    const rotated = createKeyring([B, A]);
    const fromOld = old.encrypt("old session", "aad");
    expect(rotated.decrypt(fromOld, "aad")).toBe("old session");
    const fromRotated = rotated.encrypt("new session", "aad");
    expect(createKeyring([B]).decrypt(fromRotated, "aad")).toBe("new session");
    expect(old.decrypt(fromRotated, "aad")).toBeNull();
    expect(createKeyring([B]).decrypt(fromOld, "aad")).toBeNull();
  });
});

describe("chunking", () => {
  it("splits long values and joins them back in order", () => {
    const value = "x".repeat(CHUNK_SIZE * 2 + 10);
    const chunks = splitChunks(value);
    expect(chunks.map((c) => c.length)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 10]);
    const cookies = Object.fromEntries(chunks.map((c, i) => [`s.${i}`, c]).reverse());
    expect(joinChunks({ ...cookies, other: "1" }, "s")).toEqual({ value, present: ["s.2", "s.1", "s.0"] });
  });

  it("stops at the first missing chunk but reports strays", () => {
    expect(joinChunks({ "s.0": "ab", "s.2": "cd" }, "s")).toEqual({ value: "ab", present: ["s.0", "s.2"] });
    expect(joinChunks({ "s.1": "cd", "sx.0": "no" }, "s")).toEqual({ value: null, present: ["s.1"] });
  });

  it("every Set-Cookie of a maximal chunk stays within 4096 bytes", () => {
    const header = serializeCookie("__Host-exer-session.4", "x".repeat(CHUNK_SIZE), { secure: true, maxAge: 0 });
    expect(Buffer.byteLength(header)).toBeLessThan(4096);
  });
});

describe("cookies", () => {
  it("parses a Cookie header (first occurrence wins)", () => {
    expect(parseCookieHeader("a=1; b=two%20words; a=3; c=\"q\"; bad")).toEqual({ a: "1", b: "two words", c: "q" });
    expect(parseCookieHeader(null)).toEqual({});
  });

  it("serializes HttpOnly, SameSite=Lax, Path=/ and Secure when asked", () => {
    expect(serializeCookie("n", "v", { secure: true })).toBe("n=v; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(serializeCookie("n", "", { secure: false, maxAge: 0 })).toBe("n=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  });
});
