import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { readForm, UNREADABLE_FORM_MESSAGE } from "./read-form.server";

const post = (body: BodyInit | null, type?: string) => new Request("http://portal.test/patients/", { method: "POST", body, headers: type ? { "content-type": type } : {} });

async function refusal(request: Request) {
  try {
    await readForm(request);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("readForm read the form");
}

describe("readForm", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=2", "application/x-www-form-urlencoded"))).get("b")).toBe("2");
    const multipart = new FormData();
    multipart.set("a", "x");
    expect((await readForm(new Request("http://portal.test/", { method: "POST", body: multipart }))).get("a")).toBe("x");
  });

  it("answers a body it cannot read with a 400 and a message, never the TypeError", async () => {
    for (const request of [
      post("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb", "multipart/form-data; boundary=xyz"),
      post("garbage", "multipart/form-data; boundary=xyz"),
      post("{}", "application/json"),
      post(null),
    ]) {
      const thrown = await refusal(request);
      expect(thrown).not.toBeInstanceOf(TypeError);
      expect(isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === "DataWithResponseInit").toBe(true);
      const { data, init } = thrown as { data: { message: string }; init: { status: number } };
      expect(init.status).toBe(400);
      expect(data.message).toBe(UNREADABLE_FORM_MESSAGE);
    }
  });
});
