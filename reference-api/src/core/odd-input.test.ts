import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";
import { errorLogFields, nulAt } from "./odd-input.js";

const lines: string[] = [];
let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({ logLevel: "info" }, { logStream: { write: (line) => void lines.push(line) } });
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

const SEARCHES = ["/v2/patients/pages", "/v2/health/patients/pages", "/v2/health/hep-templates", "/v2/health/rtm-cycles", "/v2/health/rtm-cycles/2026-11", "/v2/gait/patients/pages"];

describe("text with a NUL character (issue 23, finding 10)", () => {
  it("is a 400 naming the parameter on every list with a search, and the log holds no search term", async () => {
    const user = { userId: fx.adminA.userId, groups: fx.adminA.groups };
    for (const path of SEARCHES) {
      for (const search of ["%00", "Okafor%00", "%00Okafor"]) {
        const res = await api.request("GET", `${path}?search=${search}`, { as: user });
        expect(res.status, `${path}?search=${search}`).toBe(400);
        expect(res.body).toEqual({ message: "The query parameter search contains a NUL character (U+0000), which no text may contain.", status: 400 });
      }
    }
    const admin = await api.request("GET", "/v2/admin/locations?search=Okafor%00", { as: { userId: fx.productAdmin.userId, groups: fx.productAdmin.groups } });
    expect(admin.status).toBe(400);
    const gaitUid = await api.request("GET", "/v2/gait/patients/pages?gaitUid=GT%00", { as: user });
    expect(gaitUid.status).toBe(400);
    expect(lines.join("\n")).not.toContain("Okafor");
    expect(lines.some((l) => JSON.parse(l).level >= 50)).toBe(false);
  });

  it("is a 400 in a JSON body too, at any depth, naming the field and not the value", async () => {
    const user = { userId: fx.adminA.userId, groups: fx.adminA.groups };
    const res = await api.request("POST", "/v2/health/hep-templates", { as: user, body: { name: "Knee\u0000Okafor", blocks: [] } });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe("The field name contains a NUL character (U+0000), which no text may contain.");
    expect(nulAt({ a: [{ b: "x" }, { c: "y\u0000" }] }, "body")).toBe("body.a[1].c");
    expect(nulAt({ ok: "fine", n: 1, nested: { list: ["a", "b"] } }, "body")).toBeNull();
  });
});

describe("what the API's answers and logs carry", () => {
  it("answers no-store unless an answer says otherwise", async () => {
    const user = { userId: fx.adminA.userId, groups: fx.adminA.groups };
    for (const path of ["/v2/users/current", "/v2/patients/pages", `/v2/patients/${fx.patients.a1[0]}/`, "/v2/nope", "/healthcheck"]) {
      const res = await api.request("GET", path, { as: user });
      expect(res.headers["cache-control"], path).toBe("no-store");
    }
    const refused = await api.request("GET", "/v2/patients/pages");
    expect(refused.status).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("logs an error's name, code and frames, never its query's parameters or a quoted value", () => {
    const err = Object.assign(new Error('invalid input syntax for type uuid: "Okafor"'), {
      name: "error",
      code: "22P02",
      routine: "string_to_uuid",
      query: "SELECT * FROM patient_records WHERE last_name = $1",
      params: ["Okafor"],
    });
    const fields = errorLogFields(err);
    const text = JSON.stringify(fields);
    expect(text).not.toContain("Okafor");
    expect(text).not.toContain("patient_records");
    expect(fields).toMatchObject({ type: "error", code: "22P02", routine: "string_to_uuid", message: 'invalid input syntax for type uuid: "…"' });
    expect(String(fields.stack)).toMatch(/^\s+at /);
  });
});
