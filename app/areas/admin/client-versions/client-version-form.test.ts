import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { clientVersionSchema, isInternalTestVersion, isVersionId, VERSION_PATTERN, VERSION_REQUIRED } from "./client-version-form";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return parseWithZod(f, { schema: clientVersionSchema });
};

describe("the Edit Scan Version rule", () => {
  it.each(["2.18.0", "0.0.1", "10.2.33", "9999.9999.9999"])("accepts the version %s", (v) => expect(isVersionId(v)).toBe(true));
  it.each(["test", "9999", "9999a"])("recognizes the internal test version %s", (v) => {
    expect(isInternalTestVersion(v)).toBe(true);
    expect(isVersionId(v)).toBe(true);
  });
  it.each(["2.18", "2.18.0.1", "v2.18.0", "2.18.x", "12345.0.0", "TEST", "9998", " 2.18.0x", "2..0"])("refuses %s", (v) => expect(isVersionId(v)).toBe(false));

  it("says 'Version ID is required' for a missing or blank version", () => {
    expect(form({}).reply().error).toEqual({ versionId: [VERSION_REQUIRED] });
    expect(form({ versionId: "   " }).reply().error).toEqual({ versionId: [VERSION_REQUIRED] });
  });
  it("says 'Version ID must match the pattern X.X.X' for anything else", () => {
    expect(form({ versionId: "2.18" }).reply().error).toEqual({ versionId: [VERSION_PATTERN] });
  });
  it("reads the checkbox: ticked is true, absent is false", () => {
    const on = form({ versionId: "2.18.0", updateRequired: "on" });
    const off = form({ versionId: "2.18.0" });
    expect(on.status === "success" && on.value).toEqual({ versionId: "2.18.0", updateRequired: true });
    expect(off.status === "success" && off.value).toEqual({ versionId: "2.18.0", updateRequired: false });
  });
  it("refuses a forged value at the field with the forms' shared sentence (issue 34: updateRequired=maybe)", async () => {
    const { NOT_OFFERED } = await import("../../../forms/fields");
    expect(form({ versionId: "2.18.0", updateRequired: "maybe" }).reply().error).toEqual({ updateRequired: [NOT_OFFERED] });
  });
});

describe("the form's version rule and the contract's pattern agree (an audit finding: the test versions did not save)", () => {
  it("the path parameter and the listed version take X.X.X and the internal test versions, nothing else", async () => {
    const { readFileSync } = await import("node:fs");
    const spec = JSON.parse(readFileSync("openapi/dist/provider-api.json", "utf8"));
    const param = spec.paths["/v2/admin/scan/clients/{versionId}"].parameters.find((p: { name: string }) => p.name === "versionId").schema.pattern as string;
    const listed = spec.components.schemas.ScanClientVersion.properties.versionId.pattern as string;
    for (const pattern of [param, listed]) {
      const re = new RegExp(pattern);
      for (const v of ["2.18.0", "9999.9999.9999", "test", "9999", "9999a"]) expect(re.test(v), `${pattern} ${v}`).toBe(true);
      for (const v of ["2.18", "tests", "9999b", "", "2.18.0.1"]) expect(re.test(v), `${pattern} ${v}`).toBe(isVersionId(v));
    }
  });
});
