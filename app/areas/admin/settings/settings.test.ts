import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ORGANIZATION_REQUIRED, overrideName, overrideSchema } from "./settings";

describe("the override form", () => {
  it("requires an organization", () => {
    const form = new FormData();
    form.set("organizationId", "");
    const s = parseWithZod(form, { schema: overrideSchema });
    expect(s.status).toBe("error");
    if (s.status !== "success") expect(s.error?.organizationId).toEqual([ORGANIZATION_REQUIRED]);
  });
  it("names the override organization, or none", () => {
    const orgs = [{ id: "a", name: "Alpha" }];
    expect(overrideName(null, orgs)).toBeNull();
    expect(overrideName("a", orgs)).toBe("Alpha");
    expect(overrideName("b", orgs)).toBe("b");
  });
});
