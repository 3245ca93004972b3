import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../../seed/demo-accounts.js";
import { seedWorld } from "../../seed/index.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { CYCLE_COLUMNS, CYCLE_FROM, derivedStatus, factsOf, loadActivity, nextCheckOn, type CycleRow } from "./cycles.js";
import { evaluateCycle } from "./rules.js";

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
    for (const s of res.body.items) for (const c of s.cycles) expect(c.needs.text).toMatch(/ of (16 active days|20 minutes|40 minutes)/);
  });
});
