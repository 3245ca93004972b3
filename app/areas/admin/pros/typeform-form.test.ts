import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { FORM_ID_CHARACTERS, FORM_ID_REQUIRED, typeformFormSchema, WEBHOOK_REQUIRED, webhookLabel, withoutFieldPrefix } from "./typeform-form";

const parse = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return parseWithZod(fd, { schema: typeformFormSchema });
};

describe("typeform form", () => {
  it("requires the form id and the webhook certification, with the messages", () => {
    const r = parse({ id: "   " });
    expect(r.status).toBe("error");
    expect(r.status === "error" && r.error).toMatchObject({ id: [FORM_ID_REQUIRED], webhookConfirmed: [WEBHOOK_REQUIRED] });
  });

  it("accepts a trimmed id with the box checked", () => {
    const r = parse({ id: " kX7pQ2mZ ", webhookConfirmed: "on" });
    expect(r.status).toBe("success");
    expect(r.status === "success" && r.value).toEqual({ id: "kX7pQ2mZ", webhookConfirmed: "on" });
  });

  it("keeps the id a code: spaces, markup and emoji refused at the field, in the API's words (issue 25)", () => {
    for (const id of ["two words", "<b>x</b>", "form😀", "a.b"]) {
      const r = parse({ id, webhookConfirmed: "on" });
      expect(r.status, id).toBe("error");
      expect(r.status === "error" && r.error?.id, id).toEqual([FORM_ID_CHARACTERS]);
    }
  });

  it("labels the webhook state and strips the API's field prefix", () => {
    expect([webhookLabel(true), webhookLabel(false)]).toEqual(["Confirmed", "Missing"]);
    expect(withoutFieldPrefix("id: This form is already registered")).toBe("This form is already registered");
    expect(withoutFieldPrefix("Something else")).toBe("Something else");
  });
});
