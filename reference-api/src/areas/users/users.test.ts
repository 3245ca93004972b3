import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, createPatient, type Fixture } from "../../testing/fixture.js";
import { DASHBOARD_LIST_CAP } from "./dashboard.js";

let api: TestApi;
let fx: Fixture;

/** An invited practitioner of organization A (no user yet) with the given invite code. */
async function invite(code: string, email = `inv-${code.toLowerCase()}@test.example`): Promise<string> {
  const id = randomUUID();
  await api.db.query(
    `INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role, invite_code, invited_at)
     VALUES ($1, $2, NULL, 'Ina', 'Vited', $3, 'PORTAL_PRACTITIONER', 'PORTAL_PRACTITIONER', $4, now())`,
    [id, fx.orgA.id, email, code],
  );
  await api.db.query("INSERT INTO practitioner_locations (practitioner_id, location_id) VALUES ($1, $2)", [id, fx.orgA.locations[0]]);
  return id;
}

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
});
afterAll(async () => api?.close());

describe("getCurrentUser", () => {
  it("answers the signed-in user with organization, groups, role and own locations", async () => {
    const res = await api.request("GET", "/v2/users/current", { as: fx.practitionerA1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: fx.practitionerA1.userId,
      practitionerId: fx.practitionerA1.practitionerId,
      firstName: "PractA1",
      groups: ["PORTAL_PRACTITIONER"],
      role: "PORTAL_PRACTITIONER",
      organization: { id: fx.orgA.id, name: "Org A", timezone: "America/Denver", isResearchOrg: false, supportsSSO: false, logoUrl: null, webLogoUrl: null },
    });
    expect(res.body.organization.products).toEqual(["HEALTH", "GAIT", "PRO", "SCAN"]);
    expect(res.body.locations.map((l: { id: string }) => l.id)).toEqual([fx.orgA.locations[0]]);
  });

  it("answers 404 for a token whose user has no provider account", async () => {
    const res = await api.request("GET", "/v2/users/current", { as: { userId: randomUUID(), groups: ["PORTAL_PRACTITIONER"] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "We didn't find a provider account for this login.", status: 404 });
  });

  it("answers 401 without a token", async () => {
    expect((await api.request("GET", "/v2/users/current")).status).toBe(401);
  });

  it("answers role null for a user whose token carries no groups", async () => {
    const res = await api.request("GET", "/v2/users/current", { as: { userId: fx.practitionerA2.userId, groups: [] } });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([]);
    expect(res.body.role).toBeNull();
  });

  it("answers 403 for a user of a disabled organization", async () => {
    await api.db.query("UPDATE organizations SET disabled = true WHERE id = $1", [fx.orgB.id]);
    try {
      expect((await api.request("GET", "/v2/users/current", { as: fx.adminB })).status).toBe(403);
    } finally {
      await api.db.query("UPDATE organizations SET disabled = false WHERE id = $1", [fx.orgB.id]);
    }
  });
});

describe("updateUserProfile", () => {
  it("changes the caller's own name", async () => {
    const res = await api.request("PATCH", `/v2/users/${fx.practitionerA2.userId}`, {
      as: fx.practitionerA2,
      body: { userId: fx.practitionerA2.userId, firstName: " Renamed ", lastName: "Person" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Renamed", lastName: "Person" });
    const again = await api.request("GET", "/v2/users/current", { as: fx.practitionerA2 });
    expect(again.body.firstName).toBe("Renamed");
  });

  it("refuses another user's id with 403", async () => {
    const res = await api.request("PATCH", `/v2/users/${fx.practitionerA1.userId}`, { as: fx.adminA, body: { firstName: "X", lastName: "Y" } });
    expect(res.status).toBe(403);
  });

  it("refuses blank names and unknown fields with 400", async () => {
    const me = fx.adminA;
    expect((await api.request("PATCH", `/v2/users/${me.userId}`, { as: me, body: { firstName: "  ", lastName: "Y" } })).body.message).toBe("firstName is required");
    expect((await api.request("PATCH", `/v2/users/${me.userId}`, { as: me, body: { firstName: "X", lastName: "Y", email: "a@b.example" } })).status).toBe(400);
    expect((await api.request("PATCH", `/v2/users/${me.userId}`, { as: me, body: { firstName: "X" } })).status).toBe(400);
  });
});

describe("sign-up by invite code", () => {
  it("looks up an invitation without a token and 404s an unknown code", async () => {
    await invite("LOOKUP-0001", "lookup@test.example");
    const res = await api.request("GET", "/v2/sign-up/LOOKUP-0001");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: "Ina", lastName: "Vited", email: "lookup@test.example", inviteCode: "LOOKUP-0001", hasAccount: false, organizationName: "Org A" });
    expect((await api.request("GET", "/v2/sign-up/NO-SUCH-CODE")).status).toBe(404);
    expect((await api.request("GET", "/v2/sign-up/bad%20code")).status).toBe(400);
  });

  it("completes sign-up for a caller without a provider account, then refuses a second use with 409", async () => {
    const practitionerId = await invite("SIGNUP-0001");
    const newUser = { userId: randomUUID(), groups: ["PORTAL_PRACTITIONER"] };
    // Before: no provider account.
    expect((await api.request("GET", "/v2/users/current", { as: newUser })).status).toBe(404);

    const res = await api.request("POST", `/v2/users/${newUser.userId}/complete-sign-up`, {
      as: newUser,
      body: { userId: newUser.userId, firstName: "Jordan", lastName: "Ellis", inviteCode: "SIGNUP-0001" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: newUser.userId, practitionerId, firstName: "Jordan", lastName: "Ellis", organization: { id: fx.orgA.id } });
    expect(res.body.locations).toHaveLength(1);

    // After: the user is signed up, and the used invitation reveals nothing (the unknown code's 404, ADR 042).
    expect((await api.request("GET", "/v2/users/current", { as: newUser })).status).toBe(200);
    expect((await api.request("GET", "/v2/sign-up/SIGNUP-0001")).status).toBe(404);

    // The same caller again: already completed.
    const again = await api.request("POST", `/v2/users/${newUser.userId}/complete-sign-up`, { as: newUser, body: { firstName: "J", lastName: "E", inviteCode: "SIGNUP-0001" } });
    expect(again.status).toBe(409);
    // Another new user with the used code: the invitation is taken.
    const other = { userId: randomUUID(), groups: [] };
    const taken = await api.request("POST", `/v2/users/${other.userId}/complete-sign-up`, { as: other, body: { firstName: "J", lastName: "E", inviteCode: "SIGNUP-0001" } });
    expect(taken.status).toBe(409);
  });

  it("refuses someone else's user id (403), an unknown code (404) and a mismatched body userId (400)", async () => {
    await invite("SIGNUP-0002");
    const me = { userId: randomUUID(), groups: [] };
    const body = { firstName: "A", lastName: "B", inviteCode: "SIGNUP-0002" };
    expect((await api.request("POST", `/v2/users/${randomUUID()}/complete-sign-up`, { as: me, body })).status).toBe(403);
    expect((await api.request("POST", `/v2/users/${me.userId}/complete-sign-up`, { as: me, body: { ...body, inviteCode: "NOPE-0000" } })).status).toBe(404);
    expect((await api.request("POST", `/v2/users/${me.userId}/complete-sign-up`, { as: me, body: { ...body, userId: "someone-else" } })).status).toBe(400);
    expect((await api.request("POST", `/v2/users/${me.userId}/complete-sign-up`, { as: me, body: { firstName: "A", lastName: "B" } })).status).toBe(400);
    expect((await api.request("POST", `/v2/users/${me.userId}/complete-sign-up`, { body })).status).toBe(401);
  });
});

describe("getDashboardActions", () => {
  it("lists the cards over active patients, scoped by the caller's locations", async () => {
    const [a1, a2] = fx.orgA.locations;
    const p1 = fx.practitionerA1.practitionerId;
    const noAccount = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: a1, practitionerId: p1, firstName: "Nora", lastName: "Noaccount", hasAccount: false, products: ["HEALTH"] });
    const gaitOnly = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: a1, practitionerId: p1, firstName: "Gil", lastName: "Gait", hasAccount: false, products: ["GAIT"] });
    const discharged = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: a1, practitionerId: p1, lastName: "Discharged", hasAccount: false, products: ["HEALTH"] });
    await api.db.query("UPDATE patient_records SET discharge_date = current_date - 1 WHERE id = $1", [discharged]);
    const dischargingToday = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: a1, practitionerId: p1, lastName: "Today", hasAccount: false, products: ["HEALTH"] });
    await api.db.query("UPDATE patient_records SET discharge_date = current_date WHERE id = $1", [dischargingToday]);
    const hidden = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: a1, practitionerId: p1, lastName: "Hidden", hasAccount: false, products: ["HEALTH"] });
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [hidden]);
    // Recent session: not in NO_RECENT_SESSION. Old session: listed with its time.
    const [recent, old] = fx.patients.a1;
    await api.db.query("UPDATE patient_records SET most_recent_session = now() - interval '1 day' WHERE id = $1", [recent]);
    await api.db.query("UPDATE patient_records SET most_recent_session = now() - interval '9 days' WHERE id = $1", [old]);
    // A program for `recent`; ready to bill for `old`.
    const hep = randomUUID();
    await api.db.query("INSERT INTO heps (id, organization_id, name) VALUES ($1, $2, 'Knee')", [hep, fx.orgA.id]);
    await api.db.query("INSERT INTO hep_assignments (id, hep_id, patient_record_id) VALUES ($1, $2, $3)", [randomUUID(), hep, recent]);
    await api.db.query(
      "INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date) VALUES ($1, $2, 'DEVICE_AND_DATA_TRANSMISSION', 'READY_TO_BILL', current_date - 30, current_date)",
      [randomUUID(), old],
    );

    const res = await api.request("GET", "/v2/dashboards/actions", { as: fx.practitionerA1 });
    expect(res.status).toBe(200);
    const ids = (k: string) => res.body[k].map((p: { id: string }) => p.id).sort();
    // In scope: the two fixture patients at a1, noAccount, gaitOnly, dischargingToday (active through today).
    expect(res.body.TOTAL_NUM_PATIENTS).toBe(5);
    expect(ids("NO_ACCOUNT")).toEqual([noAccount, dischargingToday].sort());
    expect(ids("NO_HEP")).toEqual([old, noAccount, dischargingToday].sort());
    expect(ids("NO_RECENT_SESSION")).toEqual([old, noAccount, gaitOnly, dischargingToday].sort());
    // By last name; each row carries its card and the most recent session.
    expect(res.body.NO_RECENT_SESSION.map((p: { lastName: string }) => p.lastName)[0]).toBe("Gait");
    const lapsed = res.body.NO_RECENT_SESSION.find((p: { id: string }) => p.id === old);
    expect(lapsed.status).toBe("NO_RECENT_SESSION");
    expect(new Date(lapsed.mostRecentSession).getTime()).toBeLessThan(Date.now() - 8 * 86_400_000);
    expect(res.body.NO_ACCOUNT.find((p: { id: string }) => p.id === noAccount)).toEqual({ id: noAccount, firstName: "Nora", lastName: "Noaccount", status: "NO_ACCOUNT", mostRecentSession: null });
    expect(res.body.READY_TO_BILL).toEqual([expect.objectContaining({ id: old, status: "READY_TO_BILL" })]);

    // The practitioner of the other location sees none of these; the admin sees the whole organization.
    const other = await api.request("GET", "/v2/dashboards/actions", { as: fx.practitionerA2 });
    expect(other.body.TOTAL_NUM_PATIENTS).toBe(2);
    expect(other.body.NO_ACCOUNT).toEqual([]);
    const admin = await api.request("GET", "/v2/dashboards/actions", { as: fx.adminA });
    expect(admin.body.TOTAL_NUM_PATIENTS).toBe(7);
    expect(admin.body.READY_TO_BILL).toHaveLength(1);
    void a2;
  });

  it("caps each list at 50, by name, and counts every active patient", async () => {
    const loc = fx.orgB.locations[0];
    for (let i = 0; i < DASHBOARD_LIST_CAP + 5; i++) {
      await createPatient(api.db, { organizationId: fx.orgB.id, locationId: loc, practitionerId: fx.practitionerB.practitionerId, lastName: `Cap${String(i).padStart(2, "0")}`, hasAccount: false, products: ["HEALTH"] });
    }
    const res = await api.request("GET", "/v2/dashboards/actions", { as: fx.adminB });
    expect(res.status).toBe(200);
    expect(res.body.NO_ACCOUNT).toHaveLength(DASHBOARD_LIST_CAP);
    expect(res.body.NO_ACCOUNT.map((p: { lastName: string }) => p.lastName)).toEqual(Array.from({ length: DASHBOARD_LIST_CAP }, (_, i) => `Cap${String(i).padStart(2, "0")}`));
    expect(res.body.TOTAL_NUM_PATIENTS).toBe(DASHBOARD_LIST_CAP + 5 + 2);
  });

  it("refuses a caller without a portal role or provider account with 403", async () => {
    expect((await api.request("GET", "/v2/dashboards/actions", { as: { userId: fx.adminA.userId, groups: [] } })).status).toBe(403);
    expect((await api.request("GET", "/v2/dashboards/actions", { as: { userId: randomUUID(), groups: ["PORTAL_PROVIDER_ADMIN"] } })).status).toBe(403);
  });
});
