import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wholeNumberField } from "./fields";

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
