import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { LOGO_FORM_LIMITS, logoFromForm, readLogoForm, type LogoFormLimits } from "./logo-form.server";

const URL_ = "http://portal.test/organization/details/?dialog=edit-organization";
const SMALL: LogoFormLimits = { maxFileBytes: 1000, maxFieldBytes: 100, maxBodyBytes: 20_000, maxParts: 8 };

function multipart(entries: [string, string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request(URL_, { method: "POST", body: form });
}
const file = (size: number, name = "logo.png") => new File([new Uint8Array(size).fill(7)], name, { type: "image/png" });

describe("readLogoForm", () => {
  it("reads the fields and a file within the limits", async () => {
    const read = await readLogoForm(multipart([["name", "Clinic"], ["logo", file(900)], ["cropX", "10"]]), SMALL);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("name")).toBe("Clinic");
    expect(read.form.get("cropX")).toBe("10");
    const logo = read.form.get("logo");
    expect(logo).toBeInstanceOf(File);
    expect((logo as File).size).toBe(900);
    expect([...read.oversized]).toEqual([]);
  });

  it("drops a file over the limit but keeps the fields before and after it (the typed name comes back)", async () => {
    const read = await readLogoForm(multipart([["intent", "edit-organization"], ["logo", file(6000)], ["name", "Typed Name"]]), SMALL);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("logo")).toBeNull();
    expect(read.form.get("intent")).toBe("edit-organization");
    expect(read.form.get("name")).toBe("Typed Name");
    expect([...read.oversized]).toEqual(["logo"]);
  });

  it("holds the default limits of ADR 010: a file of 5 MB is kept, one byte more is dropped", async () => {
    const at = await readLogoForm(multipart([["logo", file(LOGO_FORM_LIMITS.maxFileBytes)], ["name", "A"]]));
    expect(at.ok && (at.form.get("logo") as File).size).toBe(5 * 1024 * 1024);
    const over = await readLogoForm(multipart([["logo", file(LOGO_FORM_LIMITS.maxFileBytes + 1)], ["name", "A"]]));
    expect(over.ok && [...over.oversized]).toEqual(["logo"]);
    expect(over.ok && over.form.get("name")).toBe("A");
  });

  it("refuses a body over its limits: declared, read, or too many parts", async () => {
    const declared = new Request(URL_, { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(SMALL.maxBodyBytes + 1) } });
    expect(await readLogoForm(declared, SMALL)).toEqual({ ok: false, reason: "too-large" });
    expect(await readLogoForm(multipart([["a", file(9000)], ["b", file(9000)], ["c", file(9000)]]), SMALL)).toEqual({ ok: false, reason: "too-large" });
    const many = multipart(Array.from({ length: 9 }, (_, i) => [`f${i}`, "v"] as [string, string]));
    expect(await readLogoForm(many, SMALL)).toEqual({ ok: false, reason: "too-large" });
  });

  it("reads an ordinary (urlencoded) form, and calls a broken multipart body unreadable", async () => {
    const plain = await readLogoForm(new Request(URL_, { method: "POST", body: new URLSearchParams({ intent: "delete-logo" }) }), SMALL);
    expect(plain.ok && plain.form.get("intent")).toBe("delete-logo");
    const broken = new Request(URL_, { method: "POST", body: "--x\r\nno headers here", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(await readLogoForm(broken, SMALL)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("logoFromForm (shared by Edit Organization Details and Add New Organization)", () => {
  const png = async (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
  const formWith = (entries: [string, string | File][]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return form;
  };

  it("answers no logo when none was chosen, the 250×140 PNG when one was, and the refusal otherwise", async () => {
    expect(await logoFromForm(formWith([]), new Set(), "logo")).toEqual({ ok: true, png: null });
    expect(await logoFromForm(formWith([["logo", new File([], "")]]), new Set(), "logo")).toEqual({ ok: true, png: null });
    const good = await logoFromForm(formWith([["logo", new File([new Uint8Array(await png(500, 280))], "a.png", { type: "image/png" })]]), new Set(), "logo");
    expect(good.ok && good.png ? (await sharp(good.png).metadata()).width : null).toBe(250);
    expect(await logoFromForm(formWith([]), new Set(["logo"]), "logo")).toEqual({ ok: false, message: "Failed to upload logo - The image file must be at most 5 MB.", status: 413 });
    expect(await logoFromForm(formWith([["logo", new File(["text"], "a.png")]]), new Set(), "logo")).toEqual({ ok: false, message: "Failed to upload logo - The logo must be a PNG image.", status: 400 });
    const badCrop = formWith([["logo", new File([new Uint8Array(await png(500, 280))], "a.png")], ["cropX", "1"]]);
    expect(await logoFromForm(badCrop, new Set(), "logo")).toMatchObject({ ok: false, status: 400 });
  });
});
