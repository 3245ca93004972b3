import { describe, expect, it } from "vitest";
import { EMAIL_INVALID, EMAIL_REQUIRED, emailSchema, lookupUuid, readLookup, signupLink, UUID_REQUIRED, uuidSchema } from "./lookup";

const q = (s: string) => new URLSearchParams(s);
const UUID = "5b0a3f4e-1c2d-4e8f-9a01-00000000f00d";

describe("admin user look-ups", () => {
  it("asks nothing until the form is sent; then requires the value with 003 §5's messages", () => {
    expect(readLookup(q(""), "uuid", uuidSchema)).toEqual({ kind: "none" });
    expect(readLookup(q("uuid=+"), "uuid", uuidSchema)).toEqual({ kind: "invalid", input: " ", error: UUID_REQUIRED });
    expect(readLookup(q("email="), "email", emailSchema)).toEqual({ kind: "invalid", input: "", error: EMAIL_REQUIRED });
    expect(readLookup(q("email=nope"), "email", emailSchema)).toMatchObject({ kind: "invalid", error: EMAIL_INVALID });
  });

  it("trims the values; a malformed UUID looks up nobody", () => {
    expect(readLookup(q(`uuid=${UUID.toUpperCase()}%20`), "uuid", uuidSchema)).toMatchObject({ kind: "ok", value: UUID.toUpperCase() });
    expect(lookupUuid(UUID.toUpperCase())).toBe(UUID);
    expect(lookupUuid("not-a-uuid")).toBeNull();
    expect(readLookup(q("email=%20A@Example.com"), "email", emailSchema)).toMatchObject({ kind: "ok", value: "A@Example.com" });
  });

  it("builds the sign-up link from the portal's origin", () => {
    expect(signupLink("https://portal.example/", "9QbX2rT7")).toBe("https://portal.example/user/create/9QbX2rT7");
  });
});
