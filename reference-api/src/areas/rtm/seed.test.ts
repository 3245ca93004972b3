import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../../seed/demo-accounts.js";
import { seedWorld } from "../../seed/index.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { CYCLE_COLUMNS, CYCLE_FROM, derivedStatus, factsOf, loadActivity, nextCheckOn, type CycleRow } from "./cycles.js";
import { evaluateCycle } from "./rules.js";
import { BOUNDARY_PATIENTS } from "./seed.js";

/** The RTM seed on the demo world: its statuses are the billing rules' (rules.ts) applied to the seeded events. */
let api: TestApi;
const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const day = today.toISOString().slice(0, 10);
let rows: CycleRow[];

beforeAll(async () => {
  api = await createTestApi();
  await seedWorld({ db: api.db, files: api.services.files, world: "demo", today });
  // As the seed saw them: its "today" (UTC), not the organization's clock.
  rows = (await api.db.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM}`)).map((r) => ({ ...r, today: day }));
}, 300_000);

afterAll(async () => {
  await api?.close();
});

describe("RTM seed", () => {
  it("gives every cycle that is not billed the status the rules derive from its events, and the API's next check day", async () => {
    expect(rows.length).toBeGreaterThan(500);
    const activity = await loadActivity(api.db, rows);
    const wrong: string[] = [];
    for (const r of rows) {
      const a = activity.get(r.id);
      if (r.status !== "BILLED" && derivedStatus(r, a) !== r.status) wrong.push(`${r.code} ${r.start_date}..${r.end_date}: ${r.status}, rules ${derivedStatus(r, a)}`);
      const v = evaluateCycle(factsOf(r, a));
      if (r.next_check_on !== nextCheckOn(r, r.status === "BILLED" ? "BILLED" : v.status, v.recheckOn)) wrong.push(`${r.id}: next_check_on ${r.next_check_on}`);
    }
    expect(wrong).toEqual([]);
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(["ACTIVE_DAYS_INCOMPLETE", "BILLED", "IN_PROGRESS", "READY_TO_BILL"]);
  });

  it("opens 98981 only above 20 minutes, bills it only with its 98980, and one set-up per episode", async () => {
    const additional = await api.db.query<{ minutes: number; care: string }>(
      `SELECT (SELECT coalesce(sum(i.minutes), 0)::int FROM interactions i WHERE i.patient_record_id = a.patient_record_id AND i.date BETWEEN a.start_date AND a.end_date) AS minutes,
              (SELECT p.status FROM rtm_cycles p WHERE p.patient_record_id = a.patient_record_id AND p.code = 'PATIENT_INTERACTION' AND p.start_date = a.start_date) AS care,
              a.status
         FROM rtm_cycles a WHERE a.code = 'ADDITIONAL_PATIENT_INTERACTION'`,
    );
    expect(additional.length).toBeGreaterThan(0);
    for (const a of additional as { minutes: number; care: string; status: string }[]) {
      expect(a.minutes).toBeGreaterThan(20);
      expect(a.care).toBeTruthy();
      if (a.status === "BILLED") expect(a.care).toBe("BILLED");
    }
    const setups = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM (SELECT patient_record_id FROM rtm_cycles WHERE code = 'PATIENT_SETUP' GROUP BY 1 HAVING count(*) > 1) x");
    expect(setups?.n).toBe(0);
  });

  it("answers the demo practitioner's needs-attention view within the contract", async () => {
    const a = demoAccounts.find((x) => x.email === "practitioner@frontrange.example")!;
    const month = day.slice(0, 7);
    const res = await api.request("GET", `/v2/health/rtm-cycles/${month}?needsAttention=true&sortBy=DAYS_LEFT&orderBy=ASC&limit=20`, { as: { userId: a.userId, groups: a.groups } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const s of res.body.items) for (const c of s.cycles) expect(c.needs.text).toMatch(/( of (2|16) active days| minutes of care management|^Met so far: )/);
  });

  it("seeds the demo practitioner's patients at every boundary of the 2026 rules (ADR 033), with and without a live call", async () => {
    const mine = rows.filter((r) => r.first_name === "Rtm" && r.end_date >= day && r.start_date <= day);
    const activity = await loadActivity(api.db, mine);
    const at = (lastName: string) =>
      Object.fromEntries(
        mine.filter((r) => r.last_name === lastName).map((r) => {
          const v = evaluateCycle(factsOf(r, activity.get(r.id)));
          return [r.code, { status: r.status, needs: v.needs?.text ?? null, projection: v.projection }];
        }),
      );
    expect(new Set(mine.map((r) => r.last_name))).toEqual(new Set(BOUNDARY_PATIENTS.map((b) => b.lastName)));
    // Days of data in the running 30-day interval, 11 days left.
    expect(at("Boundary 01 days").SHORT_DEVICE_AND_DATA_TRANSMISSION).toEqual({ status: "IN_PROGRESS", needs: "1 of 2 active days — 1 more needed in the 11 days left", projection: "16 days can no longer be reached: 98985 applies at 2" });
    expect(at("Boundary 02 days").SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "READY_TO_BILL", needs: null });
    expect(at("Boundary 02 days").PATIENT_SETUP).toMatchObject({ status: "READY_TO_BILL" });
    // 98985 met while 16 days can still be reached: In Progress, "met so far" (ADR 043); 2 days cannot reach 16: Ready.
    expect(at("Boundary 11 days")).toMatchObject({
      SHORT_DEVICE_AND_DATA_TRANSMISSION: {
        status: "IN_PROGRESS",
        needs: expect.stringMatching(/^Met so far: 98985 — ready when 16 days can no longer be reached, \w+ \d+ \(7 days\); 98977 if the interval reaches 16$/),
        projection: "16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left",
      },
      DEVICE_AND_DATA_TRANSMISSION: { status: "IN_PROGRESS", needs: "11 of 16 active days — 5 more needed in the 11 days left" },
    });
    expect(at("Boundary 15 days").SHORT_DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "IN_PROGRESS", needs: expect.stringMatching(/^Met so far: 98985/) });
    expect(at("Boundary 15 days").DEVICE_AND_DATA_TRANSMISSION).toMatchObject({ status: "IN_PROGRESS", needs: "15 of 16 active days — 1 more needed in the 11 days left" });
    expect(at("Boundary 16 days")).toMatchObject({
      DEVICE_AND_DATA_TRANSMISSION: { status: "READY_TO_BILL", needs: null, projection: null },
      SHORT_DEVICE_AND_DATA_TRANSMISSION: { status: "ACTIVE_DAYS_INCOMPLETE", needs: "16 active days: 98977 applies to this interval instead" },
    });
    // Minutes in the calendar month, with and without a live call.
    expect(at("Boundary 9 min live").BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: "9 of 10 minutes of care management" });
    // Met while the month runs: In Progress until it closes (ADR 043), "Met so far: 98979 — ready when November closes (3 days)".
    const metSoFar = (code: string) => expect.stringMatching(new RegExp(`^Met so far: ${code} — ready when \\w+ closes \\(\\d+ days?\\)$`));
    expect(at("Boundary 10 min live").BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: metSoFar("98979") });
    expect(at("Boundary 15 min live").BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: metSoFar("98979") });
    expect(at("Boundary 19 min live").BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: metSoFar("98979") });
    expect(at("Boundary 19 min live").PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: "19 of 20 minutes of care management" });
    expect(at("Boundary 20 min live")).toMatchObject({ PATIENT_INTERACTION: { status: "IN_PROGRESS", needs: metSoFar("98980") }, BRIEF_PATIENT_INTERACTION: { status: "ACTIVE_DAYS_INCOMPLETE" } });
    expect(at("Boundary 39 min live")).toMatchObject({ PATIENT_INTERACTION: { status: "IN_PROGRESS", needs: metSoFar("98980") }, ADDITIONAL_PATIENT_INTERACTION: { status: "IN_PROGRESS", needs: "39 of 40 minutes of care management" } });
    expect(at("Boundary 40 min live").ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: metSoFar("98981") });
    for (const m of [10, 15, 19]) expect(at(`Boundary ${m} min no call`).BRIEF_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: `${m} minutes of care management; no live interaction logged yet` });
    for (const m of [20, 39]) expect(at(`Boundary ${m} min no call`).PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: `${m} minutes of care management; no live interaction logged yet` });
    expect(at("Boundary 9 min no call").BRIEF_PATIENT_INTERACTION!.needs).toBe("9 of 10 minutes of care management; no live interaction logged yet");
    expect(at("Boundary 40 min no call").ADDITIONAL_PATIENT_INTERACTION).toMatchObject({ status: "IN_PROGRESS", needs: "40 minutes of care management; no live interaction logged yet" });
  });

  it("seeds the boundary patients as valid Health records: the billing office can choose their billing practitioner (issue 32)", async () => {
    const admin = demoAccounts.find((x) => x.email === "admin@frontrange.example")!;
    const priya = await api.db.one<{ id: string }>("SELECT id FROM practitioners WHERE user_id = $1", [demoAccounts.find((x) => x.email === "practitioner2@frontrange.example")!.userId]);
    const patients = await api.db.query<{ id: string; last_name: string }>("SELECT id, last_name FROM patient_records WHERE first_name = 'Rtm' AND last_name = ANY($1::text[])", [BOUNDARY_PATIENTS.map((b) => b.lastName)]);
    expect(patients).toHaveLength(BOUNDARY_PATIENTS.length);
    for (const p of patients) {
      const res = await api.request("PATCH", `/v2/patients/${p.id}`, { as: { userId: admin.userId, groups: admin.groups }, body: { rtmBillingPractitionerId: priya!.id } });
      expect(res.status, `${p.last_name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});

