import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, createPatient, type Fixture, type FixtureUser } from "../../testing/fixture.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { CATALOGUE } from "./catalogue.js";
import { BLOCKS_REQUIRED, HEALTH_REQUIRED, NAME_REQUIRED, TIME_GOAL_MIN } from "./programs.js";
import { seedExerciseLibrary } from "./seed.js";

let api: TestApi;
let fx: Fixture;

const complete = CATALOGUE.filter((e) => e.completeness === "COMPLETE");
const repsExercise = complete.find((e) => e.metrics.includes("REPS") && !e.specialGoal)!;
const timeExercise = complete.find((e) => e.metrics.join() === "TIME")!;
const romOnly = complete.find((e) => e.metrics.join() === "ROM")!;
const special = complete.find((e) => e.specialGoal)!;
const draft = CATALOGUE.find((e) => e.completeness === "INCOMPLETE")!;

const repsBlock = (over: Record<string, unknown> = {}) => ({ exerciseId: repsExercise.id, sideOfBody: "LEFT", numSets: 3, setGoal: { goalType: "REPS", reps: 10 }, ...over });
const timeBlock = (time: number | null) => ({ exerciseId: timeExercise.id, numSets: 1, setGoal: { goalType: "TIME", time } });
const program = (over: Record<string, unknown> = {}) => ({ name: "Knee Phase 1", notes: "Slowly.", blocks: [repsBlock(), timeBlock(30)], ...over });

const req = (method: string, url: string, as: FixtureUser | { userId: string; groups: string[] } | null, body?: unknown) =>
  api.request(method, url, { ...(as ? { as } : {}), ...(body !== undefined ? { body } : {}) });

async function createTemplate(as: FixtureUser, over: Record<string, unknown> = {}) {
  const r = await req("POST", "/v2/health/hep-templates", as, program(over));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; [k: string]: any };
}
async function createProgram(as: FixtureUser, over: Record<string, unknown> = {}) {
  const r = await req("POST", "/v2/health/heps", as, program(over));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; [k: string]: any };
}
const notesOf = async (patientId: string) =>
  Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_notifications WHERE patient_record_id = $1", [patientId]))!.n);
