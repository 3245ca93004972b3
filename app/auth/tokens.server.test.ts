import { describe, expect, it } from "vitest";
import { accessClaims } from "./tokens.server";

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.sig`;

describe("accessClaims", () => {
  it("reads username, groups and expiry", () => {
    expect(accessClaims(jwt({ username: "u1", "cognito:groups": ["PORTAL_PRACTITIONER"], exp: 100, sub: "s" }))).toEqual({
      username: "u1",
      groups: ["PORTAL_PRACTITIONER"],
      expiresAt: 100_000,
    });
  });
  it("treats an absent group claim as no groups; refuses tokens without subject or expiry", () => {
    expect(accessClaims(jwt({ sub: "s1", exp: 1 }))?.groups).toEqual([]);
    expect(accessClaims(jwt({ exp: 1 }))).toBeNull();
    expect(accessClaims(jwt({ username: "u" }))).toBeNull();
    expect(accessClaims("not a token")).toBeNull();
  });
});
