import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { createFixture, type Fixture } from "../../testing/fixture.js";
import type { IdentityAdmin } from "../../core/identity-admin.js";
import { LOGO_MESSAGES } from "../../core/images.js";
import { BLUE, RED, bandsPng, bombPng, inspect, jpeg, near, noisePng, truncated } from "../../testing/images.js";

let api: TestApi;
let fx: Fixture;
/** What the API asked of the identity service (a stand-in for the user pool's admin API). */
const identityCalls: string[] = [];
const identity: IdentityAdmin = {
  createUser: async (user) => void identityCalls.push(`createUser ${user.username}`),
  setRole: async (user, role) => void identityCalls.push(`setRole ${user} ${role}`),
  deleteUser: async (user) => void identityCalls.push(`deleteUser ${user}`),
  signOut: async (user) => void identityCalls.push(`signOut ${user}`),
  resetMfa: async (user) => void identityCalls.push(`resetMfa ${user}`),
  // Every test user has an authenticator: the second-factor check (ADR 036) is tested in core/second-factor.test.ts.
  secondFactor: async () => ({ enabled: true, external: false }),
};

beforeAll(async () => {
  api = await createTestApi({}, { identity });
  fx = await createFixture(api.db);
});
afterAll(async () => api?.close());

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----test${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
/** A real 1×1 PNG (the matrix sends it; the logo tests make their own images). */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const upload = (as: { userId: string; groups: string[] }, url: string, data: Buffer, filename = "logo.png") => {
  const m = multipart("file", filename, "image/png", data);
  return api.request("POST", url, { as, body: m.body, headers: m.headers });
};

describe("organization", () => {
  it("lets a provider admin rename their organization", async () => {
    const res = await api.request("PATCH", `/v2/organizations/${fx.orgA.id}`, { as: fx.adminA, body: { name: " Org A Renamed " } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fx.orgA.id, name: "Org A Renamed", disabled: false, isResearchOrg: false, supportsSSO: false });
    expect((await api.request("GET", "/v2/users/current", { as: fx.adminA })).body.organization.name).toBe("Org A Renamed");
  });

  it("refuses practitioners (403), another organization (404) and a blank name (400)", async () => {
    expect((await api.request("PATCH", `/v2/organizations/${fx.orgA.id}`, { as: fx.practitionerA1, body: { name: "X" } })).status).toBe(403);
    expect((await api.request("PATCH", `/v2/organizations/${fx.orgB.id}`, { as: fx.adminA, body: { name: "X" } })).status).toBe(404);
    const blank = await api.request("PATCH", `/v2/organizations/${fx.orgA.id}`, { as: fx.adminA, body: { name: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Name is required");
    expect((await api.request("PATCH", `/v2/organizations/not-a-uuid`, { as: fx.adminA, body: { name: "X" } })).status).toBe(400);
  });

  it("uploads a logo: decoded, centre-cropped to 250×140, re-encoded, served by signed URL; deletes it", async () => {
    // 1500×280: red | blue | red bands of 500; halved to 750×140 to cover, its centre 250 is blue.
    const source = await bandsPng([RED, BLUE, RED], 500, 280);
    const res = await upload(fx.adminA, `/v2/organizations/${fx.orgA.id}/logo`, source);
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^http:\/\/api\.test\/files\/[A-Za-z0-9_-]+\?expires=\d+&signature=/);
    expect(res.body.webLogoUrl).toBe(res.body.logoUrl);
    const me = await api.request("GET", "/v2/users/current", { as: fx.practitionerA1 });
    expect(me.body.organization.webLogoUrl).toBe(res.body.webLogoUrl);
    // The signed URL names the stored PNG: the normalised logo, not the bytes sent.
    const url = new URL(res.body.logoUrl);
    const key = api.services.signer.verify(url.pathname.split("/").pop()!, Number(url.searchParams.get("expires")), url.searchParams.get("signature")!);
    expect(key).toMatch(new RegExp(`^org/${fx.orgA.id}/logo-[0-9a-f]{8}\\.png$`));
    const file = await api.request("GET", `${url.pathname}${url.search}`);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^image\/png/);
    expect(file.raw.equals(source)).toBe(false);
    const stored = await inspect(file.raw);
    expect(stored).toMatchObject({ format: "png", width: 250, height: 140 });
    expect(near(stored.mean, BLUE), JSON.stringify(stored.mean)).toBe(true);

    const del = await api.request("DELETE", `/v2/organizations/${fx.orgA.id}/logo`, { as: fx.adminA });
    expect(del.status).toBe(204);
    expect(await api.services.files.exists(key!)).toBe(false);
    expect((await api.request("GET", "/v2/users/current", { as: fx.adminA })).body.organization).toMatchObject({ logoUrl: null, webLogoUrl: null });
  });

  it("refuses every bad file with a 400 and its message, and nothing changes", async () => {
    const url = `/v2/organizations/${fx.orgA.id}/logo`;
    const kept = await upload(fx.adminA, url, await bandsPng([RED], 250, 140));
    expect(kept.status).toBe(200);
    const whole = await noisePng(300, 200);
    const cases: [string, Buffer, string][] = [
      ["a JPEG named logo.png", await jpeg(), LOGO_MESSAGES.notPng],
      ["truncated PNG bytes", truncated(whole), LOGO_MESSAGES.corrupt],
      ["a decompression bomb", bombPng(), LOGO_MESSAGES.tooManyPixels(20_000, 20_000)],
      ["a file over 5 MB", await noisePng(1400, 1400), LOGO_MESSAGES.tooLarge],
    ];
    for (const [name, data, message] of cases) {
      const res = await upload(fx.adminA, url, data);
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 400, body: { message, status: 400 } });
    }
    expect((await api.request("GET", "/v2/users/current", { as: fx.adminA })).body.organization.webLogoUrl).toBe(kept.body.webLogoUrl);
    // The admin area's upload goes through the same check.
    const admin = await upload(fx.productAdmin, `/v2/admin/organizations/${fx.orgB.id}/logo`, await jpeg());
    expect(admin.body).toEqual({ message: LOGO_MESSAGES.notPng, status: 400 });
    const adminOk = await upload(fx.productAdmin, `/v2/admin/organizations/${fx.orgB.id}/logo`, await bandsPng([RED, BLUE], 400, 400));
    expect(adminOk.status).toBe(200);
    const file = await api.request("GET", new URL(adminOk.body.logoUrl).pathname + new URL(adminOk.body.logoUrl).search);
    expect(await inspect(file.raw)).toMatchObject({ width: 250, height: 140 });
  }, 120_000);

  it("refuses a missing file part, practitioners and other organizations", async () => {
    const wrongField = multipart("image", "logo.png", "image/png", png);
    expect((await api.request("POST", `/v2/organizations/${fx.orgA.id}/logo`, { as: fx.adminA, body: wrongField.body, headers: wrongField.headers })).status).toBe(400);
    expect((await api.request("POST", `/v2/organizations/${fx.orgA.id}/logo`, { as: fx.adminA, body: { file: "x" } })).status).toBe(400);
    expect((await upload(fx.practitionerA1, `/v2/organizations/${fx.orgA.id}/logo`, png)).status).toBe(403);
    expect((await upload(fx.adminA, `/v2/organizations/${fx.orgB.id}/logo`, png)).status).toBe(404);
    expect((await api.request("DELETE", `/v2/organizations/${fx.orgB.id}/logo`, { as: fx.adminA })).status).toBe(404);
    expect((await api.request("DELETE", `/v2/organizations/${fx.orgA.id}/logo`, { as: fx.practitionerA1 })).status).toBe(403);
  });
});

