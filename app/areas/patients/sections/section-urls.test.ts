import { describe, expect, it } from "vitest";
import { closeDialogHref, dialogHref, dialogOf } from "./section-urls";

const at = (search: string) => ({ pathname: "/patients/p1/health/care/", search });

describe("section dialog URLs", () => {
  it("opens a dialog keeping the range and dropping another dialog's ids", () => {
    expect(dialogHref(at("?range=7&selfReported=1"), "care-note-new")).toBe("/patients/p1/health/care/?range=7&selfReported=1&dialog=care-note-new");
    expect(dialogHref(at("?range=7&dialog=comment&session=s1"), "care-note-edit", { note: "n1" })).toBe("/patients/p1/health/care/?range=7&dialog=care-note-edit&note=n1");
  });

  it("closes it back to the same URL", () => {
    expect(closeDialogHref(at("?from=2026-01-01&to=2026-01-31&dialog=care-note-delete&note=n1"))).toBe("/patients/p1/health/care/?from=2026-01-01&to=2026-01-31");
    expect(closeDialogHref(at("?dialog=comment&session=s1"))).toBe("/patients/p1/health/care/");
  });

  it("knows only its own dialogs", () => {
    expect(dialogOf(new URLSearchParams("dialog=comment-edit"))).toBe("comment-edit");
    expect(dialogOf(new URLSearchParams("dialog=discharge"))).toBeNull();
    expect(dialogOf(new URLSearchParams(""))).toBeNull();
  });
});