const activeHepIds = async (patientId: string) =>
  (await api.db.query<{ hep_id: string }>("SELECT hep_id FROM hep_assignments WHERE patient_record_id = $1 AND retired_at IS NULL ORDER BY assigned_at", [patientId])).map((r) => r.hep_id);

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
  await seedExerciseLibrary(api.db, api.services.files);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe("exercise library", () => {
  it("lists the complete exercises with absolute media URLs", async () => {
    const r = await req("GET", "/v3/exercises?completeness=COMPLETE", fx.practitionerA1);
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(complete.length);
    expect(r.body.length).toBeGreaterThanOrEqual(150);
    const e = r.body.find((x: any) => x.id === repsExercise.id);
    expect(e.thumbnailUrl).toBe(`http://api.test/media/exercises/${repsExercise.id}-thumb.svg`);
    expect(e.exerciseMetrics.map((m: any) => m.metric)).toContain("REPS");
    const all = await req("GET", "/v3/exercises?completeness=ALL", fx.practitionerA1);
    expect(all.body.length).toBe(CATALOGUE.length);
    expect(all.body.find((x: any) => x.id === draft.id).thumbnailUrl).toBeNull();
  });

  it("answers specialGoal: true for the special goal exercise only", async () => {
    const r = await req("GET", "/v3/exercises?completeness=ALL", fx.practitionerA1);
    expect(r.body.filter((x: any) => x.specialGoal).map((x: any) => x.id)).toEqual([special.id]);
    expect(r.body.every((x: any) => typeof x.specialGoal === "boolean")).toBe(true);
  });

  it("migrations 080 and 081 give a library seeded before them the special goal and the demo audio", async () => {
    const state = () => api.db.query("SELECT id, special_goal, demo_audio_path FROM exercises ORDER BY id");
    const seeded = await state();
    await api.db.query("UPDATE exercises SET special_goal = false, demo_audio_path = NULL");
    for (const f of ["080_exercise_special_goal.sql", "081_exercise_demo_audio.sql"]) {
      const sql = readFileSync(new URL(`../../db/migrations/${f}`, import.meta.url), "utf8");
      await api.db.exec(sql.replace(/^ALTER TABLE .*$/m, ""));
    }
    expect(await state()).toEqual(seeded);
  });

  it("has the library the Motion Library and the builder need", () => {
    // More than two pages of 36; assessments; each metric alone and combined; a special goal exercise.
    expect(complete.length).toBeGreaterThan(72);
    expect(complete.filter((e) => e.name.includes("Assessment")).length).toBeGreaterThanOrEqual(3);
    for (const m of ["ROM", "REPS", "TIME"] as const) expect(complete.some((e) => e.metrics.length === 1 && e.metrics[0] === m), `${m} alone`).toBe(true);
    expect(complete.filter((e) => e.metrics.length >= 2).length).toBeGreaterThanOrEqual(3);
    expect(special).toMatchObject({ id: "S-0157", completeness: "COMPLETE" });
    // Ids are stable: appended, never renumbered.
    expect(CATALOGUE.map((e) => e.id)).toEqual(CATALOGUE.map((_, i) => `S-${String(i + 1).padStart(4, "0")}`));
  });

  it("refuses anonymous and role-less callers", async () => {
    expect((await req("GET", "/v3/exercises", null)).status).toBe(401);
    expect((await req("GET", "/v3/exercises", { userId: fx.adminA.userId, groups: [] })).status).toBe(403);
  });

  it("lists metrics, latest versions by default and every version on request", async () => {
    const latest = await req("GET", "/v3/exercise-metrics?completeness=COMPLETE", fx.adminA);
    const all = await req("GET", "/v3/exercise-metrics?completeness=COMPLETE&versionState=ALL", fx.adminA);
    expect(latest.status).toBe(200);
    expect(latest.body.every((m: any) => m.isLatest && m.completeness === "COMPLETE")).toBe(true);
    expect(all.body.length).toBeGreaterThan(latest.body.length);
    expect(all.body.some((m: any) => !m.isLatest)).toBe(true);
  });

  it("serves the generated media publicly with caching, 404 for unknown files", async () => {
    const r = await api.request("GET", `/media/exercises/${repsExercise.id}-animation.svg`);
    expect(r.status).toBe(200);
    expect(String(r.headers["content-type"])).toContain("image/svg+xml");
    expect(String(r.headers["cache-control"])).toContain("max-age");
    const svg = r.raw.toString("utf8");
    expect(svg).toContain("<svg");
    expect(svg).toContain("animateTransform");
    expect((await api.request("GET", "/media/exercises/S-9999-thumb.svg")).status).toBe(404);
    expect((await api.request("GET", "/media/exercises/..%2Fsecret.svg")).status).toBe(400);
  });

  it("gives the first five complete exercises demo audio, served as a small valid WAV", async () => {
    const r = await req("GET", "/v3/exercises", fx.practitionerA1);
    const withAudio = r.body.filter((x: any) => x.demoAudioUrl);
    expect(withAudio.map((x: any) => x.id)).toEqual(complete.slice(0, 5).map((e) => e.id));
    expect(withAudio[0].demoAudioUrl).toBe(`http://api.test/media/exercises/${complete[0]!.id}-audio.wav`);
    expect(r.body.every((x: any) => x.demoUrl === null)).toBe(true);

    const file = `${complete[0]!.id}-audio.wav`;
    const wav = await api.request("GET", `/media/exercises/${file}`);
    expect(wav.status).toBe(200);
    expect(String(wav.headers["content-type"])).toBe("audio/wav");
    expect(wav.headers["cache-control"]).toBe("public, max-age=86400");
    const b = wav.raw;
    // RIFF/WAVE, PCM, mono, 8 kHz, 16-bit; the data chunk fills the file; 1 to 2 seconds long.
    expect([b.toString("ascii", 0, 4), b.toString("ascii", 8, 12), b.toString("ascii", 12, 16), b.toString("ascii", 36, 40)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect([b.readUInt16LE(20), b.readUInt16LE(22), b.readUInt32LE(24), b.readUInt16LE(34)]).toEqual([1, 1, 8000, 16]);
    expect(b.readUInt32LE(4)).toBe(b.length - 8);
    expect(b.readUInt32LE(40)).toBe(b.length - 44);
    const seconds = b.readUInt32LE(40) / b.readUInt32LE(28);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(2);
    // Quiet, and silent at both ends (faded: no click).
    let peak = 0;
    for (let i = 44; i < b.length; i += 2) peak = Math.max(peak, Math.abs(b.readInt16LE(i)));
    expect(peak).toBeGreaterThan(1000);
    expect(peak).toBeLessThan(32767 * 0.25);
    expect([b.readInt16LE(44), b.readInt16LE(b.length - 2)]).toEqual([0, 0]);
    // The same bytes every time.
    expect((await api.request("GET", `/media/exercises/${file}`)).raw.equals(b)).toBe(true);

    // Only the exercises whose demoAudioUrl names the file have one.
    expect((await api.request("GET", `/media/exercises/${complete[5]!.id}-audio.wav`)).status).toBe(404);
    expect((await api.request("GET", "/media/exercises/S-9999-audio.wav")).status).toBe(404);
    expect((await api.request("GET", `/media/exercises/${complete[0]!.id}-thumb.wav`)).status).toBe(400);
  });
});

describe("favorite exercises", () => {
  it("adds (a duplicate add succeeds), lists per user and removes with 204", async () => {
    const me = fx.practitionerA2;
    expect((await req("GET", "/v2/users/meta/favorite-exercises", me)).body).toEqual([]);
    let r = await req("POST", "/v2/users/meta/favorite-exercises", me, { id: repsExercise.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([repsExercise.id]);
    expect((await req("POST", "/v2/users/meta/favorite-exercises", me, { id: timeExercise.id })).status).toBe(200);
    r = await req("POST", "/v2/users/meta/favorite-exercises", me, { id: repsExercise.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([repsExercise.id, timeExercise.id]);
    // Another user's favorites are their own.
    expect((await req("GET", "/v2/users/meta/favorite-exercises", fx.adminA)).body).toEqual([]);
    r = await req("DELETE", `/v2/users/meta/favorite-exercises/${repsExercise.id}`, me);
    expect(r.status).toBe(204);
    expect((await req("DELETE", `/v2/users/meta/favorite-exercises/${repsExercise.id}`, me)).status).toBe(204);
    expect((await req("GET", "/v2/users/meta/favorite-exercises", me)).body).toEqual([timeExercise.id]);
  });

  it("refuses unknown and malformed exercise ids", async () => {
    const r = await req("POST", "/v2/users/meta/favorite-exercises", fx.adminA, { id: "S-9999" });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("id");
    expect((await req("POST", "/v2/users/meta/favorite-exercises", fx.adminA, { id: "nope" })).status).toBe(400);
    expect((await req("POST", "/v2/users/meta/favorite-exercises", fx.adminA, {})).status).toBe(400);
    expect((await req("DELETE", "/v2/users/meta/favorite-exercises/S-9999", fx.adminA)).status).toBe(404);
  });
});

describe("program validation", () => {
  const cases: [string, Record<string, unknown>, string | null][] = [
    ["no blocks", { blocks: [] }, BLOCKS_REQUIRED],
    ["a blank name", { name: "   " }, NAME_REQUIRED],
    ["a time goal under 5 seconds", { blocks: [timeBlock(4)] }, TIME_GOAL_MIN],
    ["a time goal without time", { blocks: [timeBlock(null)] }, TIME_GOAL_MIN],
    ["reps-or-time without time", { blocks: [{ exerciseId: special.id, numSets: 1, setGoal: { goalType: "REPS_OR_TIME", reps: 5 } }] }, TIME_GOAL_MIN],
    ["a reps goal without reps", { blocks: [repsBlock({ setGoal: { goalType: "REPS" } })] }, "blocks[0].setGoal.reps"],
    ["a daily frequency of 6", { dailyFrequency: 6 }, null],
    ["a daily frequency of 0", { dailyFrequency: 0 }, null],
    ["a weekly frequency of 8", { weeklyFrequency: 8 }, null],
    ["6 sets", { blocks: [repsBlock({ numSets: 6 })] }, null],
    ["26 reps", { blocks: [repsBlock({ setGoal: { goalType: "REPS", reps: 26 } })] }, null],
    ["notes over 500 characters", { notes: "x".repeat(501) }, null],
    ["a name over 200 characters", { name: "x".repeat(201) }, null],
    ["an unknown exercise", { blocks: [repsBlock({ exerciseId: "S-9999" })] }, "blocks[0].exerciseId"],
    ["an incomplete exercise", { blocks: [repsBlock({ exerciseId: draft.id })] }, "not complete"],
    ["a goal the exercise is not measured by", { blocks: [{ exerciseId: romOnly.id, numSets: 1, setGoal: { goalType: "TIME", time: 30 } }] }, "not measured by TIME"],
    ["an unknown field", { colour: "red" }, null],
    ["a side of BOTH", { blocks: [repsBlock({ sideOfBody: "BOTH" })] }, null],
  ];
  for (const [what, over, message] of cases) {
    it(`refuses ${what}`, async () => {
      for (const url of ["/v2/health/heps", "/v2/health/hep-templates"]) {
        const r = await req("POST", url, fx.adminA, program(over));
        expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(400);
        if (message) expect(r.body.message).toContain(message);
      }
    });
  }

  it("accepts a 5-second time goal, defaults frequencies and numbers the blocks", async () => {
    const r = await req("POST", "/v2/health/heps", fx.practitionerA1, { name: "  Timed  ", blocks: [timeBlock(5), repsBlock({ id: 7 }), repsBlock()] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: "Timed", notes: null, dailyFrequency: 3, weeklyFrequency: 5, isTemplate: false, patientCount: 0, replacedById: null });
    expect(r.body.blocks.map((b: any) => b.id)).toEqual([8, 7, 9]);
    expect(new Set(r.body.blocks.map((b: any) => b.uuid)).size).toBe(3);
    expect(r.body.blocks[0]).toMatchObject({ sideOfBody: null, setGoal: { goalType: "TIME", reps: null, time: 5 } });
  });
});

describe("program templates", () => {
  it("creates, reads, updates and deletes a template", async () => {
    const t = await createTemplate(fx.practitionerA1, { name: "Rotator Cuff", dailyFrequency: 2, weeklyFrequency: 7 });
    expect(t).toMatchObject({ name: "Rotator Cuff", isTemplate: true, templateId: null, dailyFrequency: 2, weeklyFrequency: 7, patientCount: 0 });
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminA)).body).toEqual(t);
    const u = await req("PUT", `/v2/health/hep-templates/${t.id}`, fx.adminA, program({ name: "Rotator Cuff v2", blocks: [repsBlock()] }));
    expect(u.status).toBe(200);
    expect(u.body.name).toBe("Rotator Cuff v2");
    expect(u.body.blocks).toHaveLength(1);
    expect(Date.parse(u.body.dateUpdated)).toBeGreaterThanOrEqual(Date.parse(t.dateUpdated));
    expect((await req("DELETE", `/v2/health/hep-templates/${t.id}`, fx.practitionerA2)).status).toBe(204);
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminA)).status).toBe(404);
    expect((await req("DELETE", `/v2/health/hep-templates/${t.id}`, fx.adminA)).status).toBe(404);
  });

  it("lists the organization's templates, newest update first, with a case-insensitive search and optional paging", async () => {
    const a = await createTemplate(fx.adminA, { name: "Zeta Shoulder" });
    const b = await createTemplate(fx.adminA, { name: "zeta knee" });
    const c = await createTemplate(fx.adminA, { name: "Alpha Hip" });
    await req("PUT", `/v2/health/hep-templates/${a.id}`, fx.adminA, program({ name: "Zeta Shoulder" }));
    const list = await req("GET", "/v2/health/hep-templates", fx.practitionerA2);
    expect(list.status).toBe(200);
    const ids = list.body.map((t: any) => t.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(c.id));
    expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(b.id));
    const dates = list.body.map((t: any) => Date.parse(t.dateUpdated));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    const search = await req("GET", "/v2/health/hep-templates?search=ZETA", fx.adminA);
    expect(search.body.map((t: any) => t.id).sort()).toEqual([a.id, b.id].sort());
    const page2 = await req("GET", "/v2/health/hep-templates?page=2&limit=1&search=zeta", fx.adminA);
    expect(page2.body.map((t: any) => t.id)).toEqual([search.body[1].id]);
    expect((await req("GET", "/v2/health/hep-templates?limit=1000", fx.adminA)).status).toBe(400);
    // Another organization sees none of them.
    const other = await req("GET", "/v2/health/hep-templates", fx.adminB);
    expect(other.body.some((t: any) => [a.id, b.id, c.id].includes(t.id))).toBe(false);
  });

  it("keeps templates inside the organization (404 elsewhere)", async () => {
    const t = await createTemplate(fx.adminA);
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminB)).status).toBe(404);
    expect((await req("PUT", `/v2/health/hep-templates/${t.id}`, fx.practitionerB, program())).status).toBe(404);
    expect((await req("DELETE", `/v2/health/hep-templates/${t.id}`, fx.adminB)).status).toBe(404);
    expect((await req("GET", `/v2/health/heps/${t.id}`, fx.adminB)).status).toBe(404);
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminA)).status).toBe(200);
    // A program is not a template.
    const p = await createProgram(fx.adminA);
    expect((await req("GET", `/v2/health/hep-templates/${p.id}`, fx.adminA)).status).toBe(404);
    expect((await req("GET", "/v2/health/hep-templates/not-a-uuid", fx.adminA)).status).toBe(400);
  });

  it("bulk-deletes templates, all or nothing", async () => {
    const a = await createTemplate(fx.adminA);
    const b = await createTemplate(fx.adminA);
    const foreign = await createTemplate(fx.adminB);
    let r = await req("DELETE", `/v2/health/hep-templates?ids=${a.id},${foreign.id}`, fx.adminA);
    expect(r.status).toBe(404);
    expect((await req("GET", `/v2/health/hep-templates/${a.id}`, fx.adminA)).status).toBe(200);
    expect((await req("GET", `/v2/health/hep-templates/${foreign.id}`, fx.adminB)).status).toBe(200);
    r = await req("DELETE", `/v2/health/hep-templates?ids=${a.id},${b.id}`, fx.practitionerA1);
    expect(r.status).toBe(204);
    expect((await req("GET", `/v2/health/hep-templates/${a.id}`, fx.adminA)).status).toBe(404);
    expect((await req("GET", `/v2/health/hep-templates/${b.id}`, fx.adminA)).status).toBe(404);
    expect((await req("DELETE", "/v2/health/hep-templates?ids=nope", fx.adminA)).status).toBe(400);
    expect((await req("DELETE", "/v2/health/hep-templates", fx.adminA)).status).toBe(400);
  });
});