describe("locations", () => {
  it("lists the organization's locations for any member", async () => {
    const res = await api.request("GET", "/v2/locations", { as: fx.practitionerA1 });
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: string }) => l.id).sort()).toEqual([...fx.orgA.locations].sort());
    expect(res.body[0]).toMatchObject({ name: "A North", city: "Denver", stateCode: "CO", defaultProvider: null, defaultProviderId: null });
  });

  it("lets provider admins create and update locations", async () => {
    const created = await api.request("POST", "/v2/locations", {
      as: fx.adminA,
      body: { name: "A East", timezone: "America/Phoenix", city: "Tempe", stateCode: "AZ", zipCode: "85281", address1: "  ", defaultProviderId: fx.practitionerA1.practitionerId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "A East", timezone: "America/Phoenix", city: "Tempe", address1: null,
      defaultProviderId: fx.practitionerA1.practitionerId, defaultProvider: { id: fx.practitionerA1.practitionerId, firstName: "PractA1", lastName: "Tester" },
    });
    const id = created.body.id;
    const updated = await api.request("PATCH", `/v2/locations/${id}`, { as: fx.adminA, body: { name: "A East Clinic", defaultProviderId: null, city: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "A East Clinic", timezone: "America/Phoenix", city: null, defaultProvider: null, zipCode: "85281" });
    expect((await api.request("GET", "/v2/locations", { as: fx.adminA })).body).toHaveLength(3);
  });

  it("validates name, timezone and default provider", async () => {
    const post = (body: unknown) => api.request("POST", "/v2/locations", { as: fx.adminA, body });
    expect((await post({ name: "X" })).status).toBe(400);
    expect((await post({ name: "X", timezone: "Europe/Paris" })).status).toBe(400);
    expect((await post({ name: "X", timezone: "America/Denver", stateCode: "Colorado" })).status).toBe(400);
    const blank = await post({ name: "  ", timezone: "America/Denver" });
    expect(blank.body.message).toBe("Name is required");
    const foreign = await post({ name: "X", timezone: "America/Denver", defaultProviderId: fx.practitionerB.practitionerId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/defaultProviderId/);
    expect((await api.request("PATCH", `/v2/locations/${fx.orgA.locations[0]}`, { as: fx.adminA, body: {} })).status).toBe(400);
  });

  it("refuses practitioners (403) and another organization's location (404)", async () => {
    expect((await api.request("POST", "/v2/locations", { as: fx.practitionerA1, body: { name: "X", timezone: "America/Denver" } })).status).toBe(403);
    expect((await api.request("PATCH", `/v2/locations/${fx.orgA.locations[0]}`, { as: fx.practitionerA1, body: { name: "X" } })).status).toBe(403);
    expect((await api.request("PATCH", `/v2/locations/${fx.orgB.locations[0]}`, { as: fx.adminA, body: { name: "Mine now" } })).status).toBe(404);
    const b = await api.request("GET", "/v2/locations", { as: fx.adminB });
    expect(b.body.map((l: { name: string }) => l.name)).toEqual(["B Main"]);
  });
});

describe("practitioners", () => {
  it("lists providers and the current provider", async () => {
    const list = await api.request("GET", "/v2/practitioners", { as: fx.practitionerA1 });
    expect(list.status).toBe(200);
    const ids = list.body.map((p: { id: string }) => p.id);
    expect(ids).toContain(fx.adminA.practitionerId);
    expect(ids).not.toContain(fx.adminB.practitionerId);
    const me = list.body.find((p: { id: string }) => p.id === fx.practitionerA1.practitionerId);
    expect(me).toMatchObject({ userId: fx.practitionerA1.userId, role: "PORTAL_PRACTITIONER", addedAsRole: "PORTAL_PRACTITIONER", invitedAt: null });
    expect(me.locations).toEqual([{ id: fx.orgA.locations[0], name: "A North" }]);
    const current = await api.request("GET", "/v2/practitioners/current", { as: fx.practitionerA1 });
    expect(current.body).toEqual({ id: fx.practitionerA1.practitionerId, firstName: "PractA1", lastName: "Tester" });
  });

  it("invites a provider with an invite code the sign-up lookup finds", async () => {
    const res = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA,
      body: { firstName: "New", lastName: "Hire", email: "new.hire@test.example", role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[1]] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: null, firstName: "New", email: "new.hire@test.example", role: "PORTAL_PRACTITIONER", locations: [{ id: fx.orgA.locations[1] }] });
    expect(Date.parse(res.body.invitedAt)).toBeGreaterThan(Date.now() - 60_000);
    const row = await api.db.one<{ invite_code: string }>("SELECT invite_code FROM practitioners WHERE id = $1", [res.body.id]);
    expect(row!.invite_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const lookup = await api.request("GET", `/v2/sign-up/${row!.invite_code}`);
    expect(lookup.body).toMatchObject({ email: "new.hire@test.example", hasAccount: false });
    // An admin needs no location.
    const admin = await api.request("POST", "/v2/practitioners", { as: fx.adminA, body: { firstName: "Ad", lastName: "Min", email: "ad.min@test.example", role: "PORTAL_PROVIDER_ADMIN" } });
    expect(admin.status).toBe(201);
    expect(admin.body.locations).toEqual([]);
  });

  it("enforces the invite rules", async () => {
    const post = (body: Record<string, unknown>, as = fx.adminA) =>
      api.request("POST", "/v2/practitioners", { as, body: { firstName: "A", lastName: "B", email: `x-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", ...body } });
    const noLoc = await post({ locationIds: [] });
    expect(noLoc.status).toBe(400);
    expect(noLoc.body.message).toBe("Location(s) are required");
    expect((await post({ locationIds: undefined })).status).toBe(400);
    expect((await post({ locationIds: [fx.orgB.locations[0]] })).status).toBe(400);
    expect((await post({ locationIds: [fx.orgA.locations[0]], email: "not-an-email" })).status).toBe(400);
    expect((await post({ locationIds: [fx.orgA.locations[0]], useSSO: true })).status).toBe(400);
    expect((await post({ locationIds: [fx.orgA.locations[0]] }, fx.practitionerA1)).status).toBe(403);
    expect((await post({ role: "EXER_ADMIN" })).status).toBe(403);
    const dup = await post({ locationIds: [fx.orgA.locations[0]], email: "PractA2-" + "dup@test.example" });
    expect(dup.status).toBe(201);
    const again = await post({ locationIds: [fx.orgA.locations[0]], email: "practa2-DUP@test.example" });
    expect(again.status).toBe(409);
  });

  it("updates another provider's role, locations and an invited provider's e-mail", async () => {
    const inv = await api.request("POST", "/v2/practitioners", { as: fx.adminA, body: { firstName: "Up", lastName: "Date", email: "up.date@test.example", role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] } });
    const id = inv.body.id;
    const res = await api.request("PATCH", `/v2/practitioners/${id}`, { as: fx.adminA, body: { email: "up.date2@test.example", locationIds: [fx.orgA.locations[0], fx.orgA.locations[1]] } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("up.date2@test.example");
    expect(res.body.locations).toHaveLength(2);
    const role = await api.request("PATCH", `/v2/practitioners/${id}`, { as: fx.adminA, body: { role: "PORTAL_PROVIDER_ADMIN", locationIds: [] } });
    expect(role.status).toBe(200);
    expect(role.body).toMatchObject({ role: "PORTAL_PROVIDER_ADMIN", addedAsRole: "PORTAL_PRACTITIONER", locations: [] });
    const back = await api.request("PATCH", `/v2/practitioners/${id}`, { as: fx.adminA, body: { role: "PORTAL_PRACTITIONER" } });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe("Location(s) are required");
  });

  it("refuses changing a current user's e-mail, editing yourself, practitioners and other organizations", async () => {
    const email = await api.request("PATCH", `/v2/practitioners/${fx.practitionerA2.practitionerId}`, { as: fx.adminA, body: { email: "other@test.example" } });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe("email of a current user cannot be changed");
    expect((await api.request("PATCH", `/v2/practitioners/${fx.adminA.practitionerId}`, { as: fx.adminA, body: { role: "PORTAL_PRACTITIONER" } })).status).toBe(403);
    expect((await api.request("PATCH", `/v2/practitioners/${fx.practitionerA2.practitionerId}`, { as: fx.practitionerA1, body: { locationIds: [fx.orgA.locations[0]] } })).status).toBe(403);
    expect((await api.request("PATCH", `/v2/practitioners/${fx.practitionerB.practitionerId}`, { as: fx.adminA, body: { locationIds: [fx.orgA.locations[0]] } })).status).toBe(404);
    expect((await api.request("PATCH", `/v2/practitioners/${fx.practitionerA2.practitionerId}`, { as: fx.adminA, body: {} })).status).toBe(400);
  });

  it("resends an invitation (204), but not to a provider with an account (409)", async () => {
    const inv = await api.request("POST", "/v2/practitioners", { as: fx.adminA, body: { firstName: "Re", lastName: "Send", email: "re.send@test.example", role: "PORTAL_PROVIDER_ADMIN" } });
    await api.db.query("UPDATE practitioners SET invited_at = now() - interval '3 days' WHERE id = $1", [inv.body.id]);
    expect((await api.request("POST", `/v2/practitioners/${inv.body.id}/invite`, { as: fx.adminA })).status).toBe(204);
    const row = await api.db.one<{ recent: boolean }>("SELECT invited_at > now() - interval '1 minute' AS recent FROM practitioners WHERE id = $1", [inv.body.id]);
    expect(row!.recent).toBe(true);
    expect((await api.request("POST", `/v2/practitioners/${fx.practitionerA2.practitionerId}/invite`, { as: fx.adminA })).status).toBe(409);
    expect((await api.request("POST", `/v2/practitioners/${inv.body.id}/invite`, { as: fx.practitionerA1 })).status).toBe(403);
    expect((await api.request("POST", `/v2/practitioners/${inv.body.id}/invite`, { as: fx.adminB })).status).toBe(404);
  });

  it("removes a provider: access, invite and primary-provider links go; yourself refused", async () => {
    const target = fx.practitionerA2;
    expect((await api.request("DELETE", `/v2/practitioners/${fx.adminA.practitionerId}`, { as: fx.adminA })).status).toBe(403);
    expect((await api.request("DELETE", `/v2/practitioners/${target.practitionerId}`, { as: fx.practitionerA1 })).status).toBe(403);
    expect((await api.request("DELETE", `/v2/practitioners/${target.practitionerId}`, { as: fx.adminB })).status).toBe(404);
    await api.db.query("UPDATE locations SET default_provider_id = $1 WHERE id = $2", [target.practitionerId, fx.orgA.locations[1]]);
    const theirs = (await api.db.query<{ id: string }>("SELECT id::text AS id FROM patient_records WHERE practitioner_id = $1", [target.practitionerId])).map((r) => r.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect((await api.request("DELETE", `/v2/practitioners/${target.practitionerId}`, { as: fx.adminA, headers: { "x-request-id": "req-remove-provider" } })).status).toBe(204);
    // Their patients' records changed (no primary provider): one access record each, written with the change (ADR 018).
    const audit = await api.db.query<{ p: string; status: number; user_id: string; request_id: string }>(
      "SELECT patient_record_id::text AS p, status, user_id, request_id FROM patient_access_log WHERE operation_id = 'deletePractitioner'",
    );
    expect(audit.map((a) => a.p).sort()).toEqual([...theirs].sort());
    expect(audit.every((a) => a.status === 204 && a.user_id === fx.adminA.userId && a.request_id === "req-remove-provider")).toBe(true);
    const list = await api.request("GET", "/v2/practitioners", { as: fx.adminA });
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(target.practitionerId);
    expect((await api.request("GET", "/v2/users/current", { as: target })).status).toBe(404);
    const loc = (await api.request("GET", "/v2/locations", { as: fx.adminA })).body.find((l: { id: string }) => l.id === fx.orgA.locations[1]);
    expect(loc.defaultProvider).toBeNull();
    const orphans = await api.db.one<{ n: number }>("SELECT count(*)::int AS n FROM patient_records WHERE practitioner_id = $1", [target.practitionerId]);
    expect(orphans!.n).toBe(0);
    expect((await api.request("DELETE", `/v2/practitioners/${target.practitionerId}`, { as: fx.adminA })).status).toBe(404);
  });

  it("keeps product staff accounts out of provider admins' reach", async () => {
    const staffId = randomUUID();
    await api.db.query(
      "INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES ($1, $2, $3, 'S', 'Taff', 'staff-in-a@test.example', 'EXER_SUPPORT', 'EXER_SUPPORT')",
      [staffId, fx.orgA.id, randomUUID()],
    );
    expect((await api.request("PATCH", `/v2/practitioners/${staffId}`, { as: fx.adminA, body: { role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] } })).status).toBe(403);
    expect((await api.request("DELETE", `/v2/practitioners/${staffId}`, { as: fx.adminA })).status).toBe(403);
  });
});

describe("roles, enforced on the server", () => {
  type As = { userId: string; groups: string[] };
  /** The organization's state a refused call must leave untouched (as its admin sees it). */
  const snapshot = async (admin: As) => ({
    me: (await api.request("GET", "/v2/users/current", { as: admin })).body.organization,
    locations: (await api.request("GET", "/v2/locations", { as: admin })).body,
    practitioners: (await api.request("GET", "/v2/practitioners", { as: admin })).body,
  });
  const invite = async (admin: As, locationId: string) =>
    (await api.request("POST", "/v2/practitioners", {
      as: admin, body: { firstName: "Matrix", lastName: "Invitee", email: `matrix-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", locationIds: [locationId] },
    })).body as { id: string };

  it("answers 403 to a practitioner on every admin-only operation and 404 for another organization's records; nothing changes", async () => {
    const invitedA = await invite(fx.adminA, fx.orgA.locations[0]);
    const invitedB = await invite(fx.adminB, fx.orgB.locations[0]);
    const logo = () => multipart("file", "logo.png", "image/png", png);
    /** Each admin-only operation on organization `o`'s records: [name, method, url, body]. */
    const operations = (o: { org: string; location: string; provider: string; invited: string; locationForInvite: string }) => [
      ["updateOrganization", "PATCH", `/v2/organizations/${o.org}`, { name: "Taken over" }],
      ["uploadOrganizationLogo", "POST", `/v2/organizations/${o.org}/logo`, logo()],
      ["deleteOrganizationLogo", "DELETE", `/v2/organizations/${o.org}/logo`, undefined],
      ["createLocation", "POST", "/v2/locations", { name: "Intruder", timezone: "America/Denver" }],
      ["updateLocation", "PATCH", `/v2/locations/${o.location}`, { name: "Taken over" }],
      ["invitePractitioner", "POST", "/v2/practitioners", { firstName: "I", lastName: "N", email: `in-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", locationIds: [o.locationForInvite] }],
      ["updatePractitioner", "PATCH", `/v2/practitioners/${o.provider}`, { role: "PORTAL_PROVIDER_ADMIN" }],
      ["deletePractitioner", "DELETE", `/v2/practitioners/${o.provider}`, undefined],
      ["resendPractitionerInvite", "POST", `/v2/practitioners/${o.invited}/invite`, undefined],
      ["setOrganizationMfaRequirement", "PUT", `/v2/organizations/${o.org}/mfa-requirement`, { mfaRequired: true }],
      ["resetPractitionerMfa", "POST", `/v2/practitioners/${o.provider}/mfa-reset`, undefined],
    ] as const;
    type Multipart = ReturnType<typeof multipart>;
    const isMultipart = (body: unknown): body is Multipart => !!body && typeof body === "object" && "headers" in body;
    const send = (as: As, method: string, url: string, body: unknown) =>
      isMultipart(body)
        ? api.request(method, url, { as, body: body.body, headers: body.headers })
        : api.request(method, url, { as, ...(body === undefined ? {} : { body }) });

    const beforeA = await snapshot(fx.adminA);
    const beforeB = await snapshot(fx.adminB);
    const own = { org: fx.orgA.id, location: fx.orgA.locations[0], provider: fx.practitionerA2.practitionerId, invited: invitedA.id, locationForInvite: fx.orgA.locations[0] };
    const results: string[] = [];
    for (const [name, method, url, body] of operations(own)) {
      const res = await send(fx.practitionerA1, method, url, body);
      results.push(`${name} as practitioner: ${res.status} ${res.body?.message}`);
    }
    const others = { org: fx.orgB.id, location: fx.orgB.locations[0], provider: fx.practitionerB.practitionerId, invited: invitedB.id, locationForInvite: fx.orgB.locations[0] };
    for (const [name, method, url, body] of operations(others)) {
      if (name === "createLocation") continue; // creates in the caller's own organization: no other organization's record
      const res = await send(fx.adminA, method, url, body);
      results.push(`${name} on another organization: ${res.status}`);
    }
    expect(results).toEqual([
      ...operations(own).map(([name]) => `${name} as practitioner: 403 Only organization admins can do this.`),
      ...operations(others).filter(([name]) => name !== "createLocation").map(([name]) =>
        // An invitation to another organization's location is a bad request of the caller's own organization.
        `${name} on another organization: ${name === "invitePractitioner" ? 400 : 404}`),
    ]);
    expect(await snapshot(fx.adminA)).toEqual(beforeA);
    expect(await snapshot(fx.adminB)).toEqual(beforeB);
  });

  it("takes a role change from the next request: a demoted admin is refused while their token still says admin", async () => {
    const inv = await invite(fx.adminA, fx.orgA.locations[0]);
    const user = { userId: randomUUID(), groups: ["PORTAL_PROVIDER_ADMIN"] };
    await api.db.query("UPDATE practitioners SET user_id = $2, role = 'PORTAL_PROVIDER_ADMIN' WHERE id = $1", [inv.id, user.userId]);
    const rename = () => api.request("PATCH", `/v2/organizations/${fx.orgA.id}`, { as: user, body: { name: "Org A" } });
    expect((await rename()).status).toBe(200);
    const demote = await api.request("PATCH", `/v2/practitioners/${inv.id}`, { as: fx.adminA, body: { role: "PORTAL_PRACTITIONER" } });
    expect(demote.status).toBe(200);
    expect(identityCalls).toContain(`setRole ${user.userId} PORTAL_PRACTITIONER`);
    expect((await rename()).status).toBe(403);
    expect((await api.request("GET", "/v2/users/current", { as: user })).body.role).toBe("PORTAL_PRACTITIONER");
    // A token without a portal group gets no role from the database.
    expect((await api.request("GET", "/v2/locations", { as: { userId: user.userId, groups: [] } })).status).toBe(403);
  });
});

describe("invitations, end to end at the API", () => {
  it("invite → sign-up lookup → complete sign-up → Current with the chosen role and locations → removal refuses the token", async () => {
    const email = `invitee-${randomUUID().slice(0, 8)}@test.example`;
    const inv = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "Iris", lastName: "Invitee", email, role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[1]] },
    });
    expect(inv.status).toBe(201);
    const code = (await api.db.one<{ invite_code: string }>("SELECT invite_code FROM practitioners WHERE id = $1", [inv.body.id]))!.invite_code;
    expect((await api.request("GET", `/v2/sign-up/${code}`)).body).toMatchObject({ email, hasAccount: false, organizationName: expect.any(String) });

    // The invitee signs up with the identity service (a new user, no groups yet) and completes sign-up.
    const fresh = { userId: randomUUID(), groups: [] as string[] };
    const done = await api.request("POST", `/v2/users/${fresh.userId}/complete-sign-up`, { as: fresh, body: { userId: fresh.userId, firstName: "Iris", lastName: "Invitee", inviteCode: code } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ role: "PORTAL_PRACTITIONER", locations: [{ id: fx.orgA.locations[1] }] });
    expect(identityCalls).toContain(`setRole ${fresh.userId} PORTAL_PRACTITIONER`);
    // A used invitation reveals nothing: the same 404 as an unknown code (ADR 042).
    expect((await api.request("GET", `/v2/sign-up/${code}`)).status).toBe(404);
    const again = await api.request("POST", `/v2/users/${fresh.userId}/complete-sign-up`, { as: fresh, body: { userId: fresh.userId, firstName: "Iris", lastName: "Invitee", inviteCode: code } });
    expect(again.status).toBe(409);

    // Current, with the role and locations chosen; the refreshed token carries the group.
    const list = (await api.request("GET", "/v2/practitioners", { as: fx.adminA })).body as { id: string; userId: string | null; role: string; locations: { id: string }[] }[];
    expect(list.find((p) => p.id === inv.body.id)).toMatchObject({ userId: fresh.userId, role: "PORTAL_PRACTITIONER", locations: [{ id: fx.orgA.locations[1] }] });
    const user = { userId: fresh.userId, groups: ["PORTAL_PRACTITIONER"] };
    const patients = async () => ((await api.request("GET", "/v2/patients/pages?limit=100", { as: user })).body.items as { id: string }[]).map((p) => p.id).sort();
    expect(await patients()).toEqual([...fx.patients.a2].sort());

    // The admin moves them to the other location: their patient list follows on the next request.
    expect((await api.request("PATCH", `/v2/practitioners/${inv.body.id}`, { as: fx.adminA, body: { locationIds: [fx.orgA.locations[0]] } })).status).toBe(200);
    const a1 = await patients();
    expect(a1).toEqual(expect.arrayContaining([...fx.patients.a1].sort()));
    expect(a1.some((id) => fx.patients.a2.includes(id))).toBe(false);

    // Removal: the identity user is deleted and the same token is refused from the next request.
    identityCalls.length = 0;
    expect((await api.request("DELETE", `/v2/practitioners/${inv.body.id}`, { as: fx.adminA })).status).toBe(204);
    expect(identityCalls).toEqual([`deleteUser ${fresh.userId}`]);
    const refused = await api.request("GET", "/v2/patients/pages", { as: user });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "This account is not a member of an organization.", status: 403 });
    expect((await api.request("GET", "/v2/locations", { as: user })).status).toBe(403);
    expect((await api.request("GET", "/v2/users/current", { as: user })).status).toBe(404);
    expect((await api.request("GET", `/v2/sign-up/${code}`)).status).toBe(404);
    // The same e-mail can be invited again, with a new code.
    const reinvite = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "Iris", lastName: "Invitee", email, role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] },
    });
    expect(reinvite.status).toBe(201);
    expect(reinvite.body.id).not.toBe(inv.body.id);
  });

  it("refuses sign-up (401) with a token whose identity user is gone (a removed provider's unexpired token); nothing is linked", async () => {
    const inv = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "Gone", lastName: "User", email: `gone-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] },
    });
    const code = (await api.db.one<{ invite_code: string }>("SELECT invite_code FROM practitioners WHERE id = $1", [inv.body.id]))!.invite_code;
    const original = identity.setRole;
    identity.setRole = async () => { throw Object.assign(new Error("User does not exist."), { name: "UserNotFoundException" }); };
    const ghost = { userId: randomUUID(), groups: [] as string[] };
    try {
      const res = await api.request("POST", `/v2/users/${ghost.userId}/complete-sign-up`, { as: ghost, body: { firstName: "Gone", lastName: "User", inviteCode: code } });
      expect(res.status).toBe(401);
    } finally {
      identity.setRole = original;
    }
    expect((await api.request("GET", `/v2/sign-up/${code}`)).body.hasAccount).toBe(false);
  });

  it("keeps the provider when the identity service refuses the removal (the admin can try again)", async () => {
    const inv = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "Kept", lastName: "Provider", email: `kept-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PROVIDER_ADMIN" },
    });
    const userId = randomUUID();
    await api.db.query("UPDATE practitioners SET user_id = $2 WHERE id = $1", [inv.body.id, userId]);
    const original = identity.deleteUser;
    identity.deleteUser = async () => { throw new Error("identity service unavailable"); };
    try {
      expect((await api.request("DELETE", `/v2/practitioners/${inv.body.id}`, { as: fx.adminA })).status).toBe(500);
    } finally {
      identity.deleteUser = original;
    }
    const list = (await api.request("GET", "/v2/practitioners", { as: fx.adminA })).body as { id: string; userId: string | null }[];
    expect(list.find((p) => p.id === inv.body.id)?.userId).toBe(userId);
    expect((await api.request("GET", "/v2/locations", { as: { userId, groups: ["PORTAL_PROVIDER_ADMIN"] } })).status).toBe(200);
    expect((await api.request("DELETE", `/v2/practitioners/${inv.body.id}`, { as: fx.adminA })).status).toBe(204);
  });
});

describe("an organization disabled by a product admin (ADR 025)", () => {
  it("signs its users out of the identity service (AdminUserGlobalSignOut), no one else's", async () => {
    identityCalls.length = 0;
    try {
      expect((await api.request("POST", `/v2/admin/organizations/${fx.orgB.id}/disable`, { as: fx.productAdmin })).status).toBe(200);
      expect(identityCalls.sort()).toEqual([`signOut ${fx.adminB.userId}`, `signOut ${fx.practitionerB.userId}`].sort());
    } finally {
      expect((await api.request("POST", `/v2/admin/organizations/${fx.orgB.id}/enable`, { as: fx.productAdmin })).status).toBe(200);
    }
  });
});

describe("two-step verification (ADR 027)", () => {
  const log = (where = "true", params: unknown[] = []) =>
    api.db.query<Record<string, unknown>>(
      `SELECT event, subject_practitioner_id::text AS subject, subject_user_id, user_id, practitioner_id::text AS practitioner_id, role, organization_id::text AS organization_id, operation_id, status
         FROM account_security_log WHERE ${where} ORDER BY id`,
      params,
    );

  it("lets a provider admin require it for the organization; members see it in their profile; recorded", async () => {
    const on = await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: fx.adminA, body: { mfaRequired: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: fx.orgA.id, mfaRequired: true });
    expect((await api.request("GET", "/v2/users/current", { as: fx.practitionerA1 })).body.organization.mfaRequired).toBe(true);
    expect((await api.request("GET", "/v2/users/current", { as: fx.adminB })).body.organization.mfaRequired).toBe(false);
    const off = await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: fx.adminA, body: { mfaRequired: false } });
    expect(off.body.mfaRequired).toBe(false);
    expect(await log("organization_id = $1 AND event LIKE 'mfa-%required'", [fx.orgA.id])).toEqual([
      expect.objectContaining({ event: "mfa-required", subject: null, user_id: fx.adminA.userId, role: "PORTAL_PROVIDER_ADMIN", operation_id: "setOrganizationMfaRequirement", status: 200 }),
      expect.objectContaining({ event: "mfa-not-required", user_id: fx.adminA.userId }),
    ]);
    const bad = await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: fx.adminA, body: { mfaRequired: "yes" } });
    expect(bad.status).toBe(400);
  });

  it("refuses support (read only in its organization) and practitioners", async () => {
    expect((await api.request("PUT", `/v2/organizations/${fx.internalOrg.id}/mfa-requirement`, { as: fx.support, body: { mfaRequired: true } })).status).toBe(403);
    expect((await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: fx.practitionerA1, body: { mfaRequired: true } })).status).toBe(403);
  });

  it("resets a provider's authenticator in the identity service, recorded with who and whom", async () => {
    identityCalls.length = 0;
    const res = await api.request("POST", `/v2/practitioners/${fx.practitionerA1.practitionerId}/mfa-reset`, { as: fx.adminA, headers: { "x-request-id": "req-mfa-reset-1" } });
    expect(res.status).toBe(204);
    expect(identityCalls).toEqual([`resetMfa ${fx.practitionerA1.userId}`]);
    const rows = await api.db.query<Record<string, unknown>>("SELECT event, subject_practitioner_id::text AS s, subject_user_id, user_id, request_id, status FROM account_security_log WHERE request_id = 'req-mfa-reset-1'");
    expect(rows).toEqual([{ event: "mfa-reset", s: fx.practitionerA1.practitionerId, subject_user_id: fx.practitionerA1.userId, user_id: fx.adminA.userId, request_id: "req-mfa-reset-1", status: 204 }]);
  });

  it("refuses an invited provider without an account (409), staff accounts (403), support (403); records nothing refused", async () => {
    const before = (await log()).length;
    const invited = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "No", lastName: "Account", email: `noacct-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] },
    });
    expect((await api.request("POST", `/v2/practitioners/${invited.body.id}/mfa-reset`, { as: fx.adminA })).status).toBe(409);
    const staffId = randomUUID();
    await api.db.query(
      "INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES ($1, $2, $3, 'S', 'Taff', $4, 'EXER_ADMIN', 'EXER_ADMIN')",
      [staffId, fx.orgA.id, randomUUID(), `staff-mfa-${randomUUID().slice(0, 6)}@test.example`],
    );
    expect((await api.request("POST", `/v2/practitioners/${staffId}/mfa-reset`, { as: fx.adminA })).status).toBe(403);
    expect((await api.request("POST", `/v2/practitioners/${fx.productAdmin.practitionerId}/mfa-reset`, { as: fx.support })).status).toBe(403);
    expect((await log()).length).toBe(before);
  });

  it("rolls the record back when the identity service refuses (the admin can try again); the log is append-only", async () => {
    const original = identity.resetMfa;
    identity.resetMfa = async () => { throw new Error("identity service unavailable"); };
    const inv = await api.request("POST", "/v2/practitioners", {
      as: fx.adminA, body: { firstName: "Lost", lastName: "Phone", email: `lost-${randomUUID().slice(0, 8)}@test.example`, role: "PORTAL_PRACTITIONER", locationIds: [fx.orgA.locations[0]] },
    });
    await api.db.query("UPDATE practitioners SET user_id = $2 WHERE id = $1", [inv.body.id, randomUUID()]);
    const before = (await log()).length;
    try {
      expect((await api.request("POST", `/v2/practitioners/${inv.body.id}/mfa-reset`, { as: fx.adminA })).status).toBe(500);
    } finally {
      identity.resetMfa = original;
    }
    expect((await log()).length).toBe(before);
    await expect(api.db.query("UPDATE account_security_log SET status = 200")).rejects.toThrow(/append-only/);
    await expect(api.db.query("DELETE FROM account_security_log")).rejects.toThrow(/append-only/);
  });
});
