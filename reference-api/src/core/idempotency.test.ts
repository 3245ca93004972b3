import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, ids, tokens, type Fixture } from "../areas/patients/test-fixture.js";
import { mintToken } from "../testing/harness.js";
import { KEY_REUSED_MESSAGE, requestHash, stableJson } from "./idempotency.js";

let fx: Fixture;
let patientId: string;
let today: string;

beforeAll(async () => {
  fx = await createFixture();
  today = (await fx.db.one<{ t: string }>("SELECT ((now() AT TIME ZONE 'America/Denver')::date)::text AS t"))!.t;
  const p = await fx.call("POST", "/v2/patients", tokens.admin, {
    firstName: "Idem",
    lastName: "Potent",
    email: `idem.${randomUUID().slice(0, 8)}@example.com`,
    phoneNumber: "(303) 555-0142",
    injuredSideOfBody: "LEFT",
    injuredBodyPart: "KNEE",
    dob: "1961-04-18",
    locationId: ids.north,
    products: ["HEALTH"],
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  patientId = p.body.id;
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

/** Sends through the fixture's server with extra headers (the fixture's `call` sends none). */
async function request(method: string, url: string, opts: { as?: { userId: string; groups?: string[] }; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.as) headers.authorization = `Bearer ${await mintToken(opts.as)}`;
  let payload: string | undefined;
  if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const res = await fx.app.inject({ method: method as "POST", url, headers, payload });
  const raw = res.rawPayload;
  const body = raw.length > 0 ? JSON.parse(raw.toString("utf8")) : undefined;
  return { status: res.statusCode, body, headers: res.headers as Record<string, unknown>, raw };
}

const notes = () => `/v2/patients/${patientId}/interactions`;
const countNotes = async (text: string) => Number((await fx.db.one<{ n: string }>("SELECT count(*)::text AS n FROM interactions WHERE patient_record_id = $1 AND notes = $2", [patientId, text]))!.n);
const note = (text: string) => ({ date: today, minutes: 5, notes: text });
const keyed = (key: string) => ({ "idempotency-key": key });

describe("request hash", () => {
  it("does not depend on key order and tells bodies and path parameters apart", () => {
    expect(stableJson({ b: 1, a: [{ y: 2, x: null }] })).toBe('{"a":[{"x":null,"y":2}],"b":1}');
    expect(requestHash({ id: "1" }, { a: 1, b: 2 })).toBe(requestHash({ id: "1" }, { b: 2, a: 1 }));
    expect(requestHash({ id: "1" }, { a: 1 })).not.toBe(requestHash({ id: "2" }, { a: 1 }));
    expect(requestHash({ id: "1" }, { a: 1 })).not.toBe(requestHash({ id: "1" }, { a: 2 }));
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for a repeat and saves once", async () => {
    const key = randomUUID();
    const first = await request("POST", notes(), { as: tokens.admin, body: note("replayed once"), headers: keyed(key) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await request("POST", notes(), { as: tokens.admin, body: note("replayed once"), headers: keyed(key) });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await countNotes("replayed once")).toBe(1);
  });

  it("answers 422 {message, status} for the same key with another body, and saves nothing more", async () => {
    const key = randomUUID();
    expect((await request("POST", notes(), { as: tokens.admin, body: note("first body"), headers: keyed(key) })).status).toBe(201);
    const other = await request("POST", notes(), { as: tokens.admin, body: note("second body"), headers: keyed(key) });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: KEY_REUSED_MESSAGE, status: 422 });
    expect(await countNotes("second body")).toBe(0);
  });

  it("executes only one of two concurrent first uses of a key; both get the same answer", async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([
      request("POST", notes(), { as: tokens.admin, body: note("raced"), headers: keyed(key) }),
      request("POST", notes(), { as: tokens.admin, body: note("raced"), headers: keyed(key) }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect([a.headers["idempotent-replayed"], b.headers["idempotent-replayed"]].filter(Boolean)).toEqual(["true"]);
    expect(await countNotes("raced")).toBe(1);
  });

  it("scopes keys to the caller and the operation", async () => {
    const key = randomUUID();
    expect((await request("POST", notes(), { as: tokens.admin, body: note("admin's"), headers: keyed(key) })).status).toBe(201);
    // Another caller with the same key: a different change, executed (pracNorth sees this North patient).
    const other = await request("POST", notes(), { as: tokens.pracNorth, body: note("admin's"), headers: keyed(key) });
    expect(other.status).toBe(201);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countNotes("admin's")).toBe(2);
    // Another operation with the same key and caller: executed too.
    const loc = await request("POST", "/v2/locations", { as: tokens.admin, body: { name: `Idem ${key.slice(0, 6)}`, timezone: "America/Denver" }, headers: keyed(key) });
    expect(loc.status, JSON.stringify(loc.body)).toBe(201);
  });

  it("keeps nothing of a refused request: the corrected one may reuse the key", async () => {
    const key = randomUUID();
    const refused = await request("POST", notes(), { as: tokens.admin, body: { date: today, minutes: 5, notes: "" }, headers: keyed(key) });
    expect(refused.status).toBe(400);
    const corrected = await request("POST", notes(), { as: tokens.admin, body: note("corrected"), headers: keyed(key) });
    expect(corrected.status).toBe(201);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
    expect(await fx.db.one("SELECT status FROM idempotency_keys WHERE idem_key = $1", [key])).toEqual({ status: 201 });
  });

  it("replays a 204 (no body) and stores the key with a 24-hour expiry", async () => {
    const key = randomUUID();
    const url = `/v2/health/patients/${patientId}/invite`;
    const first = await request("POST", url, { as: tokens.admin, headers: keyed(key) });
    expect(first.status, JSON.stringify(first.body)).toBe(204);
    const sent = async () => Number((await fx.db.one<{ n: string }>("SELECT count(*)::text AS n FROM patient_notifications WHERE patient_record_id = $1", [patientId]))!.n);
    const before = await sent();
    const again = await request("POST", url, { as: tokens.admin, headers: keyed(key) });
    expect(again.status).toBe(204);
    expect(again.raw.length).toBe(0);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await sent()).toBe(before);
    const row = await fx.db.one<{ hours: number }>("SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM idempotency_keys WHERE idem_key = $1", [key]);
    expect(row).toEqual({ hours: 24 });
  });

  it("treats an expired key as new", async () => {
    const key = randomUUID();
    expect((await request("POST", notes(), { as: tokens.admin, body: note("expired key"), headers: keyed(key) })).status).toBe(201);
    await fx.db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE idem_key = $1", [key]);
    const again = await request("POST", notes(), { as: tokens.admin, body: note("expired key"), headers: keyed(key) });
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countNotes("expired key")).toBe(2);
  });

  it("refuses a malformed key with 400 and ignores the header on operations that do not declare it", async () => {
    const bad = await request("POST", notes(), { as: tokens.admin, body: note("bad key"), headers: keyed("short") });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(400);
    const key = randomUUID();
    const list1 = await request("GET", notes(), { as: tokens.admin, headers: keyed(key) });
    expect(list1.status).toBe(200);
    expect(await fx.db.one("SELECT 1 FROM idempotency_keys WHERE idem_key = $1", [key])).toBeUndefined();
  });

  it("without the header simply executes", async () => {
    await request("POST", notes(), { as: tokens.admin, body: note("no key") });
    await request("POST", notes(), { as: tokens.admin, body: note("no key") });
    expect(await countNotes("no key")).toBe(2);
  });
});