describe("programs and assignments", () => {
  it("refuses a templateId of another organization and keeps programs inside the organization", async () => {
    const foreign = await createTemplate(fx.adminB);
    const r = await req("POST", "/v2/health/heps", fx.adminA, program({ templateId: foreign.id }));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("templateId");
    const p = await createProgram(fx.adminA);
    expect((await req("GET", `/v2/health/heps/${p.id}`, fx.practitionerA2)).body.id).toBe(p.id);
    expect((await req("GET", `/v2/health/heps/${p.id}`, fx.adminB)).status).toBe(404);
    expect((await req("GET", `/v2/health/heps/${randomUUID()}`, fx.adminA)).status).toBe(404);
  });

  it("assigns a program to a patient, retiring the others only when asked", async () => {
    const patient = fx.patients.a1[0]!;
    const p1 = await createProgram(fx.practitionerA1, { name: "P1" });
    const p2 = await createProgram(fx.practitionerA1, { name: "P2" });
    const p3 = await createProgram(fx.practitionerA1, { name: "P3" });
    let r = await req("POST", `/v2/health/patients/${patient}/assignments`, fx.practitionerA1, { hepId: p1.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((h: any) => h.id)).toEqual([p1.id]);
    expect(r.body[0].patientCount).toBe(1);
    expect(r.body[0].assignedAt).toBeTruthy();
    r = await req("POST", `/v2/health/patients/${patient}/assignments`, fx.practitionerA1, { hepId: p2.id, shouldRetireHeps: true });
    expect(r.body.map((h: any) => h.id)).toEqual([p2.id]);
    const retired = await api.db.one<{ retired_at: unknown }>("SELECT retired_at FROM hep_assignments WHERE patient_record_id = $1 AND hep_id = $2", [patient, p1.id]);
    expect(retired?.retired_at).not.toBeNull();
    r = await req("POST", `/v2/health/patients/${patient}/assignments`, fx.practitionerA1, { hepId: p3.id });
    expect(r.body.map((h: any) => h.id).sort()).toEqual([p2.id, p3.id].sort());
    // Assigning a program the patient already has keeps that one assignment.
    r = await req("POST", `/v2/health/patients/${patient}/assignments`, fx.practitionerA1, { hepId: p3.id });
    expect(r.body).toHaveLength(2);
    const list = await req("GET", `/v2/health/patients/${patient}/heps`, fx.adminA);
    expect(list.body.map((h: any) => h.id).sort()).toEqual([p2.id, p3.id].sort());
    // Unassign, then 404 when not (or no longer) assigned.
    expect((await req("DELETE", `/v2/health/patients/${patient}/heps/${p3.id}`, fx.practitionerA1)).status).toBe(204);
    expect((await req("DELETE", `/v2/health/patients/${patient}/heps/${p3.id}`, fx.practitionerA1)).status).toBe(404);
    expect((await req("DELETE", `/v2/health/patients/${patient}/heps/${p1.id}`, fx.practitionerA1)).status).toBe(404);
    expect(await activeHepIds(patient)).toEqual([p2.id]);
  });

  it("assigns only to patients the caller can see, holding Health", async () => {
    const p = await createProgram(fx.adminA);
    // A practitioner of the first location cannot reach a patient of the second; another organization neither.
    expect((await req("POST", `/v2/health/patients/${fx.patients.a2[0]}/assignments`, fx.practitionerA1, { hepId: p.id })).status).toBe(404);
    expect((await req("POST", `/v2/health/patients/${fx.patients.b[0]}/assignments`, fx.adminA, { hepId: p.id })).status).toBe(404);
    expect((await req("GET", `/v2/health/patients/${fx.patients.b[0]}/heps`, fx.adminA)).status).toBe(404);
    expect((await req("DELETE", `/v2/health/patients/${fx.patients.b[0]}/heps/${p.id}`, fx.adminA)).status).toBe(404);
    // Another organization's program is unknown here.
    const foreign = await createProgram(fx.adminB);
    expect((await req("POST", `/v2/health/patients/${fx.patients.a1[1]}/assignments`, fx.adminA, { hepId: foreign.id })).status).toBe(404);
    // A Gait-only patient cannot be assigned a program.
    const gaitOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId, products: ["GAIT"] });
    const r = await req("POST", `/v2/health/patients/${gaitOnly}/assignments`, fx.adminA, { hepId: p.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(HEALTH_REQUIRED);
    const bulk = await req("POST", `/v2/health/heps/${p.id}/assignments`, fx.practitionerA1, { patientRecordIds: [fx.patients.a1[1], fx.patients.a2[1]] });
    expect(bulk.status).toBe(404);
    // Nothing was written for the reachable patient either.
    expect(await activeHepIds(fx.patients.a1[1]!)).toEqual([]);
  });

  it("a practitioner of another organization can do nothing with A's templates and programs (404) and changes nothing", async () => {
    const t = await createTemplate(fx.practitionerA1, { name: "A's template" });
    const p = await createProgram(fx.practitionerA1, { name: "A's program" });
    const patientA = fx.patients.a1[0]!;
    const patientB = fx.patients.b[1]!;
    const b = fx.practitionerB;
    const programsOfB = await activeHepIds(patientB);
    const refused: [string, string, unknown?][] = [
      // Templates: read (also the read a duplicate starts from), update, delete, bulk delete.
      ["GET", `/v2/health/hep-templates/${t.id}`],
      ["PUT", `/v2/health/hep-templates/${t.id}`, program({ name: "Stolen" })],
      ["DELETE", `/v2/health/hep-templates/${t.id}`],
      ["DELETE", `/v2/health/hep-templates?ids=${t.id}`],
      ["GET", `/v2/health/heps/${t.id}`],
      // Programs: read, replace, assign (to B's own patient, by program or by patient).
      ["GET", `/v2/health/heps/${p.id}`],
      ["POST", `/v2/health/heps/${p.id}/replace`, program({ name: "Stolen" })],
      ["POST", `/v2/health/heps/${p.id}/assignments`, { patientRecordIds: [patientB] }],
      ["POST", `/v2/health/heps/${t.id}/assignments`, { patientRecordIds: [patientB] }],
      ["POST", `/v2/health/patients/${patientB}/assignments`, { hepId: p.id }],
      ["POST", `/v2/health/patients/${patientB}/assignments`, { hepId: t.id }],
      // A's patients, with B's own program.
      ["POST", `/v2/health/patients/${patientA}/assignments`, { hepId: (await createProgram(b)).id }],
      ["GET", `/v2/health/patients/${patientA}/heps`],
      ["GET", `/v2/health/patients/${patientA}/notifications`],
      ["DELETE", `/v2/health/patients/${patientA}/heps/${p.id}`],
    ];
    for (const [method, url, body] of refused) {
      const r = await req(method, url, b, body);
      expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain("A's");
    }
    // A template of A cannot start B's program either.
    expect((await req("POST", "/v2/health/heps", b, program({ templateId: t.id }))).status).toBe(400);
    // Nothing changed.
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminA)).body).toEqual(t);
    expect((await req("GET", `/v2/health/heps/${p.id}`, fx.adminA)).body).toEqual(p);
    expect(await activeHepIds(patientB)).toEqual(programsOfB);
    expect((await req("GET", "/v2/health/hep-templates", b)).body.some((x: any) => x.id === t.id)).toBe(false);
  });

  it("a practitioner reaches only patients at their locations; a patient without Health cannot be assigned (bulk too, nothing written)", async () => {
    const p = await createProgram(fx.practitionerA2);
    const [mine, alsoMine] = fx.patients.a2 as [string, string];
    const elsewhere = fx.patients.a1[0]!;
    for (const [method, url, body] of [
      ["POST", `/v2/health/patients/${elsewhere}/assignments`, { hepId: p.id }],
      ["POST", `/v2/health/heps/${p.id}/assignments`, { patientRecordIds: [elsewhere] }],
      ["POST", `/v2/health/heps/${p.id}/assignments`, { patientRecordIds: [mine, elsewhere], isEdit: true }],
      ["GET", `/v2/health/patients/${elsewhere}/heps`],
      ["GET", `/v2/health/patients/${elsewhere}/notifications`],
    ] as [string, string, unknown?][]) {
      expect((await req(method, url, fx.practitionerA2, body)).status, `${method} ${url}`).toBe(404);
    }
    const gaitOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[1]!, practitionerId: fx.practitionerA2.practitionerId, products: ["GAIT"] });
    const r = await req("POST", `/v2/health/heps/${p.id}/assignments`, fx.practitionerA2, { patientRecordIds: [alsoMine, gaitOnly] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(HEALTH_REQUIRED);
    expect((await req("GET", `/v2/health/heps/${p.id}`, fx.adminA)).body.patientCount).toBe(0);
    expect(await notesOf(alsoMine)).toBe(0);
  });

  it("copies a template into a program of the patient's own and sends the first invite", async () => {
    const t = await createTemplate(fx.adminA, { name: "Standard Knee" });
    const patient = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[1], practitionerId: fx.practitionerA2.practitionerId, products: ["HEALTH"], hasAccount: false });
    const r = await req("POST", `/v2/health/patients/${patient}/assignments`, fx.practitionerA2, { hepId: t.id });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ isTemplate: false, templateId: t.id, name: "Standard Knee" });
    expect(r.body[0].id).not.toBe(t.id);
    expect((await req("GET", `/v2/health/hep-templates/${t.id}`, fx.adminA)).body.patientCount).toBe(1);
    const row = await api.db.one<{ invite_sent_at: unknown }>("SELECT invite_sent_at FROM patient_records WHERE id = $1", [patient]);
    expect(row?.invite_sent_at).not.toBeNull();
  });

  it("assigns a program to several patients; isEdit retires their other programs", async () => {
    const [x, y] = fx.patients.a2 as [string, string];
    const old = await createProgram(fx.practitionerA2, { name: "Old" });
    await req("POST", `/v2/health/heps/${old.id}/assignments`, fx.practitionerA2, { patientRecordIds: [x] });
    const next = await createProgram(fx.practitionerA2, { name: "Edited" });
    const r = await req("POST", `/v2/health/heps/${next.id}/assignments`, fx.practitionerA2, { patientRecordIds: [x, y], isEdit: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((a: any) => a.patientRecordId).sort()).toEqual([x, y].sort());
    expect(r.body[0]).toMatchObject({ hepId: next.id, retiredAt: null, assignedBy: { id: fx.practitionerA2.practitionerId } });
    expect(await activeHepIds(x)).toEqual([next.id]);
    expect(await activeHepIds(y)).toEqual([next.id]);
    expect((await req("GET", `/v2/health/heps/${next.id}`, fx.adminA)).body.patientCount).toBe(2);
    expect((await req("POST", `/v2/health/heps/${next.id}/assignments`, fx.practitionerA2, { patientRecordIds: [] })).status).toBe(400);
  });

  it("replaces a program: the new version takes over the old one's patients", async () => {
    const [x, y] = fx.patients.b as [string, string];
    const old = await createProgram(fx.practitionerB, { name: "Hip v1" });
    await req("POST", `/v2/health/heps/${old.id}/assignments`, fx.practitionerB, { patientRecordIds: [x, y] });
    const r = await req("POST", `/v2/health/heps/${old.id}/replace`, fx.adminB, program({ name: "Hip v2", blocks: [repsBlock({ numSets: 4 })] }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ name: "Hip v2", patientCount: 2, isTemplate: false, replacedById: null });
    expect(await activeHepIds(x)).toEqual([r.body.id]);
    expect(await activeHepIds(y)).toEqual([r.body.id]);
    // Both patients' programs changed: the access history has one record each, written with the change (ADR 018).
    const audit = await api.db.query<{ p: string; op: string; status: number; user_id: string }>(
      "SELECT patient_record_id::text AS p, operation_id AS op, status, user_id FROM patient_access_log WHERE operation_id = 'replaceProgram' ORDER BY id",
    );
    expect(audit.map((a) => a.p).sort()).toEqual([x, y].sort());
    expect(audit.every((a) => a.status === 201 && a.user_id === fx.adminB.userId)).toBe(true);
    const before = await req("GET", `/v2/health/heps/${old.id}`, fx.adminB);
    expect(before.body).toMatchObject({ replacedById: r.body.id, patientCount: 0 });
    // The old version cannot be replaced or assigned again; templates are updated, not replaced.
    expect((await req("POST", `/v2/health/heps/${old.id}/replace`, fx.adminB, program())).status).toBe(400);
    expect((await req("POST", `/v2/health/patients/${x}/assignments`, fx.adminB, { hepId: old.id })).status).toBe(400);
    const t = await createTemplate(fx.adminB);
    expect((await req("POST", `/v2/health/heps/${t.id}/replace`, fx.adminB, program())).status).toBe(400);
    // Other organizations cannot see it; an invalid body changes nothing.
    expect((await req("POST", `/v2/health/heps/${r.body.id}/replace`, fx.adminA, program())).status).toBe(404);
    expect((await req("POST", `/v2/health/heps/${r.body.id}/replace`, fx.adminB, program({ blocks: [] }))).status).toBe(400);
    expect(await activeHepIds(x)).toEqual([r.body.id]);
    expect(Number((await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_access_log WHERE operation_id = 'replaceProgram'"))!.n)).toBe(2);
  });
});

describe("patient notifications", () => {
  const newPatient = (over: { hasAccount?: boolean; location?: 0 | 1; products?: string[] } = {}) =>
    createPatient(api.db, {
      organizationId: fx.orgA.id,
      locationId: fx.orgA.locations[over.location ?? 0]!,
      practitionerId: (over.location ? fx.practitionerA2 : fx.practitionerA1).practitionerId,
      hasAccount: over.hasAccount ?? false,
      ...(over.products ? { products: over.products } : {}),
    });
  const notes = async (patient: string, as: FixtureUser = fx.adminA) => {
    const r = await req("GET", `/v2/health/patients/${patient}/notifications`, as);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string; kind: string; hepId: string | null; createdAt: string }[];
  };
  const kinds = async (patient: string) => (await notes(patient)).map((n) => [n.kind, n.hepId]);
  const assign = async (patient: string, hepId: string, shouldRetireHeps?: boolean, as: FixtureUser = fx.practitionerA1) => {
    const r = await req("POST", `/v2/health/patients/${patient}/assignments`, as, { hepId, ...(shouldRetireHeps === undefined ? {} : { shouldRetireHeps }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string }[];
  };

  it("the first program sends the app invite; each later change of the patient's programs is a program update", async () => {
    const patient = await newPatient();
    expect(await notes(patient)).toEqual([]);
    const p1 = await createProgram(fx.practitionerA1, { name: "N1" });
    const p2 = await createProgram(fx.practitionerA1, { name: "N2" });
    const p3 = await createProgram(fx.practitionerA1, { name: "N3" });

    await assign(patient, p1.id);
    const [invite] = await notes(patient);
    expect(invite).toMatchObject({ kind: "APP_INVITE", hepId: p1.id });
    expect(Math.abs(Date.parse(invite!.createdAt) - Date.now())).toBeLessThan(60_000);

    // The same program again changes nothing: nothing sent.
    await assign(patient, p1.id);
    await assign(patient, p1.id, true);
    expect(await kinds(patient)).toEqual([["APP_INVITE", p1.id]]);

    // An additional program, then one that retires the others (an edit): each is an update, newest first.
    await assign(patient, p2.id);
    await assign(patient, p3.id, true);
    expect(await kinds(patient)).toEqual([["PROGRAM_UPDATED", p3.id], ["PROGRAM_UPDATED", p2.id], ["APP_INVITE", p1.id]]);

    // Unassigning sends nothing; a later program after having none is an update, not a second invite.
    expect((await req("DELETE", `/v2/health/patients/${patient}/heps/${p3.id}`, fx.practitionerA1)).status).toBe(204);
    expect(await notes(patient)).toHaveLength(3);
    await assign(patient, p1.id);
    expect((await kinds(patient))[0]).toEqual(["PROGRAM_UPDATED", p1.id]);

    // The resent invite names no program.
    expect((await req("POST", `/v2/health/patients/${patient}/invite`, fx.practitionerA1)).status).toBe(204);
    const all = await notes(patient);
    expect(all.map((n) => [n.kind, n.hepId])).toEqual([["APP_INVITE", null], ["PROGRAM_UPDATED", p1.id], ["PROGRAM_UPDATED", p3.id], ["PROGRAM_UPDATED", p2.id], ["APP_INVITE", p1.id]]);
    const times = all.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
  });

  it("a patient who has an account or was invited already gets no second invite: the first program is an update", async () => {
    const withAccount = await newPatient({ hasAccount: true });
    const invitedBefore = await newPatient();
    expect((await req("POST", `/v2/health/patients/${invitedBefore}/invite`, fx.practitionerA1)).status).toBe(204);
    const p = await createProgram(fx.practitionerA1);
    await assign(withAccount, p.id);
    await assign(invitedBefore, p.id);
    expect(await kinds(withAccount)).toEqual([["PROGRAM_UPDATED", p.id]]);
    expect(await kinds(invitedBefore)).toEqual([
      ["PROGRAM_UPDATED", p.id],
      ["APP_INVITE", null],
    ]);
    // Their next program is an update too.
    const q = await createProgram(fx.practitionerA1);
    await assign(withAccount, q.id);
    expect(await kinds(withAccount)).toEqual([
      ["PROGRAM_UPDATED", q.id],
      ["PROGRAM_UPDATED", p.id],
    ]);
  });

  it("assigning a template names the patient's own copy", async () => {
    const patient = await newPatient();
    const t = await createTemplate(fx.adminA);
    const [copy] = await assign(patient, t.id);
    expect(await kinds(patient)).toEqual([["APP_INVITE", copy!.id]]);
    expect(copy!.id).not.toBe(t.id);
  });

  it("bulk assignment: isEdit and an added program update the patients who had programs; a first program invites", async () => {
    const had = await newPatient({ hasAccount: true });
    const fresh = await newPatient();
    const old = await createProgram(fx.practitionerA1);
    await assign(had, old.id);
    const next = await createProgram(fx.practitionerA1);
    const r = await req("POST", `/v2/health/heps/${next.id}/assignments`, fx.practitionerA1, { patientRecordIds: [had, fresh], isEdit: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // (`had` has an account: its first program was an update already.)
    expect(await kinds(had)).toEqual([["PROGRAM_UPDATED", next.id], ["PROGRAM_UPDATED", old.id]]);
    expect(await kinds(fresh)).toEqual([["APP_INVITE", next.id]]);
    // Added without isEdit: an update too; again: nothing.
    const extra = await createProgram(fx.practitionerA1);
    for (let i = 0; i < 2; i++) expect((await req("POST", `/v2/health/heps/${extra.id}/assignments`, fx.practitionerA1, { patientRecordIds: [had] })).status).toBe(200);
    expect(await kinds(had)).toEqual([["PROGRAM_UPDATED", extra.id], ["PROGRAM_UPDATED", next.id], ["PROGRAM_UPDATED", old.id]]);
  });

  it("replacing a program tells each of its patients about the new version", async () => {
    const x = await newPatient({ hasAccount: true });
    const y = await newPatient({ location: 1, hasAccount: true });
    const other = await newPatient({ hasAccount: true });
    const old = await createProgram(fx.adminA);
    const r0 = await req("POST", `/v2/health/heps/${old.id}/assignments`, fx.adminA, { patientRecordIds: [x, y] });
    expect(r0.status).toBe(200);
    const v2 = await req("POST", `/v2/health/heps/${old.id}/replace`, fx.practitionerA1, program({ name: "v2" }));
    expect(v2.status).toBe(201);
    // (Both have accounts: their first program was an update already.)
    expect(await kinds(x)).toEqual([["PROGRAM_UPDATED", v2.body.id], ["PROGRAM_UPDATED", old.id]]);
    expect(await kinds(y)).toEqual([["PROGRAM_UPDATED", v2.body.id], ["PROGRAM_UPDATED", old.id]]);
    expect(await notes(other)).toEqual([]);
    // A refused call records nothing.
    expect((await req("POST", `/v2/health/heps/${old.id}/replace`, fx.adminA, program())).status).toBe(400);
    expect((await req("POST", `/v2/health/patients/${x}/assignments`, fx.adminA, { hepId: old.id })).status).toBe(400);
    expect(await notes(x)).toHaveLength(2);
  });

  it("answers only for patients in the caller's reach (404 otherwise), to members only", async () => {
    const atA2 = await newPatient({ location: 1 });
    const p = await createProgram(fx.adminA);
    await assign(atA2, p.id, false, fx.practitionerA2);
    expect(await notes(atA2, fx.practitionerA2)).toHaveLength(1);
    expect((await req("GET", `/v2/health/patients/${atA2}/notifications`, fx.practitionerA1)).status).toBe(404);
    expect((await req("GET", `/v2/health/patients/${atA2}/notifications`, fx.adminB)).status).toBe(404);
    expect((await req("GET", `/v2/health/patients/${fx.patients.b[0]}/notifications`, fx.adminA)).status).toBe(404);
    expect((await req("GET", `/v2/health/patients/${randomUUID()}/notifications`, fx.adminA)).status).toBe(404);
    expect((await req("GET", "/v2/health/patients/nope/notifications", fx.adminA)).status).toBe(400);
    expect((await req("GET", `/v2/health/patients/${atA2}/notifications`, null)).status).toBe(401);
    expect((await req("GET", `/v2/health/patients/${atA2}/notifications`, { userId: fx.adminA.userId, groups: [] })).status).toBe(403);
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [atA2]);
    expect((await req("GET", `/v2/health/patients/${atA2}/notifications`, fx.adminA)).status).toBe(404);
  });
});
