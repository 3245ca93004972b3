import { describe, expect, it } from "vitest";
import { dialogOf, INTENTS, isAddDone, logoStepTitle, organizationsHref, toggleToast, toRow } from "./organizations";

const ID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

describe("admin organizations URLs", () => {
  it("reads each dialog from the URL and writes it back", () => {
    expect(dialogOf(new URLSearchParams("add=1"))).toEqual({ kind: "add" });
    expect(dialogOf(new URLSearchParams(`add=logo&organization=${ID}`))).toEqual({ kind: "logo", organizationId: ID });
    expect(dialogOf(new URLSearchParams(`disable=${ID}`))).toEqual({ kind: "disable", organizationId: ID });
    expect(dialogOf(new URLSearchParams("add=logo&organization=nope"))).toBeNull();
    expect(dialogOf(new URLSearchParams("disable=1"))).toBeNull();
    expect(dialogOf(new URLSearchParams(""))).toBeNull();
    expect(isAddDone(new URLSearchParams("add=done"))).toBe(true);
    for (const d of [{ kind: "add" }, { kind: "logo", organizationId: ID }, { kind: "disable", organizationId: ID }] as const) {
      expect(dialogOf(new URL(organizationsHref(d), "http://x").searchParams)).toEqual(d);
    }
    expect(organizationsHref("add-done")).toBe("/admin/organizations/?add=done");
  });

  it("titles step 2 with the organization's name", () => {
    expect(logoStepTitle("Mountain View Rehab")).toBe("Upload image for Mountain View Rehab");
  });

  it("shows a row's zone in words and its products in product order", () => {
    expect(toRow({ id: ID, name: "A", timezone: "America/Denver", products: ["SCAN", "HEALTH"], disabled: true })).toEqual({
      id: ID,
      name: "A",
      timezone: "Mountain Time (America/Denver)",
      products: "Health, Scan",
      disabled: true,
    });
  });

  it("answers the spec's toasts", () => {
    expect(toggleToast(INTENTS.disable, null)).toEqual({ type: "success", message: "Successfully disabled organization" });
    expect(toggleToast(INTENTS.enable, null)).toEqual({ type: "success", message: "Successfully enabled organization" });
    expect(toggleToast(INTENTS.disable, "Nope.")).toEqual({ type: "error", message: "Failed to disable organization. Nope." });
    expect(toggleToast(INTENTS.enable, "Nope.")).toEqual({ type: "error", message: "Failed to enable organization. Nope." });
  });
});
