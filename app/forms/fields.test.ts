import { describe, expect, it } from "vitest";
import * as z from "zod";
import { maxCharacters, missing, requiredString } from "./fields";
import { clientVersionSchema } from "../areas/admin/client-versions/client-version-form";
import { accountInfoSchema, changePasswordSchema } from "../areas/user/forms/account";

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
