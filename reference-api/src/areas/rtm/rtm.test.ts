import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, mintToken, type TestApi } from "../../testing/harness.js";
import { createFixture, createPatient, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { addDays, derivedStatus, readSettled, remainingDays, SETTLE_VERSION_SQL } from "./cycles.js";
import { monthBounds } from "./list.js";
import { shortDate } from "./rules.js";

let api: TestApi;
let fx: Fixture;
const as = (u: FixtureUser) => ({ as: { userId: u.userId, groups: u.groups } });

async function cycle(patientId: string, code: string, status: string, start: string, end: string) {
  const id = randomUUID();
  await api.db.query(
    "INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days) VALUES ($1, $2, $3, $4, $5, $6, 16)",
    [id, patientId, code, status, start, end],
  );
  return id;
}

async function session(patientId: string, date: string, selfReported = false) {
  await api.db.query("INSERT INTO health_sessions (id, patient_record_id, date, is_self_reported, sets) VALUES ($1, $2, $3, $4, '[]')", [randomUUID(), patientId, date, selfReported]);
}

async function summaries(patientId: string) {
  await api.db.query(
    `INSERT INTO rtm_monthly_summaries (id, patient_record_id, year_month, status)
     SELECT gen_random_uuid(), patient_record_id, to_char(end_date, 'YYYY-MM'), 'IN_PROGRESS' FROM rtm_cycles WHERE patient_record_id = $1
     GROUP BY 1, 2, 3 ON CONFLICT DO NOTHING`,
    [patientId],
  );
}

const C = {} as Record<"ready" | "billed" | "running" | "incomplete" | "setup" | "a2" | "b", string>;
let pA1: string;
let pA2: string;
let pB: string;
let interactionId: string;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  pA1 = fx.patients.a1[0]!;
  pA2 = fx.patients.a2[0]!;
  pB = fx.patients.b[0]!;
  await api.db.query("UPDATE patient_records SET first_name = 'Zoe', last_name = 'Abbott' WHERE id = $1", [pA1]);
  // A1's February cycle (Denver dates): sessions on 2 days (one self-reported), a PRO answer on a 3rd, a care note.
  // 3 active days: 98985 (2–15 days, ADR 033) is ready to bill.
  C.ready = await cycle(pA1, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", "2026-02-01", "2026-03-02");
  C.billed = await cycle(pA1, "PATIENT_INTERACTION", "BILLED", "2026-02-01", "2026-03-02");
  C.setup = await cycle(pA1, "PATIENT_SETUP", "ACTIVE_DAYS_INCOMPLETE", "2026-02-01", "2026-03-02");
  C.incomplete = await cycle(pA1, "DEVICE_AND_DATA_TRANSMISSION", "ACTIVE_DAYS_INCOMPLETE", "2025-12-03", "2026-01-01");
  C.running = await cycle(pA1, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", addDays(new Date().toISOString().slice(0, 10), -5), addDays(new Date().toISOString().slice(0, 10), 24));
  C.a2 = await cycle(pA2, "DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", "2026-02-03", "2026-03-04");
  C.b = await cycle(pB, "DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", "2026-02-01", "2026-03-02");
  await session(pA1, "2026-02-05T18:00:00Z");
  await session(pA1, "2026-02-05T20:00:00Z");
  await session(pA1, "2026-02-06T18:00:00Z", true);
  await session(pA1, "2026-02-01T06:30:00Z"); // 2026-01-31 23:30 in Denver: before the cycle
  const q = randomUUID();
  await api.db.query("INSERT INTO pro_questions (id, patient_record_id, question_id, text, pro_answer_type) VALUES ($1, $2, 'LEVEL_OF_PAIN', 'Pain?', 'CHOICE')", [q, pA1]);
  await api.db.query("INSERT INTO pro_answers (id, pro_question_id, date_time, value) VALUES ($1, $2, '2026-02-10T15:00:00Z', '3')", [randomUUID(), q]);
  interactionId = randomUUID();
  await api.db.query(
    "INSERT INTO interactions (id, patient_record_id, date, minutes, notes, interaction_type, is_patient_interaction, live_method, live_two_way) VALUES ($1, $2, '2026-02-12', 20, 'Call', 'PATIENT_INTERACTIVE_COMMUNICATION', true, 'PHONE', true)",
    [interactionId, pA1],
  );
  // The billed care-management cycle was billed on it (its evidence, ADR 043).
  await api.db.query("INSERT INTO rtm_cycle_evidence (cycle_id, interaction_id) VALUES ($1, $2)", [C.billed, interactionId]);
  const hep = randomUUID();
  await api.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'P')", [hep, fx.orgA.id]);
  await api.db.query("INSERT INTO hep_assignments (id, hep_id, patient_record_id, assigned_at, retired_at) VALUES ($1, $2, $3, '2026-02-02T17:00:00Z', '2026-02-20T17:00:00Z'), ($4, $2, $3, '2026-02-20T17:00:00Z', NULL)", [randomUUID(), hep, pA1, randomUUID()]);
  for (const p of [pA1, pA2, pB]) await summaries(p);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("rules", () => {
  it("derives statuses from a cycle row and its activity by the rules (rules.ts)", () => {
    const row = { code: "DEVICE_AND_DATA_TRANSMISSION" as const, start_date: "2026-02-01", end_date: "2026-03-02", num_required_days: 16 };
    const act = (days: number, minutes = 0, interactive = false) => ({
      events: [], activeDays: new Set(Array.from({ length: days }, (_, i) => addDays("2026-02-01", i))), minutes, interactive, billed: [], evidenceMinutes: 0, after: null, notes: [],
    });
    expect(derivedStatus({ ...row, today: "2026-03-03" }, act(16))).toBe("READY_TO_BILL");
    expect(derivedStatus({ ...row, today: "2026-02-20" }, act(16))).toBe("READY_TO_BILL");
    expect(derivedStatus({ ...row, today: "2026-02-25" }, act(10))).toBe("IN_PROGRESS"); // 6 days left
    expect(derivedStatus({ ...row, today: "2026-02-26" }, act(10))).toBe("ACTIVE_DAYS_INCOMPLETE"); // 5 days left
    expect(derivedStatus({ ...row, today: "2026-03-03" }, act(15))).toBe("ACTIVE_DAYS_INCOMPLETE");
    // Met so far while the period runs: ready when it closes (ADR 043).
    expect(derivedStatus({ ...row, code: "PATIENT_INTERACTION", today: "2026-02-26" }, act(0, 20, true))).toBe("IN_PROGRESS");
    expect(derivedStatus({ ...row, code: "PATIENT_INTERACTION", today: "2026-03-03" }, act(0, 20, true))).toBe("READY_TO_BILL");
    expect(derivedStatus({ ...row, code: "PATIENT_INTERACTION", today: "2026-02-26" }, act(16, 19, true))).toBe("IN_PROGRESS");
    expect(remainingDays({ start_date: "2026-02-01", end_date: "2026-03-02", today: "2026-03-03" })).toBe(0);
    expect(remainingDays({ start_date: "2026-02-01", end_date: "2026-03-02", today: "2026-03-02" })).toBe(1);
    expect(remainingDays({ start_date: "2026-02-01", end_date: "2026-03-02", today: "2026-01-01" })).toBe(30);
    expect(monthBounds("2024-02")).toEqual(["2024-02-01", "2024-02-29"]);
  });
});

describe("GET /v2/health/rtm-cycles", () => {
  it("computes events, active days and minutes from the patient's activity in the cycle's dates", async () => {
    const res = await api.request("GET", "/v2/health/rtm-cycles?limit=100", as(fx.adminA));
    expect(res.status).toBe(200);
    const ready = res.body.items.find((c: { id: string }) => c.id === C.ready);
    expect(ready).toMatchObject({
      code: "SHORT_DEVICE_AND_DATA_TRANSMISSION", billingCode: "98985", status: "READY_TO_BILL", startDate: "2026-02-01", endDate: "2026-03-02",
      numActiveDays: 3, numRequiredDays: 2, numRemainingDays: 0, interactionMinutes: 20, units: 1, liveInteraction: true, projection: null, patientRecord: { id: pA1, firstName: "Zoe", lastName: "Abbott" }, pdfKey: null,
    });
    expect(ready.events.map((e: { type: string }) => e.type)).toEqual(["INITIAL_HEP_ASSIGNMENT", "HEP_SESSION", "HEP_SESSION", "SELF_REPORTED_HEP_SESSION", "PRO_RESPONSE", "PATIENT_INTERACTION"]);
    const note = ready.events.find((e: { type: string }) => e.type === "PATIENT_INTERACTION");
    // With the note's facts (ADR 033, the audit packet's evidence): typed, a two-way phone call, no author recorded.
    expect(note).toEqual({
      id: interactionId, type: "PATIENT_INTERACTION", dateTime: "2026-02-12T07:00:00.000Z", minutes: 20, patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION",
      source: "TYPED", liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: false, practitioner: null, afterBill: false,
    });
    expect(ready.events.find((e: { type: string }) => e.type === "HEP_SESSION")).toMatchObject({ minutes: null, source: null, liveInteraction: null, unsuccessfulAttempt: false, practitioner: null });
    const running = res.body.items.find((c: { id: string }) => c.id === C.running);
    expect(running.numRemainingDays).toBeGreaterThanOrEqual(24);
    expect(res.body.items.map((c: { id: string }) => c.id)).not.toContain(C.b);
  });

  it("filters by status (repeated), date range, search and location; pages and sorts", async () => {
    const two = await api.request("GET", "/v2/health/rtm-cycles?status=READY_TO_BILL&status=BILLED&limit=100", as(fx.adminA));
    expect(two.status).toBe(200);
    expect(two.body.items.map((c: { id: string }) => c.id).sort()).toEqual([C.ready, C.billed, C.a2].sort());
    const one = await api.request("GET", "/v2/health/rtm-cycles?status=ACTIVE_DAYS_INCOMPLETE", as(fx.adminA));
    expect(one.body.items.map((c: { id: string }) => c.id).sort()).toEqual([C.setup, C.incomplete].sort());
    const range = await api.request("GET", "/v2/health/rtm-cycles?start=2025-12-01&end=2026-01-15", as(fx.adminA));
    expect(range.body.items.map((c: { id: string }) => c.id)).toEqual([C.incomplete]);
    const search = await api.request("GET", "/v2/health/rtm-cycles?search=zoe%20abb&limit=100", as(fx.adminA));
    expect(search.body.items).toHaveLength(5);
    const loc = await api.request(`GET`, `/v2/health/rtm-cycles?locationId=${fx.orgA.locations[1]}`, as(fx.adminA));
    expect(loc.body.items.map((c: { id: string }) => c.id)).toEqual([C.a2]);
    const page = await api.request("GET", "/v2/health/rtm-cycles?limit=2&page=2&sortBy=START_DATE&orderBy=ASC", as(fx.adminA));
    expect(page.body.metadata).toEqual({ totalItems: 6, itemCount: 2, itemsForPage: 2, totalPages: 3, currentPage: 2 });
    const all = await api.request("GET", "/v2/health/rtm-cycles?sortBy=START_DATE&orderBy=ASC&limit=6", as(fx.adminA));
    expect(page.body.items.map((c: { id: string }) => c.id)).toEqual(all.body.items.slice(2, 4).map((c: { id: string }) => c.id));
    expect(all.body.items[0].id).toBe(C.incomplete);
  });

  it("scopes practitioners to their locations and refuses bad input", async () => {
    const mine = await api.request("GET", "/v2/health/rtm-cycles", as(fx.practitionerA2));
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([C.a2]);
    expect((await api.request("GET", "/v2/health/rtm-cycles?status=DONE", as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", "/v2/health/rtm-cycles?start=2026-03-01&end=2026-02-01", as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", "/v2/health/rtm-cycles?sortBy=AGE", as(fx.adminA))).status).toBe(400);
    expect((await api.request("GET", "/v2/health/rtm-cycles")).status).toBe(401);
  });
});

describe("advance and revert", () => {
  it("ADVANCE moves READY_TO_BILL to BILLED, REVERT moves it back; anything else is 409", async () => {
    const adv = await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/advance`, as(fx.practitionerA1));
    expect(adv.status).toBe(200);
    expect(adv.body).toMatchObject({ id: C.ready, status: "BILLED", numActiveDays: 3 });
    const row = await api.db.one<{ billed_by: string }>("SELECT billed_by FROM rtm_cycles WHERE id = $1", [C.ready]);
    expect(row?.billed_by).toBe(fx.practitionerA1.practitionerId);
    const again = await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/advance`, as(fx.adminA));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a cycle that is READY_TO_BILL can be marked as billed (this one is BILLED).");
    const rev = await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/revert`, as(fx.adminA));
    expect(rev.status).toBe(200);
    expect(rev.body.status).toBe("READY_TO_BILL");
    const revAgain = await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/revert`, as(fx.adminA));
    expect(revAgain.status).toBe(409);
    expect(revAgain.body.message).toMatch(/Only a cycle that is BILLED can be reverted/);
    for (const id of [C.running, C.incomplete]) {
      expect((await api.request("POST", `/v2/health/rtm-cycles/${id}/advance`, as(fx.adminA))).status).toBe(409);
      expect((await api.request("POST", `/v2/health/rtm-cycles/${id}/revert`, as(fx.adminA))).status).toBe(409);
    }
  });

  it("keeps the monthly summary's status in step", async () => {
    const month = async () => (await api.request("GET", "/v2/health/rtm-cycles/2026-03", as(fx.adminA))).body.items.find((s: { patientRecord: { id: string } }) => s.patientRecord.id === pA1);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/advance`, as(fx.adminA))).status).toBe(200);
    // Since 2026 the set-up needs 2 days (ADR 033): its 3 make it ready to bill once re-derived.
    expect((await month()).status).toBe("READY_TO_BILL");
    expect((await api.request("POST", `/v2/health/rtm-cycles/${C.setup}/advance`, as(fx.adminA))).status).toBe(200);
    // Every billable cycle billed: nothing is left to bill.
    expect((await month()).status).toBe("BILLED");
    await api.request("POST", `/v2/health/rtm-cycles/${C.ready}/revert`, as(fx.adminA));
    expect((await month()).status).toBe("READY_TO_BILL");
    await api.request("POST", `/v2/health/rtm-cycles/${C.setup}/revert`, as(fx.adminA));
  });

  it("answers 404 for another organization's cycle and 400 for a malformed id", async () => {
    expect((await api.request("POST", `/v2/health/rtm-cycles/${C.b}/advance`, as(fx.adminA))).status).toBe(404);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${C.a2}/advance`, as(fx.practitionerA1))).status).toBe(404);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${randomUUID()}/revert`, as(fx.adminA))).status).toBe(404);
    expect((await api.request("POST", "/v2/health/rtm-cycles/nope/advance", as(fx.adminA))).status).toBe(400);
    expect((await api.db.one<{ status: string }>("SELECT status FROM rtm_cycles WHERE id = $1", [C.b]))?.status).toBe("READY_TO_BILL");
  });
});

describe("GET /v2/health/rtm-cycles/{yearMonth}", () => {
  it("answers one summary per patient with the cycles ending in the month", async () => {
    const res = await api.request("GET", "/v2/health/rtm-cycles/2026-03?sortBy=NAME&orderBy=ASC", as(fx.adminA));
    expect(res.status).toBe(200);
    expect(res.body.metadata.totalItems).toBe(2);
    const mine = res.body.items.find((s: { patientRecord: { id: string } }) => s.patientRecord.id === pA1);
    expect(mine.yearMonth).toBe("2026-03");
    expect(mine.cycles.map((c: { id: string }) => c.id).sort()).toEqual([C.ready, C.billed, C.setup].sort());
    expect(res.body.items[0].patientRecord.lastName).toBe("Abbott");
    const filtered = await api.request("GET", "/v2/health/rtm-cycles/2026-03?status=BILLED", as(fx.adminA));
    expect(filtered.body.items).toHaveLength(1);
    expect(filtered.body.items[0].cycles.map((c: { id: string }) => c.id)).toEqual([C.billed]);
    const january = await api.request("GET", "/v2/health/rtm-cycles/2026-01", as(fx.adminA));
    expect(january.body.items.map((s: { cycles: { id: string }[] }) => s.cycles.map((c) => c.id))).toEqual([[C.incomplete]]);
    expect((await api.request("GET", "/v2/health/rtm-cycles/2026-13", as(fx.adminA))).status).toBe(400);
    const other = await api.request("GET", "/v2/health/rtm-cycles/2026-03", as(fx.adminB));
    expect(other.body.items.map((s: { patientRecord: { id: string } }) => s.patientRecord.id)).toEqual([pB]);
  });
});

describe("PDFs", () => {
  const download = async (url: string) => api.request("GET", url.replace(/^https?:\/\/[^/]+/, ""));

  it("renders the cycle PDF, stores it and answers a signed URL that downloads it", async () => {
    const res = await api.request("GET", `/v2/health/rtm-cycles/${C.ready}/pdf-url`, as(fx.adminA));
    expect(res.status).toBe(200);
    expect(res.body.pdfUrl).toMatch(/^http:\/\/api\.test\/files\//);
    const file = await download(res.body.pdfUrl);
    expect(file.status).toBe(200);
    expect(String(file.headers["content-type"])).toMatch(/^application\/pdf/);
    expect(file.raw.subarray(0, 4).toString()).toBe("%PDF");
    const row = await api.db.one<{ pdf_key: string }>("SELECT pdf_key FROM rtm_cycles WHERE id = $1", [C.ready]);
    expect(row?.pdf_key).toBe(`rtm/cycles/${C.ready}.pdf`);
    const listed = await api.request("GET", `/v2/health/rtm-cycles?search=abbott`, as(fx.adminA));
    expect(listed.body.items.find((c: { id: string }) => c.id === C.ready).pdfKey).toBe(`rtm/cycles/${C.ready}.pdf`);
    expect((await api.request("GET", `/v2/health/rtm-cycles/${C.b}/pdf-url`, as(fx.adminA))).status).toBe(404);
  });

  it("renders the monthly PDF", async () => {
    const month = await api.request("GET", "/v2/health/rtm-cycles/2026-03", as(fx.adminA));
    const summary = month.body.items.find((s: { patientRecord: { id: string } }) => s.patientRecord.id === pA1);
    const res = await api.request("GET", `/v2/health/rtm-monthly-summaries/${summary.id}/pdf-url`, as(fx.practitionerA1));
    expect(res.status).toBe(200);
    const file = await download(res.body.pdfUrl);
    expect(String(file.headers["content-type"])).toMatch(/^application\/pdf/);
    expect(file.raw.subarray(0, 4).toString()).toBe("%PDF");
    expect((await api.request("GET", `/v2/health/rtm-monthly-summaries/${summary.id}/pdf-url`, as(fx.adminB))).status).toBe(404);
    expect((await api.request("GET", `/v2/health/rtm-monthly-summaries/${summary.id}/pdf-url`, as(fx.practitionerA2))).status).toBe(404);
  });
});

describe("PDF URLs and organization boundaries", () => {
  const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

  it("a signed PDF URL stops working once it expires or is tampered with; another organization's cycles answer 404", async () => {
    const res = await api.request("GET", `/v2/health/rtm-cycles/${C.a2}/pdf-url`, as(fx.adminA));
    expect(res.status).toBe(200);
    const url = new URL(res.body.pdfUrl);
    expect((await api.request("GET", path(url.href))).status).toBe(200);
    const refused = { message: "This link has expired or is not valid.", status: 403 };
    // A changed signature, or the signature of this file on another file's token.
    const sig = url.searchParams.get("signature")!;
    const tampered = new URL(url.href);
    tampered.searchParams.set("signature", `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`);
    expect(await api.request("GET", path(tampered.href))).toMatchObject({ status: 403, body: refused });
    const otherFile = new URL(url.href);
    otherFile.pathname = `/files/${Buffer.from(`rtm/cycles/${C.b}.pdf`).toString("base64url")}`;
    expect(await api.request("GET", path(otherFile.href))).toMatchObject({ status: 403, body: refused });
    // Past its expiry (the configured TTL): the same URL is refused.
    const expires = Number(url.searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(api.config.signedUrlTtlSeconds * 1000);
    const clock = vi.spyOn(Date, "now").mockReturnValue(expires * 1000 + 1000);
    try {
      expect(await api.request("GET", path(url.href))).toMatchObject({ status: 403, body: refused });
    } finally {
      clock.mockRestore();
    }

    // Organization B sees none of it: the cycle, its summary, their PDFs, ADVANCE/REVERT.
    for (const who of [fx.adminB, fx.practitionerB]) {
      for (const [method, url2] of [["GET", `/v2/health/rtm-cycles/${C.a2}/pdf-url`], ["POST", `/v2/health/rtm-cycles/${C.a2}/advance`], ["POST", `/v2/health/rtm-cycles/${C.a2}/revert`]] as const) {
        expect(await api.request(method, url2, as(who))).toMatchObject({ status: 404, body: { message: "RTM cycle not found", status: 404 } });
      }
      const cyclesB = await api.request("GET", "/v2/health/rtm-cycles?limit=999", as(who));
      expect(JSON.stringify(cyclesB.body)).not.toContain(C.a2);
      expect(JSON.stringify(cyclesB.body)).not.toContain(pA1);
    }
    const summaryA = (await api.request("GET", "/v2/health/rtm-cycles/2026-03", as(fx.adminA))).body.items.find((s: { patientRecord: { id: string } }) => s.patientRecord.id === pA2);
    expect(await api.request("GET", `/v2/health/rtm-monthly-summaries/${summaryA.id}/pdf-url`, as(fx.practitionerB))).toMatchObject({ status: 404 });
  });
});

describe("settling ended cycles", () => {
  it("settles a cycle that ended while in progress and starts the next one", async () => {
    const patient = fx.patients.a2[1]!;
    const today = new Date().toISOString().slice(0, 10);
    const start = addDays(today, -31);
    const end = addDays(today, -2);
    const id = await cycle(patient, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", start, end);
    for (let d = 0; d < 16; d++) await session(patient, `${addDays(start, d)}T18:00:00Z`);
    const res = await api.request("GET", `/v2/health/rtm-cycles?locationId=${fx.orgA.locations[1]}&sortBy=START_DATE&orderBy=ASC&limit=50`, as(fx.adminA));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.items.filter((c: { patientRecord: { id: string } }) => c.patientRecord.id === patient);
    expect(mine.map((c: { id: string; status: string; numActiveDays: number }) => [c.id === id, c.status, c.numActiveDays])).toEqual([
      [true, "READY_TO_BILL", 16],
      [false, "IN_PROGRESS", 0],
    ]);
    expect(mine[1].startDate).toBe(addDays(end, 1));
    const month = end.slice(0, 7);
    const summary = await api.db.one<{ status: string }>("SELECT status FROM rtm_monthly_summaries WHERE patient_record_id = $1 AND year_month = $2", [patient, month]);
    expect(summary?.status).toBeDefined();
  });
});

describe("list invariants (cached counts, read-time numbers, settling without writes)", () => {
  const version = async (table: string) => (await api.db.one<{ version: string }>("SELECT version::text FROM table_versions WHERE name = $1", [table]))!.version;
  const cycles = (q: string) => api.request("GET", `/v2/health/rtm-cycles${q}`, as(fx.adminA));
  const total = async (q = "?limit=1") => (await cycles(q)).body.metadata.totalItems as number;

  it("keeps the cycle list's total exact across writes to cycles and patients", async () => {
    const before = await total();
    expect(await total()).toBe(before); // served from the cache
    const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: "Countwell" });
    const id = await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "ACTIVE_DAYS_INCOMPLETE", "2025-05-01", "2025-05-30");
    expect(await total()).toBe(before + 1);
    expect(await total("?limit=1&search=countwell")).toBe(1);
    expect(await total("?limit=1&status=ACTIVE_DAYS_INCOMPLETE&status=BILLED&search=countwell")).toBe(1);
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [p]);
    expect(await total()).toBe(before);
    expect(await total("?limit=1&search=countwell")).toBe(0);
    await api.db.query("UPDATE patient_records SET hidden = false WHERE id = $1", [p]);
    expect(await total()).toBe(before + 1);
    await api.db.query("UPDATE rtm_cycles SET status = 'BILLED' WHERE id = $1", [id]);
    expect(await total("?limit=1&status=ACTIVE_DAYS_INCOMPLETE&search=countwell")).toBe(0);
    expect(await total("?limit=1&status=BILLED&search=countwell")).toBe(1);
    await api.db.query("DELETE FROM rtm_cycles WHERE id = $1", [id]);
    expect(await total()).toBe(before);
  });

  it("keeps the monthly list's total exact across writes to summaries and cycles", async () => {
    const monthTotal = async (q = "?limit=1") => (await api.request("GET", `/v2/health/rtm-cycles/2025-06${q}`, as(fx.adminA))).body.metadata.totalItems as number;
    expect(await monthTotal()).toBe(0);
    const ps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[i % 2]!, practitionerId: fx.practitionerA1.practitionerId, lastName: `Monthly${i}` });
      await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", i === 0 ? "BILLED" : "ACTIVE_DAYS_INCOMPLETE", "2025-05-20", "2025-06-18");
      await summaries(p);
      ps.push(p);
    }
    expect(await monthTotal()).toBe(3);
    expect(await monthTotal()).toBe(3);
    expect(await monthTotal("?limit=1&status=BILLED")).toBe(1);
    await api.db.query("UPDATE rtm_cycles SET status = 'BILLED' WHERE patient_record_id = $1", [ps[1]]);
    expect(await monthTotal("?limit=1&status=BILLED")).toBe(2);
    await api.db.query("DELETE FROM rtm_monthly_summaries WHERE patient_record_id = $1", [ps[2]]);
    expect(await monthTotal()).toBe(2);
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [ps[0]]);
    expect(await monthTotal()).toBe(1);
    const page = await api.request("GET", "/v2/health/rtm-cycles/2025-06?limit=1&page=1", as(fx.adminA));
    expect(page.body.items.map((s: { patientRecord: { id: string } }) => s.patientRecord.id)).toEqual([ps[1]]);
  });

  it("answers numbers that follow new sessions, PRO answers and care notes at once", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: "Activefellow" });
    const id = await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", addDays(today, -10), addDays(today, 19));
    const get = async () => (await cycles("?search=activefellow")).body.items.find((c: { id: string }) => c.id === id);
    expect(await get()).toMatchObject({ numActiveDays: 0, interactionMinutes: 0, events: [] });
    await session(p, `${addDays(today, -9)}T18:00:00Z`);
    expect((await get()).numActiveDays).toBe(1);
    await session(p, `${addDays(today, -9)}T19:00:00Z`, true); // same day: still one active day
    await session(p, `${addDays(today, -8)}T18:00:00Z`);
    expect((await get()).numActiveDays).toBe(2);
    const q = randomUUID();
    await api.db.query("INSERT INTO pro_questions (id, patient_record_id, question_id, text, pro_answer_type) VALUES ($1, $2, 'LEVEL_OF_PAIN', 'Pain?', 'CHOICE')", [q, p]);
    await api.db.query("INSERT INTO pro_answers (id, pro_question_id, date_time, value) VALUES ($1, $2, $3, '2')", [randomUUID(), q, `${addDays(today, -7)}T18:00:00Z`]);
    await api.db.query(
      "INSERT INTO interactions (id, patient_record_id, date, minutes, notes, interaction_type, is_patient_interaction) VALUES ($1, $2, $3, 15, 'Call', NULL, false)",
      [randomUUID(), p, addDays(today, -6)],
    );
    const after = await get();
    expect(after.numActiveDays).toBe(3);
    expect(after.interactionMinutes).toBe(15);
    expect(after.events.map((e: { type: string }) => e.type)).toEqual(["HEP_SESSION", "SELF_REPORTED_HEP_SESSION", "HEP_SESSION", "PRO_RESPONSE", "PATIENT_INTERACTION"]);
  });

  it("answers every sort in the same order as sorting the whole list", async () => {
    const all = (await cycles("?limit=999")).body.items as { id: string; code: string; status: string; startDate: string; endDate: string; patientRecord: { firstName: string; lastName: string } }[];
    expect(all.length).toBeGreaterThan(5);
    const statusRank = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"];
    const codeRank = ["PATIENT_SETUP", "DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION", "BRIEF_PATIENT_INTERACTION", "PATIENT_INTERACTION", "ADDITIONAL_PATIENT_INTERACTION"];
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const keys: Record<string, (c: (typeof all)[number]) => (string | number)[]> = {
      START_DATE: (c) => [c.startDate, c.id],
      END_DATE: (c) => [c.endDate, c.id],
      STATUS: (c) => [statusRank.indexOf(c.status), c.startDate, c.id],
      CODE: (c) => [codeRank.indexOf(c.code), c.startDate, c.id],
    };
    for (const [sortBy, key] of Object.entries(keys)) {
      for (const orderBy of ["ASC", "DESC"]) {
        const expected = [...all].sort((a, b) => {
          const ka = key(a), kb = key(b);
          for (let i = 0; i < ka.length; i++) if (cmp(ka[i]!, kb[i]!) !== 0) return orderBy === "ASC" ? cmp(ka[i]!, kb[i]!) : -cmp(ka[i]!, kb[i]!);
          return 0;
        });
        const pages = [...(await cycles(`?sortBy=${sortBy}&orderBy=${orderBy}&limit=3&page=1`)).body.items, ...(await cycles(`?sortBy=${sortBy}&orderBy=${orderBy}&limit=3&page=2`)).body.items];
        expect(pages.map((c: { id: string }) => c.id), `${sortBy} ${orderBy}`).toEqual(expected.slice(0, 6).map((c) => c.id));
      }
    }
  });

  it("sorts the monthly list by status, then name, over pages", async () => {
    const statuses = ["BILLED", "READY_TO_BILL", "IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "IN_PROGRESS", "BILLED", "IN_PROGRESS", "BILLED"];
    const names = ["Ng", "abel", "Zimmer", "Baker", "Abel", "ng", "Young", "Adams", "Cole"];
    for (let i = 0; i < statuses.length; i++) {
      const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[i % 2]!, practitionerId: fx.practitionerA1.practitionerId, firstName: `F${i}`, lastName: names[i] });
      await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "ACTIVE_DAYS_INCOMPLETE", "2025-07-20", "2025-08-18");
      await summaries(p);
      await api.db.query("UPDATE rtm_monthly_summaries SET status = $2 WHERE patient_record_id = $1", [p, statuses[i]]);
    }
    const rank = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"];
    type S = { id: string; status: string };
    for (const orderBy of ["ASC", "DESC"]) {
      const byName = (await api.request("GET", `/v2/health/rtm-cycles/2025-08?limit=999&orderBy=${orderBy}`, as(fx.adminA))).body.items as S[];
      expect(byName).toHaveLength(statuses.length);
      const sign = orderBy === "ASC" ? 1 : -1;
      const expected = [...byName].sort((a, b) => sign * (rank.indexOf(a.status) - rank.indexOf(b.status))); // stable: name order within a status
      const got: S[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await api.request("GET", `/v2/health/rtm-cycles/2025-08?sortBy=STATUS&orderBy=${orderBy}&limit=2&page=${page}`, as(fx.adminA));
        expect(res.body.metadata.totalItems).toBe(statuses.length);
        got.push(...res.body.items);
      }
      expect(got.map((x) => x.id), orderBy).toEqual(expected.map((x) => x.id));
    }
  });

  it("does not write when nothing has ended, and settles an ended cycle once", async () => {
    const v0 = [await version("rtm_cycles"), await version("rtm_monthly_summaries")];
    await cycles("?limit=5");
    await api.request("GET", "/v2/health/rtm-cycles/2026-03", as(fx.adminA));
    expect([await version("rtm_cycles"), await version("rtm_monthly_summaries")]).toEqual(v0);
    const today = new Date().toISOString().slice(0, 10);
    const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: "Settler" });
    const id = await cycle(p, "PATIENT_SETUP", "IN_PROGRESS", addDays(today, -40), addDays(today, -11));
    const v1 = await version("rtm_cycles");
    const res = await cycles("?search=settler");
    expect(res.body.items.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[id, "ACTIVE_DAYS_INCOMPLETE"]]);
    const v2 = await version("rtm_cycles");
    expect(v2).not.toBe(v1);
    await cycles("?search=settler");
    expect(await version("rtm_cycles")).toBe(v2);
  });

  it("settles again when the organization's day moves on, even without a write", async () => {
    const localToday = async () => (await api.db.one<{ d: string }>("SELECT ((now() AT TIME ZONE timezone)::date)::text AS d FROM organizations WHERE id = $1", [fx.orgA.id]))!.d;
    await api.db.query("UPDATE organizations SET timezone = 'Pacific/Pago_Pago' WHERE id = $1", [fx.orgA.id]); // UTC-11
    try {
      const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: "Daymover" });
      const end = await localToday();
      const id = await cycle(p, "PATIENT_SETUP", "IN_PROGRESS", addDays(end, -29), end);
      const status = async () => (await cycles("?search=daymover")).body.items.find((c: { id: string }) => c.id === id).status;
      expect(await status()).toBe("IN_PROGRESS");
      expect(await status()).toBe("IN_PROGRESS"); // nothing to settle: remembered for this day and version
      await api.db.query("UPDATE organizations SET timezone = 'Pacific/Kiritimati' WHERE id = $1", [fx.orgA.id]); // UTC+14: a later day
      expect(await status()).toBe("ACTIVE_DAYS_INCOMPLETE");
    } finally {
      await api.db.query("UPDATE organizations SET timezone = 'America/Denver' WHERE id = $1", [fx.orgA.id]);
    }
  });

  it("reads the page again when something was written between the page and the settling lookup", async () => {
    const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: "Racer" });
    const id = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", "2025-01-01", "2025-01-30");
    let reads = 0;
    const read = async () => {
      reads++;
      const rows = await api.db.query<{ status: string; sv: string | null }>(`SELECT status, ${SETTLE_VERSION_SQL} AS sv FROM rtm_cycles WHERE id = $1`, [id]);
      // Another request writes right after this page was read (once).
      if (reads === 1) await api.db.query("UPDATE rtm_cycles SET status = 'BILLED' WHERE id = $1", [id]);
      return rows;
    };
    const rows = await readSettled(api.db, fx.orgA.id, undefined, read);
    expect(reads).toBe(2);
    expect(rows.map((r) => r.status)).toEqual(["BILLED"]);
    // Nothing written since: the page stands, and the next read is not repeated either.
    reads = 1;
    expect((await readSettled(api.db, fx.orgA.id, undefined, read)).map((r) => r.status)).toEqual(["BILLED"]);
    expect(reads).toBe(2);
  });
});

describe("statuses follow the events (ADR 008)", () => {
  type Cycle = {
    id: string; code: string; status: string; startDate: string; endDate: string; interactionMinutes: number; needs: { text: string; reachable: boolean } | null;
    renderingPractitioner: { id: string } | null; billedBy: { id: string } | null; modifiers: string[]; events: { practitioner: { id: string; credential: string | null } | null }[];
    episodeStart: string;
  };
  const localToday = async () => (await api.db.one<{ d: string }>("SELECT ((now() AT TIME ZONE timezone)::date)::text AS d FROM organizations WHERE id = $1", [fx.orgA.id]))!.d;
  const newPatient = (lastName: string) => createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName });
  const cyclesOf = async (lastName: string): Promise<Cycle[]> => {
    const res = await api.request("GET", `/v2/health/rtm-cycles?search=${lastName}&sortBy=CODE&orderBy=ASC&limit=50`, as(fx.adminA));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const byCode = async (lastName: string) => Object.fromEntries((await cyclesOf(lastName)).map((c) => [c.code, c])) as Record<string, Cycle>;
  const note = async (patientId: string, body: Record<string, unknown>) => {
    const res = await api.request("POST", `/v2/patients/${patientId}/interactions`, { ...as(fx.practitionerA1), body: { notes: "Call", ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; rtmCycleStatus: string | null; practitioner: { id: string; firstName: string; lastName: string } | null };
  };
  const summaryStatus = async (patientId: string, month: string) =>
    (await api.db.one<{ status: string }>("SELECT status FROM rtm_monthly_summaries WHERE patient_record_id = $1 AND year_month = $2", [patientId, month]))?.status;

  it("care notes re-derive the care-management cycle at once; 98981 opens above 20 minutes; deleting the note takes it back", async () => {
    const today = await localToday();
    const p = await newPatient("Notewright");
    const [start, end] = [addDays(today, -10), addDays(today, 19)];
    await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", start, end);
    await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", start, end);
    await summaries(p);
    let c = await byCode("notewright");
    expect(c.PATIENT_INTERACTION!.needs).toEqual({ text: "0 of 20 minutes of care management; no live interaction logged yet", reachable: true });
    expect(c.DEVICE_AND_DATA_TRANSMISSION!.needs).toEqual({ text: "0 of 16 active days — 16 more needed in the 20 days left", reachable: true });

    const first = await note(p, { date: addDays(today, -2), minutes: 14, isPatientInteraction: false });
    expect(first.rtmCycleStatus).toBe("IN_PROGRESS");
    c = await byCode("notewright");
    expect(c.PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 14, needs: { text: "14 of 20 minutes of care management; no live interaction logged yet", reachable: true } });

    // The same note, now 20 minutes of interactive communication: met so far, in progress until the period closes (ADR 043).
    const patched = await api.request("PATCH", `/v2/patients/${p}/interactions/${first.id}`, { ...as(fx.practitionerA1), body: { minutes: 20, liveInteraction: { method: "VIDEO", twoWay: true } } });
    expect(patched.status).toBe(200);
    expect(patched.body.rtmCycleStatus).toBe("IN_PROGRESS");
    c = await byCode("notewright");
    expect(c.PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: /), reachable: true }, billNow: expect.stringMatching(/^Bill /) });
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toBeUndefined();
    expect(await summaryStatus(p, end.slice(0, 7))).toBe("IN_PROGRESS");

    // 12 more minutes: 32 in the period, above 20, so its 98981 cycle opens (same dates), short of 40.
    const second = await note(p, { date: addDays(today, -1), minutes: 12 });
    c = await byCode("notewright");
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", startDate: start, endDate: end, interactionMinutes: 32, needs: { text: "32 of 40 minutes of care management", reachable: true } });
    await note(p, { date: today, minutes: 8 });
    c = await byCode("notewright");
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: /), reachable: true }, billNow: expect.stringMatching(/^Bill /) });

    // The interactive note goes: 98980 loses its interactive communication, and with 20 minutes left the
    // period's 98981 cycle (not billed) closes again.
    expect((await api.request("DELETE", `/v2/patients/${p}/interactions/${first.id}`, as(fx.practitionerA1))).status).toBe(204);
    c = await byCode("notewright");
    expect(c.PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: "20 minutes of care management; no live interaction logged yet", reachable: true } });
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toBeUndefined();
    expect(await summaryStatus(p, end.slice(0, 7))).toBe("IN_PROGRESS");
    // A note moved out of the cycle: the cycle holding its old date follows too.
    expect((await api.request("PATCH", `/v2/patients/${p}/interactions/${second.id}`, { ...as(fx.practitionerA1), body: { date: addDays(start, -1) } })).status).toBe(200);
    expect((await byCode("notewright")).PATIENT_INTERACTION!.interactionMinutes).toBe(8);
    // Only the text: nothing to re-derive (no write to the cycles).
    const v = await api.db.one<{ version: string }>("SELECT version::text FROM table_versions WHERE name = 'rtm_cycles'");
    expect((await api.request("PATCH", `/v2/patients/${p}/interactions/${second.id}`, { ...as(fx.practitionerA1), body: { notes: "Reworded" } })).status).toBe(200);
    expect(await api.db.one<{ version: string }>("SELECT version::text FROM table_versions WHERE name = 'rtm_cycles'")).toEqual(v);
  });

  it("billing never blocks documentation (ADR 043): a device bill freezes no care note; Bill now after confirming; only the evidence is frozen; time after the bill is shown with what it would reach", async () => {
    const today = await localToday();
    const p = await newPatient("Afterbill");
    const [start, end] = monthBounds(today.slice(0, 7));
    // 98975 with 2 days of data is Ready at once (nothing better can happen, ADR 043) and billed.
    const setup = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", addDays(today, -1), addDays(today, 28));
    await cycle(p, "BRIEF_PATIENT_INTERACTION", "IN_PROGRESS", start, end);
    await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", start, end);
    await summaries(p);
    await session(p, `${addDays(today, -1)}T20:00:00Z`);
    await session(p, `${today}T20:00:00Z`);
    const setupBilled = await api.request("POST", `/v2/health/rtm-cycles/${setup}/advance`, as(fx.adminA));
    expect(setupBilled.status, JSON.stringify(setupBilled.body)).toBe(200);
    // A care note dated inside the billed interval is added (it used to be refused: "This date is in a billed cycle").
    const first = await note(p, { date: today, minutes: 10, liveInteraction: { method: "PHONE", twoWay: true } });
    expect(first.rtmCycleStatus).toBe("IN_PROGRESS");

    // 98979 at 10 minutes while the month runs: met so far, not Ready; ADVANCE without Bill now names the rule.
    let c = await byCode("afterbill");
    expect(c.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: { text: expect.stringMatching(/^Met so far: 98979 — ready when \w+ closes \(\d+ days?\)$/) }, billNow: expect.stringMatching(/^Bill 98979 now, before \w+ closes/) });
    const brief = c.BRIEF_PATIENT_INTERACTION!.id;
    const refused = await api.request("POST", `/v2/health/rtm-cycles/${brief}/advance`, as(fx.adminA));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: "BILL_WHEN_PERIOD_CLOSES", message: expect.stringMatching(/^A period is billed when it closes, or when nothing better can happen: Bill 98979 now/) });
    const billed = await api.request("POST", `/v2/health/rtm-cycles/${brief}/advance?billNow=true`, as(fx.adminA));
    expect(billed.status, JSON.stringify(billed.body)).toBe(200);
    expect(billed.body).toMatchObject({ status: "BILLED", interactionMinutes: 10, afterBill: null, billNow: null });

    // The bill's evidence is frozen; a new note in the billed month is added, and it is time after the bill.
    const frozen = await api.request("PATCH", `/v2/patients/${p}/interactions/${first.id}`, { ...as(fx.practitionerA1), body: { minutes: 12 } });
    expect(frozen.status).toBe(409);
    expect((await api.request("DELETE", `/v2/patients/${p}/interactions/${first.id}`, as(fx.practitionerA1))).status).toBe(409);
    const later = await api.request("POST", `/v2/patients/${p}/interactions`, { ...as(fx.practitionerA1), body: { notes: "More care", date: today, minutes: 10 } });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body).toMatchObject({ rtmCycleStatus: "ACTIVE_DAYS_INCOMPLETE", afterBill: { codes: ["98979"], billedOn: today, wouldReach: "98980" } });
    const notes = (await api.request("GET", `/v2/patients/${p}/interactions`, as(fx.practitionerA1))).body as { id: string; rtmCycleStatus: string; afterBill: unknown }[];
    expect(notes.find((n) => n.id === first.id)).toMatchObject({ rtmCycleStatus: "BILLED", afterBill: null });
    c = await byCode("afterbill");
    expect(c.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "BILLED", interactionMinutes: 10, afterBill: { minutes: 10, codes: ["98979"], billedOn: today, wouldReach: "98980" } });
    expect((c.BRIEF_PATIENT_INTERACTION as unknown as { events: { id: string; afterBill: boolean }[] }).events.find((e) => e.id === later.body.id)?.afterBill).toBe(true);
    // 98980 stays refused by its rule while 98979 is billed.
    expect(c.PATIENT_INTERACTION!.needs?.text).toMatch(/^98979 is never billed with 98980 or 98981 in the same calendar month/);
    // Time after the bill is not frozen: it can be changed and deleted.
    expect((await api.request("PATCH", `/v2/patients/${p}/interactions/${later.body.id}`, { ...as(fx.practitionerA1), body: { minutes: 11 } })).status).toBe(200);
    // REVERT releases the evidence: the month's 20+ minutes are 98980's.
    expect((await api.request("POST", `/v2/health/rtm-cycles/${brief}/revert`, as(fx.adminA))).status).toBe(200);
    c = await byCode("afterbill");
    expect(c.PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 21, needs: { text: expect.stringMatching(/^Met so far: 98980/) } });
    expect((await api.request("PATCH", `/v2/patients/${p}/interactions/${first.id}`, { ...as(fx.practitionerA1), body: { minutes: 12 } })).status).toBe(200);
  });

  it("revert in order (ADR 043): 98980 is not reverted while its month's 98981 is billed", async () => {
    const p = await newPatient("Revertorder");
    const [start, end] = ["2026-02-01", "2026-02-28"];
    const base = await cycle(p, "PATIENT_INTERACTION", "BILLED", start, end);
    const addOn = await cycle(p, "ADDITIONAL_PATIENT_INTERACTION", "BILLED", start, end);
    await summaries(p);
    const refused = await api.request("POST", `/v2/health/rtm-cycles/${base}/revert`, as(fx.adminA));
    expect(refused.status).toBe(409);
    expect(refused.body.rule).toBe("ADDITIONAL_NEEDS_BASE");
    expect(refused.body.message).toMatch(/^98981 is billed only with 98980: 98981 is billed for Feb 1 – Feb 28 \(\w+ \d+\); revert 98981 first$/);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${addOn}/revert`, as(fx.adminA))).status).toBe(200);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${base}/revert`, as(fx.adminA))).status).toBe(200);
  });

  it("only a two-way phone or video call is the live interaction; an unsuccessful attempt counts for nothing (ADR 033)", async () => {
    const today = await localToday();
    const p = await newPatient("Callwell");
    const [start, end] = monthBounds(today.slice(0, 7));
    await cycle(p, "BRIEF_PATIENT_INTERACTION", "IN_PROGRESS", start, end);
    await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", start, end);
    await summaries(p);
    // 15 minutes: an interactive note whose method is not recorded (the spec's flag alone), a one-way video call.
    const legacy = await note(p, { date: today, minutes: 14, isPatientInteraction: true });
    await note(p, { date: today, minutes: 1, liveInteraction: { method: "VIDEO", twoWay: false } });
    // An unsuccessful phone attempt of 30 minutes: no minutes (98981 does not open either), no live call.
    const attempt = await note(p, { date: today, minutes: 30, liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true });
    let c = await byCode("callwell");
    expect(c.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: false, needs: { text: "15 minutes of care management; no live interaction logged yet" } });
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toBeUndefined();
    // The attempt is listed among the cycle's events for the record, flagged, with its call and author; its minutes are
    // not in the cycle's 15. The older note says its method was not recorded (no call, the flag).
    const events = (c.BRIEF_PATIENT_INTERACTION as unknown as { events: Record<string, unknown>[] }).events;
    expect(events.find((e) => e.id === attempt.id)).toMatchObject({
      type: "PATIENT_INTERACTION", minutes: 30, patientInteractionType: null, source: "TYPED", liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true,
      practitioner: attempt.practitioner,
    });
    expect(attempt.practitioner).toMatchObject({ id: expect.any(String), lastName: expect.any(String) });
    expect(events.find((e) => e.id === legacy.id)).toMatchObject({ liveInteraction: null, patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION", unsuccessfulAttempt: false });
    // The older note's method recorded: a two-way phone call. 15 minutes with a live call reach 98979.
    const patched = await api.request("PATCH", `/v2/patients/${p}/interactions/${legacy.id}`, { ...as(fx.practitionerA1), body: { liveInteraction: { method: "PHONE", twoWay: true } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    c = await byCode("callwell");
    expect(c.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: true, needs: { text: expect.stringMatching(/^Met so far: 98979 — ready when \w+ closes \(\d+ days?\)$/), reachable: true } });
    // The attempt turned into a real 30-minute call (not an attempt any more): 45 minutes, 98980, and 98981 opens.
    const real = await api.request("PATCH", `/v2/patients/${p}/interactions/${attempt.id}`, { ...as(fx.practitionerA1), body: { liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: false } });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    c = await byCode("callwell");
    expect(c.PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 45 });
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 45 });
    // Back to an unsuccessful attempt: 98981 closes again, 15 minutes remain.
    expect((await api.request("PATCH", `/v2/patients/${p}/interactions/${attempt.id}`, { ...as(fx.practitionerA1), body: { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true } })).status).toBe(200);
    c = await byCode("callwell");
    expect(c.ADDITIONAL_PATIENT_INTERACTION).toBeUndefined();
    expect(c.BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", interactionMinutes: 15 });
  });

  it("migration 137: an older interactive note (method not recorded) no longer counts as the live call; the daily pass re-derives its month", async () => {
    const today = await localToday();
    const p = await newPatient("Oldnote");
    const [start, end] = monthBounds(today.slice(0, 7));
    const brief = await cycle(p, "BRIEF_PATIENT_INTERACTION", "READY_TO_BILL", start, end);
    await api.db.query("UPDATE rtm_cycles SET next_check_on = $2 WHERE id = $1", [brief, addDays(end, 1)]);
    await api.db.query(
      "INSERT INTO interactions (id, patient_record_id, date, minutes, notes, interaction_type, is_patient_interaction) VALUES ($1, $2, $3, 15, 'Call', 'PATIENT_INTERACTIVE_COMMUNICATION', true)",
      [randomUUID(), p, today],
    );
    await summaries(p);
    const sql = readFileSync(new URL("../../db/migrations/137_care_note_live_interaction.sql", import.meta.url), "utf8");
    await api.db.exec(sql.slice(sql.indexOf("UPDATE rtm_cycles")));
    expect((await byCode("oldnote")).BRIEF_PATIENT_INTERACTION).toMatchObject({
      status: "IN_PROGRESS", interactionMinutes: 15, liveInteraction: false, needs: { text: "15 minutes of care management; no live interaction logged yet" },
    });
  });

  it("the first program opens the episode: set-up, device and care-management cycles from today; a 20-minute interactive note bills 98980", async () => {
    const today = await localToday();
    const p = await newPatient("Episodic");
    const hep = randomUUID();
    await api.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'Knee')", [hep, fx.orgA.id]);
    const assigned = await api.request("POST", `/v2/health/patients/${p}/assignments`, { ...as(fx.practitionerA1), body: { hepId: hep } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const c = await cyclesOf("episodic");
    // Two clocks (ADR 033): the device codes for 30 days, care management for the rest of the calendar month.
    const monthEnd = monthBounds(today.slice(0, 7))[1];
    expect(c.map((x) => [x.code, x.status, x.startDate, x.endDate])).toEqual([
      ["PATIENT_SETUP", "IN_PROGRESS", today, addDays(today, 29)],
      ["DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", today, addDays(today, 29)],
      ["SHORT_DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", today, addDays(today, 29)],
      ["BRIEF_PATIENT_INTERACTION", "IN_PROGRESS", today, monthEnd],
      ["PATIENT_INTERACTION", "IN_PROGRESS", today, monthEnd],
    ]);
    expect(c[0]!.needs).toEqual({ text: "0 of 2 active days — 2 more needed in the 30 days left", reachable: true });
    expect(await summaryStatus(p, addDays(today, 29).slice(0, 7))).toBe("IN_PROGRESS");
    // The assignment is the episode's first event.
    const events = (await api.request("GET", `/v2/health/rtm-cycles?search=episodic&limit=1`, as(fx.adminA))).body.items[0].events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(["INITIAL_HEP_ASSIGNMENT"]);

    // Another program later: no second episode.
    const hep2 = randomUUID();
    await api.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'Hip')", [hep2, fx.orgA.id]);
    expect((await api.request("POST", `/v2/health/patients/${p}/assignments`, { ...as(fx.practitionerA1), body: { hepId: hep2 } })).status).toBe(200);
    expect(await cyclesOf("episodic")).toHaveLength(5);

    const n = await note(p, { date: today, minutes: 20, liveInteraction: { method: "PHONE", twoWay: true } });
    // Met so far while the month runs: ready when it closes (ADR 043).
    expect(n.rtmCycleStatus).toBe("IN_PROGRESS");
    const after = Object.fromEntries((await cyclesOf("episodic")).map((x) => [x.code, x.status]));
    expect(after).toEqual({
      PATIENT_SETUP: "IN_PROGRESS",
      DEVICE_AND_DATA_TRANSMISSION: "IN_PROGRESS",
      SHORT_DEVICE_AND_DATA_TRANSMISSION: "IN_PROGRESS",
      // 20 minutes are 98980's: 98979 no longer applies this month.
      BRIEF_PATIENT_INTERACTION: "ACTIVE_DAYS_INCOMPLETE",
      PATIENT_INTERACTION: "IN_PROGRESS",
    });
  });

  it("98975 once per episode: billing one set-up makes another not billable, and REVERT makes it billable again", async () => {
    const today = await localToday();
    const p = await newPatient("Setupson");
    const [s1, e1] = [addDays(today, -70), addDays(today, -41)];
    const [s2, e2] = [addDays(today, -40), addDays(today, -11)];
    const one = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", s1, e1);
    const two = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", s2, e2);
    for (let d = 0; d < 16; d++) await session(p, `${addDays(s2, d)}T18:00:00Z`);
    for (let d = 0; d < 2; d++) await session(p, `${addDays(s1, d)}T18:00:00Z`);
    await summaries(p);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${one}/advance`, as(fx.adminA))).status).toBe(200);
    const billedOn = (await api.db.one<{ d: string }>("SELECT (billed_at AT TIME ZONE 'America/Denver')::date::text AS d FROM rtm_cycles WHERE id = $1", [one]))!.d;
    const second = (await cyclesOf("setupson")).find((c) => c.id === two)!;
    expect(second.status).toBe("ACTIVE_DAYS_INCOMPLETE");
    const rule = `98975 once per episode of care: set-up already billed for this episode of care (${shortDate(billedOn)})`;
    expect(second.needs).toEqual({ text: rule, reachable: false });
    // Refused with the rule named (ADR 033), whatever the status shows.
    const refused = await api.request("POST", `/v2/health/rtm-cycles/${two}/advance`, as(fx.adminA));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: rule, status: 409, rule: "SETUP_ONCE_PER_EPISODE" });
    expect((await api.request("POST", `/v2/health/rtm-cycles/${one}/revert`, as(fx.adminA))).status).toBe(200);
    expect((await cyclesOf("setupson")).find((c) => c.id === two)).toMatchObject({ status: "READY_TO_BILL", needs: null });
  });

  it("a new plan of care after discharge starts a new episode: its own 98975 and intervals from its start (issue 32, ADR 049)", async () => {
    const today = await localToday();
    const p = await newPatient("Readmitted");
    // The first episode: its set-up billed, its device interval ended.
    const [s1, e1] = [addDays(today, -70), addDays(today, -41)];
    const firstSetup = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", s1, e1);
    await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "ACTIVE_DAYS_INCOMPLETE", s1, e1);
    await cycle(p, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", s1, e1);
    for (let d = 0; d < 2; d++) await session(p, `${addDays(s1, d)}T18:00:00Z`);
    await summaries(p);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${firstSetup}/advance`, as(fx.adminA))).status).toBe(200);
    // Discharged 20 days ago; readmitted with a new plan of care from 10 days ago, the program's data since then.
    await api.db.query("UPDATE plans_of_care SET start_date = $2 WHERE patient_record_id = $1", [p, addDays(today, -80)]);
    const discharged = await api.request("PATCH", `/v2/patients/${p}/plan-of-care`, { ...as(fx.adminA), body: { end: addDays(today, -20) } });
    expect(discharged.status, JSON.stringify(discharged.body)).toBe(200);
    const start = addDays(today, -10);
    for (let d = 0; d < 2; d++) await session(p, `${addDays(start, d)}T18:00:00Z`);
    const plan = await api.request("POST", `/v2/patients/${p}/plan-of-care`, { ...as(fx.adminA), body: { start, locationId: fx.orgA.locations[0], injuredBodyPart: "KNEE" } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const byStart = (code: string) => async () => (await cyclesOf("readmitted")).filter((c) => c.code === code).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const setups = await byStart("PATIENT_SETUP")();
    // A new episode: a new set-up from the plan's start, Ready at 2 days though the first episode's 98975 is billed.
    expect(setups.map((c) => [c.startDate, c.endDate, c.status, c.episodeStart])).toEqual([
      [s1, e1, "BILLED", s1],
      [start, addDays(start, 29), "READY_TO_BILL", start],
    ]);
    expect((await byStart("DEVICE_AND_DATA_TRANSMISSION")()).map((c) => [c.startDate, c.episodeStart])).toEqual([[s1, s1], [start, start]]);
    // The months follow on from the plan's start to today, in the new episode (a start in last month included).
    const months = await byStart("PATIENT_INTERACTION")();
    expect(months.at(-1)).toMatchObject({ endDate: monthBounds(today.slice(0, 7))[1], episodeStart: start });
    expect(months.filter((c) => c.episodeStart === start)[0]!.startDate).toBe(start);
    const billed = await api.request("POST", `/v2/health/rtm-cycles/${setups[1]!.id}/advance`, as(fx.adminA));
    expect(billed.status, JSON.stringify(billed.body)).toBe(200);
    expect(billed.body).toMatchObject({ billingCode: "98975", status: "BILLED", episodeStart: start });
    // Another set-up of the new episode is still refused: once per episode.
    const again = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", addDays(start, 1), addDays(start, 30));
    await api.db.query("UPDATE rtm_cycles SET episode_start = $2 WHERE id = $1", [again, start]);
    const refused = await api.request("POST", `/v2/health/rtm-cycles/${again}/advance`, as(fx.adminA));
    expect(refused.status).toBe(409);
    expect(refused.body.rule).toBe("SETUP_ONCE_PER_EPISODE");
    // A new plan of care of a patient who never had an episode opens none (the first program does).
    const fresh = await newPatient("Neverepisode");
    await api.db.query("UPDATE plans_of_care SET start_date = $2 WHERE patient_record_id = $1", [fresh, addDays(today, -80)]);
    expect((await api.request("PATCH", `/v2/patients/${fresh}/plan-of-care`, { ...as(fx.adminA), body: { end: addDays(today, -20) } })).status).toBe(200);
    expect((await api.request("POST", `/v2/patients/${fresh}/plan-of-care`, { ...as(fx.adminA), body: { start, locationId: fx.orgA.locations[0], injuredBodyPart: "KNEE" } })).status).toBe(201);
    expect(await cyclesOf("neverepisode")).toEqual([]);
  });

  it("the device clock of an interval that ends next month shows in this month's summary, its days so far (issue 32, ADR 049)", async () => {
    const today = await localToday();
    const month = today.slice(0, 7);
    const [first, last] = monthBounds(month);
    const p = await newPatient("Crossing");
    const end = addDays(last, 5);
    const start = addDays(end, -29);
    await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", start, end);
    await cycle(p, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", start, end);
    await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", first, last);
    for (let d = 0; d < 3; d++) await session(p, `${addDays(start, d)}T18:00:00Z`);
    await summaries(p);
    const listed = await api.request("GET", `/v2/health/rtm-cycles/${month}?search=crossing`, as(fx.adminA));
    expect(listed.status).toBe(200);
    const summary = listed.body.items[0];
    // This month lists the cycles ending in it (the care month), and the interval running past its end apart, once.
    expect(summary.cycles.map((c: { code: string }) => c.code)).toEqual(["PATIENT_INTERACTION"]);
    expect(summary.runningIntervals).toEqual([
      { startDate: start, endDate: end, numActiveDays: 3, numRemainingDays: remainingDays({ start_date: start, end_date: end, today }), projection: expect.any(String) },
    ]);
    // The month it ends in lists its cycles (and bills them); nothing runs past that month's end.
    const next = await api.request("GET", `/v2/health/rtm-cycles/${end.slice(0, 7)}?search=crossing`, as(fx.adminA));
    expect(next.body.items[0].cycles.map((c: { code: string }) => c.code)).toEqual(["DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION"]);
    expect(next.body.items[0].runningIntervals).toEqual([]);
  });

  it("the billing office marks any code billed; one practitioner per 30 days compares the rendering practitioners, not who clicked (issue 32)", async () => {
    const today = await localToday();
    const p = await newPatient("Rendering");
    const [s, e] = [addDays(today, -40), addDays(today, -11)];
    const setup = await cycle(p, "PATIENT_SETUP", "READY_TO_BILL", s, e);
    const supply = await cycle(p, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", s, e);
    for (let d = 0; d < 3; d++) await session(p, `${addDays(s, d)}T18:00:00Z`);
    await summaries(p);
    // The clinician marks 98975; the patient's billing practitioner is the primary provider (A1).
    expect((await api.request("POST", `/v2/health/rtm-cycles/${setup}/advance`, as(fx.practitionerA1))).status).toBe(200);
    // The billing office (an admin) marks 98985: the same rendering practitioner, so it is accepted.
    const office = await api.request("POST", `/v2/health/rtm-cycles/${supply}/advance`, as(fx.adminA));
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    const a1 = { id: fx.practitionerA1.practitionerId, npi: null, credential: null };
    expect(office.body).toMatchObject({ status: "BILLED", renderingPractitioner: a1, billedBy: { id: fx.adminA.practitionerId }, modifiers: ["GP"] });
    expect(Date.parse(office.body.billedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Reverted, and the patient's billing practitioner changed to A2: 98985 is refused, the rule named.
    expect((await api.request("POST", `/v2/health/rtm-cycles/${supply}/revert`, as(fx.adminA))).status).toBe(200);
    await api.db.query("UPDATE practitioners SET credential = 'PT', npi = '1234567893' WHERE id = $1", [fx.practitionerA2.practitionerId]);
    const change = await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.adminA), body: { rtmBillingPractitionerId: fx.practitionerA2.practitionerId } });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body.rtmBillingPractitioner).toMatchObject({ id: fx.practitionerA2.practitionerId, npi: "1234567893", credential: "PT" });
    const refused = await api.request("POST", `/v2/health/rtm-cycles/${supply}/advance`, as(fx.adminA));
    expect(refused.status).toBe(409);
    expect(refused.body.rule).toBe("DEVICE_ONE_PRACTITIONER");
    expect(refused.body.message).toMatch(/^Only one practitioner bills a patient's device supply in 30 days: another practitioner billed 98975/);
    // The cycle not billed names the billing practitioner now; the billed one who it was billed under.
    const list = Object.fromEntries((await cyclesOf("rendering")).map((c) => [c.id, c]));
    expect(list[supply]!.renderingPractitioner).toMatchObject({ id: fx.practitionerA2.practitionerId });
    expect(list[setup]!.renderingPractitioner).toMatchObject({ id: fx.practitionerA1.practitionerId });
    expect(list[setup]!.billedBy).toMatchObject({ id: fx.practitionerA1.practitionerId });
    // Back to the primary provider: accepted again.
    expect((await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.adminA), body: { rtmBillingPractitionerId: null } })).status).toBe(200);
    expect((await api.request("POST", `/v2/health/rtm-cycles/${supply}/advance`, as(fx.adminA))).status).toBe(200);
  });

  it("who may choose the billing practitioner, and who can be one (issue 32)", async () => {
    const p = await newPatient("Chooser");
    const body = (id: string | null) => ({ body: { rtmBillingPractitionerId: id } });
    // Another practitioner of the organization who sees the patient is neither its primary nor billing practitioner.
    await api.db.query("UPDATE practitioner_locations SET location_id = $2 WHERE practitioner_id = $1", [fx.practitionerA2.practitionerId, fx.orgA.locations[0]]);
    try {
      const other = await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.practitionerA2), ...body(fx.adminA.practitionerId) });
      expect(other.status).toBe(403);
    } finally {
      await api.db.query("UPDATE practitioner_locations SET location_id = $2 WHERE practitioner_id = $1", [fx.practitionerA2.practitionerId, fx.orgA.locations[1]]);
    }
    // The primary provider may; a PTA cannot bill (400 at the field); an unknown provider neither.
    await api.db.query("UPDATE practitioners SET credential = 'PTA' WHERE id = $1", [fx.practitionerA2.practitionerId]);
    const pta = await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.practitionerA1), ...body(fx.practitionerA2.practitionerId) });
    expect(pta.status).toBe(400);
    expect(pta.body.message).toMatch(/^rtmBillingPractitionerId: A physical therapist assistant cannot be the billing practitioner/);
    expect((await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.practitionerA1), ...body(randomUUID()) })).status).toBe(400);
    const ok = await api.request("PATCH", `/v2/patients/${p}`, { ...as(fx.practitionerA1), ...body(fx.adminA.practitionerId) });
    expect(ok.status).toBe(200);
    expect(ok.body.rtmBillingPractitioner.id).toBe(fx.adminA.practitionerId);
    await api.db.query("UPDATE practitioners SET credential = NULL, npi = NULL WHERE id = $1", [fx.practitionerA2.practitionerId]);
  });

  it("CQ when PTAs wrote more than 10 % of a care-management code's minutes; GP always (issue 32)", async () => {
    const p = await newPatient("Modifiers");
    const month = (await localToday()).slice(0, 7);
    const id = await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", `${month}-01`, addDays(`${month}-01`, 27));
    await summaries(p);
    await api.db.query("UPDATE practitioners SET credential = 'PTA' WHERE id = $1", [fx.practitionerA2.practitionerId]);
    const write = (by: string, minutes: number) =>
      api.db.query("INSERT INTO interactions (id, patient_record_id, practitioner_id, date, minutes, notes) VALUES ($1, $2, $3, $4, $5, 'n')", [randomUUID(), p, by, `${month}-01`, minutes]);
    await write(fx.practitionerA1.practitionerId, 18);
    await write(fx.practitionerA2.practitionerId, 2);
    const at10 = (await cyclesOf("modifiers")).find((c) => c.id === id)!;
    expect(at10.modifiers).toEqual(["GP"]);
    expect(at10.events.find((e) => e.practitioner?.id === fx.practitionerA2.practitionerId)?.practitioner).toMatchObject({ credential: "PTA" });
    await write(fx.practitionerA2.practitionerId, 1);
    expect((await cyclesOf("modifiers")).find((c) => c.id === id)!.modifiers).toEqual(["GP", "CQ"]);
    await api.db.query("UPDATE practitioners SET credential = NULL WHERE id = $1", [fx.practitionerA2.practitionerId]);
  });

  it("needs attention leaves out an Incomplete cycle whose partner of the interval or month bills or still runs (ADR 033)", async () => {
    const today = await localToday();
    const p = await newPatient("Partnered");
    const [start, end] = [addDays(today, -19), addDays(today, 10)];
    // 16 days: 98977 ready, 98985 superseded (Incomplete) — the interval needs nothing.
    const full = await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", start, end);
    const short = await cycle(p, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "ACTIVE_DAYS_INCOMPLETE", start, end);
    // A month with 98979 ready and 98980 still running: 98980 is still worth the clinician's attention.
    const [m0, m1] = monthBounds(today.slice(0, 7));
    const brief = await cycle(p, "BRIEF_PATIENT_INTERACTION", "READY_TO_BILL", m0, m1);
    const care = await cycle(p, "PATIENT_INTERACTION", "IN_PROGRESS", m0, m1);
    await summaries(p);
    const attention = (await api.request("GET", "/v2/health/rtm-cycles?needsAttention=true&search=partnered&limit=50", as(fx.adminA))).body.items.map((c: { id: string }) => c.id);
    expect(attention).toEqual([care]);
    expect(attention).not.toContain(short);
    // The 98977 still running: it carries the interval's attention, not the 98985 that cannot apply.
    await api.db.query("UPDATE rtm_cycles SET status = 'IN_PROGRESS' WHERE id = $1", [full]);
    const running = (await api.request("GET", "/v2/health/rtm-cycles?needsAttention=true&search=partnered&limit=50", as(fx.adminA))).body.items.map((c: { id: string }) => c.id);
    expect(new Set(running)).toEqual(new Set([full, care]));
    // Both Incomplete: the interval is lost, both show.
    await api.db.query("UPDATE rtm_cycles SET status = 'ACTIVE_DAYS_INCOMPLETE' WHERE id = $1", [full]);
    const lost = (await api.request("GET", "/v2/health/rtm-cycles?needsAttention=true&search=partnered&limit=50", as(fx.adminA))).body.items.map((c: { id: string }) => c.id);
    expect(new Set(lost)).toEqual(new Set([full, short, care]));
    expect(lost).not.toContain(brief);
  });

  it("the daily pass: a running cycle turns Incomplete the day it can no longer reach 16 days; an ended recurring cycle opens the next one whatever its status", async () => {
    await api.db.query("UPDATE organizations SET timezone = 'Pacific/Pago_Pago' WHERE id = $1", [fx.orgA.id]); // UTC-11
    try {
      const today = await localToday();
      const p = await newPatient("Dailyman");
      // 16 days left with no active day: reachable today only; the API would have set next_check_on tomorrow.
      const device = await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", addDays(today, -14), addDays(today, 15));
      await api.db.query("UPDATE rtm_cycles SET next_check_on = $2 WHERE id = $1", [device, addDays(today, 1)]);
      // A care-management cycle billable before it ended yesterday: it stays billable, and the next one opens.
      const care = await cycle(p, "PATIENT_INTERACTION", "READY_TO_BILL", addDays(today, -30), addDays(today, -1));
      await api.db.query("UPDATE rtm_cycles SET next_check_on = $2 WHERE id = $1", [care, today]);
      await api.db.query("INSERT INTO interactions (id, patient_record_id, date, minutes, notes, interaction_type, is_patient_interaction, live_method, live_two_way) VALUES ($1, $2, $3, 25, 'Call', 'PATIENT_INTERACTIVE_COMMUNICATION', true, 'VIDEO', true)", [randomUUID(), p, addDays(today, -3)]);
      await summaries(p);
      let c = await cyclesOf("dailyman");
      expect(c.find((x) => x.id === device)).toMatchObject({ status: "IN_PROGRESS", needs: { text: "0 of 16 active days — 16 more needed in the 16 days left", reachable: true } });
      expect(c.find((x) => x.id === care)).toMatchObject({ status: "READY_TO_BILL", needs: null });
      const next = c.find((x) => x.code === "PATIENT_INTERACTION" && x.id !== care);
      // Care management follows the calendar month (ADR 033): the next cycle runs to the month's end.
      expect(next).toMatchObject({ status: "IN_PROGRESS", startDate: today, endDate: monthBounds(today.slice(0, 7))[1] });
      expect((await api.db.one<{ d: string | null }>("SELECT next_check_on::text AS d FROM rtm_cycles WHERE id = $1", [care]))!.d).toBeNull();

      await api.db.query("UPDATE organizations SET timezone = 'Pacific/Kiritimati' WHERE id = $1", [fx.orgA.id]); // UTC+14: a later day
      const later = await localToday();
      c = await cyclesOf("dailyman");
      expect(c.find((x) => x.id === device)).toMatchObject({
        status: "ACTIVE_DAYS_INCOMPLETE",
        needs: { text: `0 of 16 active days — cannot reach 16 days before ${shortDate(addDays(today, 15))}`, reachable: false },
      });
      expect((await api.db.one<{ d: string | null }>("SELECT next_check_on::text AS d FROM rtm_cycles WHERE id = $1", [device]))!.d).toBe(addDays(today, 16));
      expect(later > today).toBe(true);
    } finally {
      await api.db.query("UPDATE organizations SET timezone = 'America/Denver' WHERE id = $1", [fx.orgA.id]);
    }
  });
});

describe("needsAttention and DAYS_LEFT", () => {
  type Cycle = { id: string; code: string; status: string; startDate: string; endDate: string; patientRecord: { id: string } };
  type Summary = { id: string; patientRecord: { id: string; lastName: string }; cycles: Cycle[] };
  const AT_RISK = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE"];
  const PARTNER: Record<string, string> = {
    DEVICE_AND_DATA_TRANSMISSION: "SHORT_DEVICE_AND_DATA_TRANSMISSION",
    SHORT_DEVICE_AND_DATA_TRANSMISSION: "DEVICE_AND_DATA_TRANSMISSION",
    BRIEF_PATIENT_INTERACTION: "PATIENT_INTERACTION",
    PATIENT_INTERACTION: "BRIEF_PATIENT_INTERACTION",
  };
  /** Running, not billable, and not an Incomplete cycle whose partner of the interval or month is not Incomplete (ADR 033). */
  const needsAttention = (c: Cycle, all: Cycle[]) =>
    c.endDate >= today && AT_RISK.includes(c.status) &&
    !(c.status === "ACTIVE_DAYS_INCOMPLETE" && all.some((o) => o.patientRecord.id === c.patientRecord.id && o.startDate === c.startDate && o.endDate === c.endDate && o.code === PARTNER[c.code] && o.status !== "ACTIVE_DAYS_INCOMPLETE"));
  let today: string;
  let month: string;
  let otherOrgCycle: string;
  const get = async (url: string, who: FixtureUser = fx.adminA) => {
    const res = await api.request("GET", url, as(who));
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as { items: any[]; metadata: { totalItems: number } };
  };

  beforeAll(async () => {
    today = (await api.db.one<{ d: string }>("SELECT ((now() AT TIME ZONE timezone)::date)::text AS d FROM organizations WHERE id = $1", [fx.orgA.id]))!.d;
    month = today.slice(0, 7);
    const [first, last] = monthBounds(month);
    const running = (k: number) => (addDays(today, k) > last ? last : addDays(today, k));
    const ended = today > first ? addDays(today, -1) : null; // none on the 1st of a month
    // [last name, location, [status, end day | null for ended]...]
    const plan: [string, 0 | 1, [string, string | null][]][] = [
      ["Attn", 0, [["IN_PROGRESS", running(3)], ["BILLED", ended]]],
      ["Attn", 1, [["ACTIVE_DAYS_INCOMPLETE", running(0)], ["READY_TO_BILL", running(9)]]],
      ["Bttn", 0, [["READY_TO_BILL", running(2)]]],
      ["Cttn", 0, [["ACTIVE_DAYS_INCOMPLETE", ended]]],
      ["attn", 0, [["IN_PROGRESS", running(3)]]],
      ["Dttn", 1, [["BILLED", running(1)], ["IN_PROGRESS", running(6)]]],
      ["Ettn", 1, [["ACTIVE_DAYS_INCOMPLETE", running(1)], ["IN_PROGRESS", running(1)]]],
      ["Fttn", 0, [["IN_PROGRESS", addDays(last, 5)]]], // next month only
    ];
    for (const [i, [lastName, loc, cycles]] of plan.entries()) {
      const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[loc], practitionerId: fx.practitionerA1.practitionerId, firstName: `N${i}`, lastName });
      for (const [status, end] of cycles) {
        const e = end ?? first; // an "ended" cycle on the 1st of the month is still running today: kept anyway
        await cycle(p, "DEVICE_AND_DATA_TRANSMISSION", status, addDays(e, -29), e);
      }
      await summaries(p);
    }
    otherOrgCycle = await cycle(pB, "DEVICE_AND_DATA_TRANSMISSION", "IN_PROGRESS", addDays(today, -3), running(4) < today ? today : running(4));
    await summaries(pB);
  });

  it("the cycle list: only running cycles not billable yet, with exact totals", async () => {
    const all = (await get("/v2/health/rtm-cycles?limit=999")).items as Cycle[];
    const expected = all.filter((c) => needsAttention(c, all)).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(5);
    const got = await get("/v2/health/rtm-cycles?limit=999&needsAttention=true");
    expect(got.items.map((c: Cycle) => c.id)).toEqual(expected);
    expect((await get("/v2/health/rtm-cycles?limit=1&needsAttention=true")).metadata.totalItems).toBe(expected.length);
    expect((await get("/v2/health/rtm-cycles?limit=1&needsAttention=false")).metadata.totalItems).toBe(all.length);
    const ip = all.filter((c) => c.endDate >= today && c.status === "IN_PROGRESS").length;
    expect((await get("/v2/health/rtm-cycles?limit=1&needsAttention=true&status=IN_PROGRESS")).metadata.totalItems).toBe(ip);
    expect((await get("/v2/health/rtm-cycles?limit=1&needsAttention=true&status=BILLED")).metadata.totalItems).toBe(0);
    // Pages walk the same list.
    const paged: string[] = [];
    for (let page = 1; paged.length < expected.length && page < 50; page++) paged.push(...(await get(`/v2/health/rtm-cycles?limit=4&page=${page}&needsAttention=true`)).items.map((c: Cycle) => c.id));
    expect(paged).toEqual(expected);
  });

  it("the month list: patients with such a cycle, listing only those cycles, with exact totals", async () => {
    const all = (await get(`/v2/health/rtm-cycles/${month}?limit=999&sortBy=NAME&orderBy=ASC`)).items as Summary[];
    const expected = all
      .map((s) => ({ id: s.id, cycles: s.cycles.filter((c) => needsAttention(c, s.cycles)).map((c) => c.id) }))
      .filter((s) => s.cycles.length > 0);
    expect(expected.length).toBeGreaterThan(4);
    const got = (await get(`/v2/health/rtm-cycles/${month}?limit=999&sortBy=NAME&orderBy=ASC&needsAttention=true`)).items as Summary[];
    expect(got.map((s) => ({ id: s.id, cycles: s.cycles.map((c) => c.id) }))).toEqual(expected);
    expect((await get(`/v2/health/rtm-cycles/${month}?limit=1&needsAttention=true`)).metadata.totalItems).toBe(expected.length);
    expect((await get(`/v2/health/rtm-cycles/${month}?limit=1&needsAttention=true&sortBy=DAYS_LEFT`)).metadata.totalItems).toBe(expected.length);
    const atSecond = new Set((await api.db.query<{ id: string }>("SELECT id FROM patient_records WHERE location_id = $1", [fx.orgA.locations[1]])).map((r) => r.id));
    const second = got.filter((s) => atSecond.has(s.patientRecord.id)).length;
    expect(second).toBeGreaterThan(0);
    expect((await get(`/v2/health/rtm-cycles/${month}?limit=1&needsAttention=true&locationId=${fx.orgA.locations[1]}`)).metadata.totalItems).toBe(second);
  });

  it("sorts the month list by DAYS_LEFT (soonest-ending running listed cycle; none last), ties by name and id, over pages", async () => {
    const key = (s: Summary) => s.cycles.filter((c) => c.endDate >= today).map((c) => c.endDate).sort()[0] ?? null;
    for (const filter of ["", "&needsAttention=true", "&status=BILLED&status=READY_TO_BILL"]) {
      for (const orderBy of ["ASC", "DESC"]) {
        const byName = (await get(`/v2/health/rtm-cycles/${month}?limit=999&sortBy=NAME&orderBy=${orderBy}${filter}`)).items as Summary[];
        const sign = orderBy === "ASC" ? 1 : -1;
        // Stable: name order (same direction) within a key; patients without a running listed cycle last.
        const expected = [...byName].sort((a, b) => {
          const [ka, kb] = [key(a), key(b)];
          if (ka === kb) return 0;
          if (ka === null) return 1;
          if (kb === null) return -1;
          return sign * (ka < kb ? -1 : 1);
        });
        const got: string[] = [];
        for (let page = 1; got.length < expected.length && page < 100; page++) {
          const res = await get(`/v2/health/rtm-cycles/${month}?sortBy=DAYS_LEFT&orderBy=${orderBy}&limit=2&page=${page}${filter}`);
          expect(res.metadata.totalItems).toBe(expected.length);
          got.push(...res.items.map((s: Summary) => s.id));
        }
        expect(got, `${orderBy}${filter}`).toEqual(expected.map((s) => s.id));
      }
    }
  });

  it("never lists another organization's cycles, and answers the portal's needs-attention view", async () => {
    const mine = await get(`/v2/health/rtm-cycles/${month}?needsAttention=true&sortBy=DAYS_LEFT&orderBy=ASC&limit=999`);
    expect(JSON.stringify(mine)).not.toContain(pB);
    expect(JSON.stringify(await get("/v2/health/rtm-cycles?needsAttention=true&limit=999"))).not.toContain(otherOrgCycle);
    const theirs = await get(`/v2/health/rtm-cycles/${month}?needsAttention=true&sortBy=DAYS_LEFT&orderBy=ASC&limit=999`, fx.adminB);
    expect(theirs.items.map((s: Summary) => s.patientRecord.id)).toEqual([pB]);
    const ids = JSON.stringify(theirs);
    for (const s of mine.items as Summary[]) expect(ids).not.toContain(s.patientRecord.id);
    // Every listed cycle carries what it needs (none is billable).
    for (const s of mine.items as (Summary & { cycles: (Cycle & { needs: unknown })[] })[]) for (const c of s.cycles) expect(c.needs).not.toBeNull();
  });
});

describe("never billed twice: concurrent ADVANCE and REVERT at the HTTP server", () => {
  let base: string;
  beforeAll(async () => {
    base = await api.app.listen({ port: 0, host: "127.0.0.1" });
  });

  /** n practitioners of organization A at its first location (each request comes from another user). */
  async function practitioners(n: number): Promise<FixtureUser[]> {
    const out: FixtureUser[] = [];
    for (let i = 0; i < n; i++) {
      const practitionerId = randomUUID();
      const userId = randomUUID();
      await api.db.query(
        "INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES ($1, $2, $3, 'Racer', $4, $5, 'PORTAL_PRACTITIONER', 'PORTAL_PRACTITIONER')",
        [practitionerId, fx.orgA.id, userId, `R${i}`, `racer-${userId.slice(0, 8)}@test.example`],
      );
      await api.db.query("INSERT INTO practitioner_locations (practitioner_id, location_id) VALUES ($1, $2)", [practitionerId, fx.orgA.locations[0]]);
      out.push({ userId, groups: ["PORTAL_PRACTITIONER"], practitionerId, organizationId: fx.orgA.id });
    }
    return out;
  }

  /** The same POST from every user at once (tokens minted first), over real HTTP connections. */
  async function fire(users: FixtureUser[], path: string) {
    const tokens = await Promise.all(users.map((u) => mintToken(u)));
    return Promise.all(
      tokens.map(async (token, i) => {
        const res = await fetch(`${base}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
        return { user: users[i]!, status: res.status, body: (await res.json()) as { message?: string; status?: string } };
      }),
    );
  }

  for (const n of [2, 8]) {
    it(`${n} concurrent ADVANCEs bill a READY_TO_BILL cycle once; ${n} concurrent REVERTs revert it once`, async () => {
      const users = await practitioners(n);
      const p = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, lastName: `Concurrent${n}` });
      const id = await cycle(p, "SHORT_DEVICE_AND_DATA_TRANSMISSION", "READY_TO_BILL", "2025-09-01", "2025-09-30");
      // 2 days of data: what 98985 needs (ADR 033).
      await session(p, "2025-09-03T18:00:00Z");
      await session(p, "2025-09-04T18:00:00Z");
      await summaries(p);

      const advanced = await fire(users, `/v2/health/rtm-cycles/${id}/advance`);
      const won = advanced.filter((r) => r.status === 200);
      expect(won).toHaveLength(1);
      expect(won[0]!.body.status).toBe("BILLED");
      for (const r of advanced.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body).toEqual({ message: "Only a cycle that is READY_TO_BILL can be marked as billed (this one is BILLED).", status: 409 });
      }
      // Billed once: by the one request that won, at one time.
      const billed = await api.db.one<{ status: string; billed_by: string; billed_at: Date | null }>("SELECT status, billed_by, billed_at FROM rtm_cycles WHERE id = $1", [id]);
      expect(billed).toMatchObject({ status: "BILLED", billed_by: won[0]!.user.practitionerId });
      expect(billed!.billed_at).not.toBeNull();
      expect((await api.db.one<{ status: string }>("SELECT status FROM rtm_monthly_summaries WHERE patient_record_id = $1", [p]))?.status).toBe("BILLED");

      const reverted = await fire(users, `/v2/health/rtm-cycles/${id}/revert`);
      expect(reverted.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of reverted.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body).toEqual({ message: "Only a cycle that is BILLED can be reverted to ready to bill (this one is READY_TO_BILL).", status: 409 });
      }
      expect(await api.db.one("SELECT status, billed_by, billed_at FROM rtm_cycles WHERE id = $1", [id])).toEqual({ status: "READY_TO_BILL", billed_by: null, billed_at: null });
      expect((await api.db.one<{ status: string }>("SELECT status FROM rtm_monthly_summaries WHERE patient_record_id = $1", [p]))?.status).toBe("READY_TO_BILL");
    });
  }
});
