import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { maxCharacters, missing, requiredString, wholeNumberField } from "./fields";
import { clientVersionSchema } from "../areas/admin/client-versions/client-version-form";
import { accountInfoSchema, changePasswordSchema } from "../areas/user/forms/account";

describe("wholeNumberField (issue 25)", () => {
  const field = wholeNumberField({ required: "required", invalid: "invalid", min: 0, max: 120, aboveMax: "too many" });
  const message = (v: unknown) => {
    const r = field.safeParse(v);
    return r.success ? r.data : r.error.issues[0]?.message;
  };

  it("reads digits with an optional sign, spaces around ignored", () => {
    expect(message("42")).toBe(42);
    expect(message(" 7 ")).toBe(7);
    expect(message("+3")).toBe(3);
    expect(message("007")).toBe(7);
  });

  it("refuses what a number input would have altered or dropped, with the field's message", () => {
    for (const typed of ["abc", "12.5", "1e2", "0x10", "1,000", "Infinity", "-"]) expect(message(typed), typed).toBe("invalid");
    expect(message("-1")).toBe("invalid");
    expect(message("121")).toBe("too many");
    expect(message("")).toBe("required");
    expect(message("   ")).toBe("required");
    expect(message(undefined)).toBe("required");
  });
});

/** Every .tsx under app/ (the portal and the admin area). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".tsx") ? [path] : [];
  });
}

describe("no number inputs (issue 25)", () => {
  it('no form uses type="number": browsers drop or alter what it cannot read, so a refused value would not come back as typed', () => {
    const offenders = sources(join(import.meta.dirname, "..")).filter((file) => /type(=|:\s*)["']number["']/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe("text fields' messages (the shared cause of 'required' for over-long input)", () => {
  it("a required string: required when missing or blank, the length message when too long", () => {
    const s = requiredString("Name is required", 10);
    expect(messages(s, undefined)).toEqual(["Name is required"]);
    expect(messages(s, "  ")).toEqual(["Name is required"]);
    expect(messages(s, "x".repeat(11))).toEqual([maxCharacters(10)]);
    expect(maxCharacters(500)).toBe("Max Character Limit is 500");
  });

  it("a schema-level 'required' message applies to a missing value only; an unlabelled maximum gets the length message", () => {
    const s = z.string({ error: missing("Subtitle is required") }).trim().min(1, "Subtitle is required").max(200);
    expect(messages(s, undefined)).toEqual(["Subtitle is required"]);
    expect(messages(s, 42)).toEqual(["Subtitle is required"]);
    expect(messages(s, "s".repeat(10_000))).toEqual(["Max Character Limit is 200"]);
    expect(messages(z.string().max(3), "abcd")).toEqual(["Max Character Limit is 3"]);
    // A check's own message still wins.
    expect(messages(z.string().max(3, "Too long here"), "abcd")).toEqual(["Too long here"]);
  });

  it("the forms built on it: an over-long name or old password is too long, not missing", () => {
    expect(accountInfoSchema.safeParse({ firstName: "F".repeat(101), lastName: "L" }).error?.issues[0]).toMatchObject({ path: ["firstName"], message: maxCharacters(100) });
    const change = changePasswordSchema.safeParse({ oldPassword: "p".repeat(300), newPassword: "Aa1!aaaaaaaa", confirmPassword: "Aa1!aaaaaaaa" });
    expect(change.error?.issues.find((i) => i.path[0] === "oldPassword")?.message).toBe(maxCharacters(256));
    expect(messages(clientVersionSchema, { versionId: undefined })).toContain("Version ID is required");
  });
});

describe("values no control offers (issue 34: forged posts got zod's English)", () => {
  it("answer one plain sentence, and a schema's own message still wins", async () => {
    const { NOT_OFFERED } = await import("./fields");
    const message = (schema: z.ZodType, v: unknown) => {
      const r = schema.safeParse(v);
      return r.success ? "ok" : r.error.issues[0]?.message;
    };
    expect(message(z.enum(["A", "B"]), "XRAY")).toBe(NOT_OFFERED);
    expect(message(z.boolean(), "maybe")).toBe(NOT_OFFERED);
    expect(message(z.union([z.literal("a"), z.literal("b")]), "c")).toBe(NOT_OFFERED);
    expect(message(z.enum(["A", "B"], { error: "Pick one" }), "XRAY")).toBe("Pick one");
    // A missing text keeps the required-message mechanism (`missing`), not this sentence.
    expect(message(z.string({ error: missing("Name is required") }), undefined)).toBe("Name is required");
    const r = clientVersionSchema.safeParse({ versionId: "2.18.3", updateRequired: "maybe" });
    expect(r.success ? "ok" : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([`updateRequired: ${NOT_OFFERED}`]);
  });
});
