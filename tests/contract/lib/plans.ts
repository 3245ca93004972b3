/**
 * One plan per operation of the contract: a VALID request for it (the right role, real ids learned from the
 * API, a body that meets the business rules), what else to check about it, and how to undo it. The generic
 * checks (401, 400 property-based, 403, organization boundary, schema of every answer) all start from the plan's
 * request and change one thing; the success check sends it as is.
 *
 * An operation of the contract without a plan fails the suite ("not exercised"): add its plan here.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { call, expectSuccess, hasRole, ok, type J, type Req, type Res } from "./client.js";
import { contract, operation } from "./contract.js";
import { arbitrary } from "./schema-arb.js";
import { target } from "./env.js";
import type { Role } from "./target.js";
import {
  blocksFor,
  firstHalf,
  firstOf,
  firstWorking,
  goalFor,
  newCareNote,
  newInvitedPractitioner,
  newLocation,
  newOrganization,
  newPatient,
  newProgram,
  newTemplate,
  onCleanup,
  organizationBody,
  patientBody,
  PNG_1x1,
  pngBomb,
  programBody,
  unique,
  type World,
} from "./world.js";

export interface Plan {
  /** The valid request (`op` is filled in from the operation). */
  req: Omit<Req, "op"> & { op?: string };
  /**
   * The valid request the invalid variants (400 checks) start from, when it must differ from `req` (an invalid
   * variant wrongly accepted must not use up what `req` needs, e.g. unique e-mails of an import).
   */
  inputBase?: Omit<Req, "op"> & { op?: string };
  /** Statuses the valid request may answer (default: the operation's documented 2xx). */
  expect?: number[];
  /**
   * The request names records of organization A: OTHER_ORG sending it must be refused — "path"/"query": the
   * ids are in the URL (403 or 404, as documented); "body": ids in the body (400, 403 or 404).
   */
  orgScoped?: "path" | "query" | "body";
  /** The record is a patient at PRACTITIONER's location: PRACTITIONER2 (other locations) must get 404. */
  locationScoped?: boolean;
  /** Strings of the record that must never appear in a refusal. */
  secrets?: string[];
  /** Checks on the success answer. */
  verify?: (res: Res) => void | Promise<void>;
  /** Further valid variants (e.g. another Accept type): each must succeed too. */
  alsoValid?: Req[];
  /** Operation-specific refusals (name, request, expected statuses, an optional check of the answer). */
  refusals?: { name: string; req: Req; expect: number[]; check?: (res: Res) => void }[];
  /** Valid generated input: full requests from an arbitrary; each must succeed. */
  generated?: { arb: fc.Arbitrary<Omit<Req, "op"> & { op?: string }>; numRuns?: number; after?: (res: Res) => Promise<void> };
  /** Generated VALID query strings (list operations): each must answer 2xx. */
  generatedQuery?: boolean | { fix?: (q: Record<string, J>) => Record<string, J> };
  /** Undo the success call's effects. */
  cleanup?: () => Promise<void>;
  /**
   * The operation could only be exercised through a refusal on this deployment (the reason is printed in the
   * conformance table). Such a plan's `expect` is the refusal status.
   */
  refusalOnly?: string;
}

export type PlanFactory = (w: World) => Promise<Plan>;

const arbOpts = { unique };

/** Valid values of an operation's request-body schema. */
const bodyArb = (operationId: string) => arbitrary(operation(operationId).body!.schema, arbOpts) as fc.Arbitrary<Record<string, J>>;
const exampleOf = (name: string): J => structuredClone((contract.components as { schemas: Record<string, { example?: unknown }> }).schemas[name]?.example);

/** A plan without inputs. */
const simple =
  (as: Role | null, more: Partial<Plan> = {}): PlanFactory =>
  async () => ({ req: { as }, generatedQuery: true, ...more });

const pastDays = (w: World, min: number, max: number) => fc.integer({ min, max }).map((n) => w.daysFromToday(-n));
const validPhone = fc.tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 })).map(([a, b]) => `(${a}) 555-${String(b).padStart(4, "0")}`);
const name = (max = 30) => fc.string({ unit: "grapheme", minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0 && [...s].length <= max);

/** The keyword of another organization's location, made for the test (its location is the new organization's). */
async function keywordInUse(w: World): Promise<string> {
  const keyword = `CTK${unique()}`.toUpperCase().slice(0, 32);
  const body = organizationBody(w);
  await ok({ op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body: { ...body, location: { ...body.location, keyword } } });
  return keyword;
}

async function inviteCodeFor(email: string): Promise<string> {
  const inv = await ok({ op: "adminGetInviteCode", as: "PRODUCT_ADMIN", query: { email } });
  expect(inv.inviteCode, `adminGetInviteCode(${email}) must give the invitation's code`).toBeTruthy();
  return inv.inviteCode;
}

async function healthPatientOfPractitioner(w: World, pick: (p: J) => boolean = () => true): Promise<J> {
  const res = await call({ op: "listHealthPatientRecords", as: "PRACTITIONER", query: { limit: 50, status: "ACTIVE" } });
  const items: J[] = expectSuccess(res).items;
  const p = items.find(pick) ?? items[0];
  if (!p) return newPatient(w);
  return p;
}

async function scanSessionWithPoseLog(as: Role, op: "listScanSessions" | "adminListScanSessions", artifact: "pose-log" | "hands-log" = "pose-log"): Promise<J> {
  // Hands logs are recorded by the tremor assessment (AST-0031): look among those.
  const res = await call({ op, as, query: artifact === "hands-log" ? { limit: 100, assessmentIds: ["AST-0031"] } : { limit: 50 } });
  const items: J[] = expectSuccess(res).items;
  const s = items.find((x) => (x.artifacts ?? []).includes(artifact));
  expect(s, `${op} as ${as}: the suite needs a scan session with a ${artifact === "pose-log" ? "pose" : "hands"} log`).toBeTruthy();
  return s;
}

async function rtmCycle(status: string | undefined): Promise<J | undefined> {
  return firstOf({ op: "listRtmCycles", as: "PRACTITIONER", query: { limit: 20, ...(status ? { status } : {}) } });
}

const signedParts = (url: string) => {
  const u = new URL(url);
  const token = decodeURIComponent(u.pathname.split("/files/")[1] ?? "");
  return { token, expires: u.searchParams.get("expires") ?? "", signature: u.searchParams.get("signature") ?? "" };
};

const flip = (s: string, i = 5) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);

async function deletePatientsMatching(search: string) {
  const res = await call({ op: "listPatientRecords", as: "PROVIDER_ADMIN", query: { search, status: "ALL", limit: 100 } });
  for (const p of (res.body?.items ?? []) as J[]) await call({ op: "deletePatientRecord", as: "PROVIDER_ADMIN", params: { id: p.id } });
}

/**
 * A Health patient of another organization that holds Health, created and removed by PRODUCT_ADMIN in its own
 * (internal) organization: OTHER_ORG's organization holds only Scan, and the API refuses it Health changes (ADR 020).
 */
async function otherOrgPatient(w: World): Promise<J> {
  const [location] = (await ok({ op: "listLocations", as: "PRODUCT_ADMIN" })) as J[];
  expect(location, "PRODUCT_ADMIN's organization needs a location").toBeTruthy();
  const p = await ok({ op: "createPatientRecord", as: "PRODUCT_ADMIN", body: patientBody(w, { locationId: location.id, products: ["HEALTH"], gaitUid: null }) });
  onCleanup(() => call({ op: "deletePatientRecord", as: "PRODUCT_ADMIN", params: { id: p.id } }));
  return p;
}

export const plans: Record<string, PlanFactory> = {
  // ---------------------------------------------------------------- system
  checkHealth: simple(null, { generatedQuery: false }),

  async downloadSignedFile() {
    const session = await scanSessionWithPoseLog("PRACTITIONER", "listScanSessions");
    const signed = await ok({ op: "getScanPoseLogSignedUrl", as: "PRACTITIONER", params: { id: session.id } });
    const { token, expires, signature } = signedParts(signed.url);
    return {
      req: { as: null, params: { token }, query: { expires, signature } },
      refusals: [
        { name: "a tampered signature", req: { op: "downloadSignedFile", as: null, params: { token }, query: { expires, signature: flip(signature) } }, expect: [403] },
        { name: "a changed expiry", req: { op: "downloadSignedFile", as: null, params: { token }, query: { expires: String(Number(expires) + 3600), signature } }, expect: [403] },
        { name: "an expired URL", req: { op: "downloadSignedFile", as: null, params: { token }, query: { expires: "1000000000", signature } }, expect: [403] },
      ],
    };
  },

  async renderPdf() {
    return {
      req: { as: "PRACTITIONER", body: exampleOf("RenderPdfRequest") },
      verify: (res) => expect(res.bytes.subarray(0, 5).toString("latin1"), "a PDF document").toBe("%PDF-"),
    };
  },

  // ---------------------------------------------------------------- users
  getCurrentUser: simple("PRACTITIONER", {
    generatedQuery: false,
    verify: (res) => expect(res.body.userId).toBe(target().userIds.PRACTITIONER),
  }),

  async createMfaRecoveryCodes() {
    return {
      req: { as: "PRACTITIONER", body: { reason: "renewed" } },
      verify: (res) => expect(new Set(res.body.codes as string[]).size).toBe(10),
    };
  },

  listMySecurityEvents: simple("PRACTITIONER", { generatedQuery: false }),

  async redeemMfaRecoveryCode() {
    // A fresh code per request (a code is used once); the practitioner has no authenticator, so the reset changes nothing.
    const made = await call({ op: "createMfaRecoveryCodes", as: "PRACTITIONER", body: { reason: "renewed" } });
    const userId = target().userIds.PRACTITIONER!;
    const code = (made.body as { codes: string[] }).codes[0]!;
    return {
      req: { as: null, body: { userId, recoveryCode: code } },
      refusals: [
        { name: "a code that is not the user's", req: { op: "redeemMfaRecoveryCode", as: null, body: { userId, recoveryCode: "AAAA-BBBB-CCCC-DDDD" } }, expect: [400] },
      ],
    };
  },

  async updateUserProfile(w) {
    const me = w.me.PRACTITIONER;
    const id = target().userIds.PRACTITIONER!;
    const restore = () => call({ op: "updateUserProfile", as: "PRACTITIONER", params: { id }, body: { firstName: me.firstName, lastName: me.lastName } }).then(() => undefined);
    return {
      req: { as: "PRACTITIONER", params: { id }, body: { firstName: me.firstName, lastName: me.lastName } },
      verify: (res) => expect([res.body.firstName, res.body.lastName]).toEqual([me.firstName, me.lastName]),
      refusals: [{ name: "another user's id", req: { op: "updateUserProfile", as: "PROVIDER_ADMIN", params: { id }, body: { firstName: "X", lastName: "Y" } }, expect: [403] }],
      generated: {
        arb: fc.record({ firstName: name(), lastName: name() }).map((body) => ({ as: "PRACTITIONER" as const, params: { id }, body })),
        numRuns: 3,
      },
      cleanup: restore,
    };
  },

  async completeSignUp(w) {
    const invited = await newInvitedPractitioner(w);
    const inviteCode = await inviteCodeFor(invited.email);
    const refusals: Plan["refusals"] = [
      { name: "a caller already linked to a provider", req: { op: "completeSignUp", as: "PRACTITIONER", params: { id: target().userIds.PRACTITIONER! }, body: { firstName: "A", lastName: "B", inviteCode } }, expect: [409] },
    ];
    if (!hasRole("SIGNUP")) {
      return {
        req: { as: "PRACTITIONER", params: { id: target().userIds.PRACTITIONER! }, body: { firstName: "A", lastName: "B", inviteCode } },
        expect: [409],
        refusalOnly: "no identity user without a provider account (role SIGNUP) is configured: exercised through its 409",
      };
    }
    const id = target().userIds.SIGNUP!;
    refusals.push(
      { name: "another user's id", req: { op: "completeSignUp", as: "SIGNUP", params: { id: target().userIds.PRACTITIONER! }, body: { firstName: "A", lastName: "B", inviteCode } }, expect: [403] },
      { name: "an unknown invite code", req: { op: "completeSignUp", as: "SIGNUP", params: { id }, body: { firstName: "A", lastName: "B", inviteCode: `nope${unique()}` } }, expect: [404] },
    );
    return {
      req: { as: "SIGNUP", params: { id }, body: { firstName: "Contract", lastName: `Signup ${unique()}`, inviteCode } },
      verify: (res) => {
        expect(res.body.userId).toBe(id);
        expect(res.body.email).toBe(invited.email);
      },
      refusals,
    };
  },

  async getSignUpByInviteCode(w) {
    const invited = await newInvitedPractitioner(w);
    const code = await inviteCodeFor(invited.email);
    return {
      req: { as: null, params: { code } },
      verify: (res) => {
        expect(res.body.email).toBe(invited.email);
        expect(res.body.hasAccount).toBe(false);
      },
      refusals: [{ name: "an unknown code", req: { op: "getSignUpByInviteCode", as: null, params: { code: `unknown${unique()}` } }, expect: [404] }],
    };
  },

  async signUpByInviteCode(w) {
    // A fresh invitation per request (an invitation makes one account); removing the provider afterwards deletes the account.
    const invited = await newInvitedPractitioner(w);
    const code = await inviteCodeFor(invited.email);
    const password = `Contract sign-up ${unique()} pass`;
    return {
      req: { as: null, params: { code }, body: { password } },
      verify: (res) => {
        expect(res.body.email).toBe(invited.email);
        expect(res.body.userId).toBeTruthy();
      },
      secrets: [invited.email, invited.lastName],
      refusals: [
        { name: "an unknown code", req: { op: "signUpByInviteCode", as: null, params: { code: `unknown${unique()}` }, body: { password } }, expect: [404] },
        { name: "a commonly used password", req: { op: "signUpByInviteCode", as: null, params: { code }, body: { password: "password1234" } }, expect: [400] },
        { name: "a password shorter than 12", req: { op: "signUpByInviteCode", as: null, params: { code }, body: { password: "Short-pw-1" } }, expect: [400] },
      ],
    };
  },

  listFavoriteExercises: simple("PRACTITIONER", { generatedQuery: false }),

  async addFavoriteExercise(w) {
    const id = w.exercises[1]!;
    return {
      req: { as: "PRACTITIONER", body: { id } },
      verify: (res) => expect(res.body).toContain(id),
      refusals: [{ name: "an unknown exercise", req: { op: "addFavoriteExercise", as: "PRACTITIONER", body: { id: "ZZZZ-9999" } }, expect: [400] }],
      cleanup: () => call({ op: "removeFavoriteExercise", as: "PRACTITIONER", params: { id } }).then(() => undefined),
    };
  },

  async removeFavoriteExercise(w) {
    const id = w.exercises[2]!;
    await ok({ op: "addFavoriteExercise", as: "PRACTITIONER", body: { id } });
    return {
      req: { as: "PRACTITIONER", params: { id } },
      refusals: [{ name: "an unknown exercise", req: { op: "removeFavoriteExercise", as: "PRACTITIONER", params: { id: "ZZZZ-9999" } }, expect: [404] }],
    };
  },

  getDashboardActions: simple("PRACTITIONER", { generatedQuery: false }),

  // ---------------------------------------------------------------- organization
  async updateOrganization(w) {
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: w.orgId }, body: { name: w.orgName } },
      orgScoped: "path",
      verify: (res) => expect(res.body.name).toBe(w.orgName),
      refusals: [{ name: "another organization's id", req: { op: "updateOrganization", as: "PROVIDER_ADMIN", params: { id: w.otherOrgId }, body: { name: "X" } }, expect: [404] }],
    };
  },

  async uploadOrganizationLogo(w) {
    const hadLogo = !!w.me.PROVIDER_ADMIN.organization.logoUrl;
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: w.orgId }, multipart: { file: { content: PNG_1x1, filename: "logo.png", type: "image/png" } } },
      orgScoped: "path",
      verify: async (res) => {
        expect(res.body.webLogoUrl).toBe(res.body.logoUrl);
        await expectLogo(res.body.logoUrl);
      },
      refusals: [
        { name: "a file that is not a PNG", req: { op: "uploadOrganizationLogo", as: "PROVIDER_ADMIN", params: { id: w.orgId }, multipart: { file: { content: "GIF89a not a png", filename: "logo.png", type: "image/png" } } }, expect: [400] },
        { name: "a truncated PNG", req: { op: "uploadOrganizationLogo", as: "PROVIDER_ADMIN", params: { id: w.orgId }, multipart: { file: { content: firstHalf(PNG_1x1), filename: "logo.png", type: "image/png" } } }, expect: [400] },
        { name: "a decompression bomb (20000x20000)", req: { op: "uploadOrganizationLogo", as: "PROVIDER_ADMIN", params: { id: w.orgId }, multipart: { file: { content: pngBomb(), filename: "logo.png", type: "image/png" } } }, expect: [400] },
        { name: "a file over 5 MB", req: { op: "uploadOrganizationLogo", as: "PROVIDER_ADMIN", params: { id: w.orgId }, multipart: { file: { content: Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]), filename: "logo.png", type: "image/png" } } }, expect: [400] },
      ],
      cleanup: hadLogo ? undefined : () => call({ op: "deleteOrganizationLogo", as: "PROVIDER_ADMIN", params: { id: w.orgId } }).then(() => undefined),
    };
  },

  async deleteOrganizationLogo(w) {
    return { req: { as: "PROVIDER_ADMIN", params: { id: w.orgId } }, orgScoped: "path" };
  },

  listLocations: simple("PRACTITIONER", {
    generatedQuery: false,
    verify: (res) => expect(res.body.length).toBeGreaterThan(0),
  }),

  async createLocation(w) {
    const tz = (operation("createLocation").body!.schema.properties!.timezone!.enum ?? ["America/Denver"]) as string[];
    return {
      req: { as: "PROVIDER_ADMIN", body: { name: `Contract location ${unique()}`, timezone: "America/Denver", address1: "1 Contract Way", city: "Denver", stateCode: "CO", zipCode: "80202", defaultProviderId: w.practitionerId } },
      verify: (res) => expect(res.body.defaultProviderId).toBe(w.practitionerId),
      refusals: [
        { name: "a default provider of another organization", req: { op: "createLocation", as: "PROVIDER_ADMIN", body: { name: "X", timezone: "America/Denver", defaultProviderId: w.me.OTHER_ORG.practitionerId } }, expect: [400] },
      ],
      generated: {
        arb: bodyArb("createLocation").map((b) => ({ as: "PROVIDER_ADMIN" as const, body: { ...b, name: `CT ${String(b.name).slice(0, 40)}`, timezone: tz.includes(b.timezone) ? b.timezone : "America/Denver", defaultProviderId: b.defaultProviderId === undefined ? undefined : null } })),
        numRuns: 3,
      },
    };
  },

  async updateLocation(w) {
    const loc = await newLocation(w);
    const newName = `Contract location ${unique()} renamed`;
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: loc.id }, body: { name: newName, city: null } },
      orgScoped: "path",
      secrets: [loc.name],
      verify: (res) => {
        expect(res.body.name).toBe(newName);
        expect(res.body.city).toBeNull();
        expect(res.body.timezone).toBe(loc.timezone);
      },
      generated: {
        arb: bodyArb("updateLocation").map((b) => ({ as: "PROVIDER_ADMIN" as const, params: { id: loc.id }, body: { ...b, defaultProviderId: undefined, ...(b.name !== undefined ? { name: `CT ${String(b.name).slice(0, 40)}` } : {}) } })),
        numRuns: 4,
      },
    };
  },

  listPractitioners: simple("PRACTITIONER", { generatedQuery: false }),

  async invitePractitioner(w) {
    const u = unique();
    const body = { firstName: "Contract", lastName: `Invitee ${u}`, email: `contract.invitee.${u}@contract.example`, role: "PORTAL_PRACTITIONER", locationIds: [w.pracLocationId] };
    const del = async (res: Res) => {
      if (res.body?.id) await call({ op: "deletePractitioner", as: "PROVIDER_ADMIN", params: { id: res.body.id } });
    };
    let created: Res | undefined;
    return {
      req: { as: "PROVIDER_ADMIN", body },
      verify: (res) => {
        created = res;
        expect(res.body.userId).toBeNull();
        expect(res.body.email).toBe(body.email);
        expect(res.body.locations.map((l: J) => l.id)).toEqual([w.pracLocationId]);
      },
      refusals: [
        { name: "the EXER_ADMIN role given by a provider admin", req: { op: "invitePractitioner", as: "PROVIDER_ADMIN", body: { ...body, email: `contract.x.${unique()}@contract.example`, role: "EXER_ADMIN" } }, expect: [403] },
        { name: "a practitioner without locations", req: { op: "invitePractitioner", as: "PROVIDER_ADMIN", body: { ...body, email: `contract.x.${unique()}@contract.example`, locationIds: [] } }, expect: [400] },
        { name: "an e-mail already used by a provider", req: { op: "invitePractitioner", as: "PROVIDER_ADMIN", body: { ...body, email: w.me.PRACTITIONER.email } }, expect: [409] },
        { name: "another organization's location", req: { op: "invitePractitioner", as: "PROVIDER_ADMIN", body: { ...body, email: `contract.x.${unique()}@contract.example`, locationIds: [w.me.OTHER_ORG.locations[0]?.id ?? w.pracLocationId] } }, expect: [400, 404] },
      ],
      generated: {
        arb: fc
          .record({ firstName: name(), lastName: name(), role: fc.constantFrom("PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"), useSSO: fc.option(fc.constant(false), { nil: undefined }) })
          .map((b) => ({ as: "PROVIDER_ADMIN" as const, body: { ...b, email: `contract.gen.${unique()}@contract.example`, locationIds: [w.pracLocationId] } })),
        numRuns: 4,
        after: del,
      },
      cleanup: async () => {
        if (created) await del(created);
      },
    };
  },

  getCurrentPractitioner: simple("PRACTITIONER", {
    generatedQuery: false,
    verify: (res) => expect(res.body.id).toBeTruthy(),
  }),

  async updatePractitioner(w) {
    const p = await newInvitedPractitioner(w);
    const locations = ((await ok({ op: "listLocations", as: "PROVIDER_ADMIN" })) as J[]).map((l) => l.id as string);
    const two = [...new Set([w.pracLocationId, ...locations])].slice(0, 2);
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: p.id }, body: { locationIds: two } },
      orgScoped: "path",
      secrets: [p.email],
      verify: (res) => expect(res.body.locations.map((l: J) => l.id).sort()).toEqual([...two].sort()),
      refusals: [
        { name: "editing oneself", req: { op: "updatePractitioner", as: "PROVIDER_ADMIN", params: { id: w.me.PROVIDER_ADMIN.practitionerId }, body: { locationIds: [w.pracLocationId] } }, expect: [403] },
        { name: "a practitioner left without locations", req: { op: "updatePractitioner", as: "PROVIDER_ADMIN", params: { id: p.id }, body: { locationIds: [] } }, expect: [400] },
      ],
    };
  },

  async deletePractitioner(w) {
    const p = await newInvitedPractitioner(w);
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: p.id } },
      orgScoped: "path",
      secrets: [p.email],
      refusals: [{ name: "removing oneself", req: { op: "deletePractitioner", as: "PROVIDER_ADMIN", params: { id: w.me.PROVIDER_ADMIN.practitionerId } }, expect: [403] }],
    };
  },

  async setOrganizationMfaRequirement(w) {
    // The organization's current setting again: the suite's world keeps signing in without authenticators.
    const current = w.me.PROVIDER_ADMIN.organization.mfaRequired;
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: w.orgId }, body: { mfaRequired: current } },
      orgScoped: "path",
      verify: (res) => expect(res.body.mfaRequired).toBe(current),
      refusals: [{ name: "another organization's id", req: { op: "setOrganizationMfaRequirement", as: "PROVIDER_ADMIN", params: { id: w.otherOrgId }, body: { mfaRequired: true } }, expect: [404] }],
    };
  },

  async resetPractitionerMfa(w) {
    const p = await newInvitedPractitioner(w);
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: w.me.PRACTITIONER.practitionerId } },
      orgScoped: "path",
      refusals: [{ name: "a provider without an account yet", req: { op: "resetPractitionerMfa", as: "PROVIDER_ADMIN", params: { id: p.id } }, expect: [409] }],
    };
  },

  async resendPractitionerInvite(w) {
    const p = await newInvitedPractitioner(w);
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: p.id } },
      orgScoped: "path",
      refusals: [{ name: "a provider who already has an account", req: { op: "resendPractitionerInvite", as: "PROVIDER_ADMIN", params: { id: w.practitionerId } }, expect: [409] }],
    };
  },

  // ---------------------------------------------------------------- patients
  async createPatientRecord(w) {
    const body = patientBody(w);
    const locations = ((await ok({ op: "listLocations", as: "PRACTITIONER" })) as J[]).map((l) => l.id as string);
    const notMine = locations.find((id) => !w.me.PRACTITIONER.locations.some((l: J) => l.id === id));
    const del = async (res: Res) => {
      if (res.body?.id) await call({ op: "deletePatientRecord", as: "PROVIDER_ADMIN", params: { id: res.body.id } });
    };
    let created: Res | undefined;
    const existing = await newPatient(w);
    const refusals: Plan["refusals"] = [
      { name: "an e-mail already used in the organization (other case)", req: { op: "createPatientRecord", as: "PRACTITIONER", body: { ...patientBody(w), email: existing.patient.email.toUpperCase() } }, expect: [409] },
      { name: "no product", req: { op: "createPatientRecord", as: "PRACTITIONER", body: { ...patientBody(w), products: [] } }, expect: [400] },
      { name: "a date of birth in the future", req: { op: "createPatientRecord", as: "PRACTITIONER", body: { ...patientBody(w), dob: w.daysFromToday(3) } }, expect: [400] },
      { name: "a phone number without 10 digits", req: { op: "createPatientRecord", as: "PRACTITIONER", body: { ...patientBody(w), phoneNumber: "555-0100" } }, expect: [400] },
    ];
    if (notMine) refusals.push({ name: "a location not the practitioner's", req: { op: "createPatientRecord", as: "PRACTITIONER", body: { ...patientBody(w), locationId: notMine } }, expect: [400, 403] });
    return {
      req: { as: "PRACTITIONER", body },
      orgScoped: "body",
      verify: (res) => {
        created = res;
        expect(res.body.patient.email).toBe(body.email);
        expect(res.body.patient.phoneNumber).toMatch(/^\+1\d{10}$/);
        expect(res.body.location.id).toBe(w.pracLocationId);
        expect([...res.body.products].sort()).toEqual([...body.products].sort());
      },
      refusals,
      generated: {
        arb: fc
          .record({
            base: bodyArb("createPatientRecord"),
            products: fc.subarray(["HEALTH", "GAIT", "PRO"], { minLength: 1 }),
            phoneNumber: validPhone,
            side: fc.constantFrom("LEFT", "RIGHT", "BOTH", null),
            part: fc.constantFrom("SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"),
            dob: fc.option(pastDays(w, 1, 365 * 90), { nil: null }),
          })
          .map(({ base, products, phoneNumber, side, part, dob }) => ({
            as: "PRACTITIONER" as const,
            body: {
              ...base,
              email: `contract.gen.${unique()}@contract.example`,
              gaitUid: base.gaitUid === undefined || base.gaitUid === null ? base.gaitUid : `CT-${unique()}`,
              phoneNumber,
              injuredSideOfBody: side,
              injuredBodyPart: part,
              dob,
              locationId: w.pracLocationId,
              products,
              primaryPractitionerId: base.primaryPractitionerId === undefined ? undefined : w.practitionerId,
            },
          })),
        numRuns: 5,
        after: del,
      },
      cleanup: async () => {
        if (created) await del(created);
      },
    };
  },

  async bulkUpdatePatientRecords(w) {
    const a = await newPatient(w);
    const b = await newPatient(w);
    return {
      req: { as: "PRACTITIONER", query: { patientRecordIds: `${a.id},${b.id}` }, body: { locationId: w.pracLocationId, primaryPractitionerId: w.practitionerId } },
      orgScoped: "query",
      locationScoped: true,
      secrets: [a.patient.lastName, b.patient.lastName],
      verify: (res) => {
        expect(res.body.map((p: J) => p.id)).toEqual([a.id, b.id]);
        for (const p of res.body) expect(p.practitioner?.id).toBe(w.practitionerId);
      },
    };
  },

  listPatientRecords: simple("PRACTITIONER"),

  async importPatientsCsv(w) {
    const u = unique();
    const csvFor = (tag: string) =>
      [
        "firstName,lastName,email,phoneNumber,dob,injuredSideOfBody,injuredBodyPart,locationId",
        `Contract,"Import, One ${u}",contract.import.${u}${tag}a@contract.example,3035550101,1980-01-02,Left,Knee,${w.pracLocationId}`,
        `Contract,Import Two ${u},contract.import.${u}${tag}b@contract.example,,01/31/1975,N/A,Hip,${w.pracLocationId}`,
      ].join("\n");
    const csv = csvFor("");
    const bad = ["firstName,lastName,email,injuredBodyPart,locationId", `Contract,Bad,not-an-email,Knee,${w.pracLocationId}`].join("\n");
    return {
      req: { as: "PRACTITIONER", multipart: { file: { content: csv, filename: "patients.csv", type: "text/csv" }, product: "HEALTH" } },
      inputBase: { as: "PRACTITIONER", multipart: { file: { content: csvFor("x"), filename: "patients.csv", type: "text/csv" }, product: "HEALTH" } },
      verify: (res) => expect(res.body.importedCount).toBe(2),
      refusals: [
        { name: "a CSV with an invalid row", req: { op: "importPatientsCsv", as: "PRACTITIONER", multipart: { file: { content: bad, filename: "bad.csv", type: "text/csv" }, product: "HEALTH" } }, expect: [400] },
      ],
      cleanup: () => deletePatientsMatching(`contract.import.${u}`),
    };
  },

  async reconcileGaitPatientsCsv(w) {
    const p = await newPatient(w, { products: ["GAIT"] });
    const csvFor = (last: string) => ["gaitUid,firstName,lastName", `${patientGaitUid(p)},Reconciled,${last}`, `NO-SUCH-${unique()},Skipped,Row`].join("\n");
    return {
      req: { as: "PRACTITIONER", multipart: { file: { content: csvFor(`Contract ${unique()}`), filename: "reconcile.csv", type: "text/csv" } } },
      inputBase: { as: "PRACTITIONER", multipart: { file: { content: csvFor(`Input ${unique()}`), filename: "reconcile.csv", type: "text/csv" } } },
      verify: (res) => expect(res.body.reconciledCount).toBe(1),
      refusals: [
        { name: "a row without a first name", req: { op: "reconcileGaitPatientsCsv", as: "PRACTITIONER", multipart: { file: { content: "gaitUid,firstName,lastName\nX-1,,Name", filename: "r.csv", type: "text/csv" } } }, expect: [400] },
      ],
    };
  },

  async getPatientRecord(w) {
    const p = await newPatient(w);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      secrets: [p.patient.lastName, p.patient.email],
      verify: (res) => expect(res.body).toEqual(p),
    };
  },

  async updatePatientRecord(w) {
    const p = await newPatient(w);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id }, body: { firstName: "Updated", phoneNumber: "+1 (720) 555-0199" } },
      orgScoped: "path",
      locationScoped: true,
      secrets: [p.patient.lastName, p.patient.email],
      verify: (res) => {
        expect(res.body.patient.firstName).toBe("Updated");
        expect(res.body.patient.phoneNumber).toBe("+17205550199");
        expect(res.body.patient.lastName).toBe(p.patient.lastName);
      },
      refusals: [
        {
          name: "removing a product (refused, or the products are kept)",
          req: { op: "updatePatientRecord", as: "PRACTITIONER", params: { id: p.id }, body: { products: ["GAIT"] } },
          expect: [200, 400],
          check: (res) => {
            if (res.status === 200) expect([...res.body.products].sort(), "products cannot be removed").toEqual([...p.products].sort());
          },
        },
      ],
      generated: {
        arb: fc
          .record({ firstName: name(), lastName: name(), phoneNumber: validPhone, dob: pastDays(w, 1, 365 * 80), injuredSideOfBody: fc.constantFrom("LEFT", "RIGHT", "BOTH", null), injuredBodyPart: fc.constantFrom("SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE") }, { requiredKeys: [] })
          .map((body) => ({ as: "PRACTITIONER" as const, params: { id: p.id }, body })),
        numRuns: 5,
      },
    };
  },

  async deletePatientRecord(w) {
    const p = await newPatient(w);
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: p.id } },
      orgScoped: "path",
      secrets: [p.patient.lastName],
      verify: async () => {
        const after = await call({ op: "getPatientRecord", as: "PROVIDER_ADMIN", params: { id: p.id }, kind: "success" });
        expect(after.status, "a deleted patient answers 404").toBe(404);
      },
    };
  },

  async startPlanOfCare(w) {
    const discharged = await firstOf({ op: "listPatientRecords", as: "PRACTITIONER", query: { status: "DISCHARGED", limit: 20, sortBy: "NAME", orderBy: "ASC" } });
    expect(discharged, "startPlanOfCare needs a discharged patient visible to PRACTITIONER").toBeTruthy();
    const active = await newPatient(w);
    return {
      req: { as: "PRACTITIONER", params: { id: discharged.id }, body: { start: w.today, locationId: discharged.location.id, injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE" } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => {
        expect(res.body.discharged).toBe(false);
        expect(res.body.dischargeDate).toBeNull();
      },
      // Discharge again today (archived from tomorrow on), so runs do not use up the discharged patients.
      cleanup: () => call({ op: "setPlanOfCareEnd", as: "PRACTITIONER", params: { id: discharged.id }, body: { end: w.today } }).then(() => undefined),
      refusals: [
        { name: "a patient whose plan has not ended", req: { op: "startPlanOfCare", as: "PRACTITIONER", params: { id: active.id }, body: { start: w.today, locationId: w.pracLocationId, injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE" } }, expect: [400] },
        { name: "a start in the future", req: { op: "startPlanOfCare", as: "PRACTITIONER", params: { id: discharged.id }, body: { start: w.daysFromToday(5), locationId: discharged.location.id, injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE" } }, expect: [400] },
      ],
    };
  },

  async setPlanOfCareEnd(w) {
    const p = await newPatient(w);
    const end = w.daysFromToday(10);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id }, body: { end } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.dischargeDate).toBe(end),
      refusals: [{ name: "an end more than 28 days ahead", req: { op: "setPlanOfCareEnd", as: "PRACTITIONER", params: { id: p.id }, body: { end: w.daysFromToday(40) } }, expect: [400] }],
    };
  },

  async listPatientPros(w) {
    const p = (await firstOf({ op: "listPatientRecords", as: "PRACTITIONER", query: { product: "PRO", limit: 5 } })) ?? (await newPatient(w));
    return {
      req: { as: "PRACTITIONER", params: { id: p.id }, query: { start: w.daysFromToday(-365), end: w.today } },
      orgScoped: "path",
      locationScoped: true,
      refusals: [{ name: "end before start", req: { op: "listPatientPros", as: "PRACTITIONER", params: { id: p.id }, query: { start: w.today, end: w.daysFromToday(-5) } }, expect: [400] }],
    };
  },

  async listCareNotes(w) {
    const p = await healthPatientOfPractitioner(w);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      refusals: [{ name: "end before start", req: { op: "listCareNotes", as: "PRACTITIONER", params: { id: p.id }, query: { start: w.today, end: w.daysFromToday(-5) } }, expect: [400] }],
    };
  },

  async createCareNote(w) {
    const p = await newPatient(w);
    return {
      req: {
        as: "PRACTITIONER",
        params: { id: p.id },
        body: { date: w.today, minutes: 15, notes: "Contract note: reviewed the home program.", isPatientInteraction: true, interactionType: "PATIENT_INTERACTIVE_COMMUNICATION", liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: false },
      },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => {
        expect(res.body.minutes).toBe(15);
        expect(res.body.date).toBe(w.today);
      },
      refusals: [
        { name: "a date in the future", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.daysFromToday(2), minutes: 5, notes: "x" } }, expect: [400] },
        { name: "a blank note", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 5, notes: "   " } }, expect: [400] },
        { name: "501 characters counting line breaks as two", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 5, notes: `${"a".repeat(250)}\n${"b".repeat(249)}` } }, expect: [400] },
        // ADR 033: an unsuccessful attempt is never two-way and says how the patient was tried; the spec's flag agrees with the call.
        { name: "a two-way unsuccessful attempt", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 5, notes: "x", liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: true } }, expect: [400] },
        { name: "an unsuccessful attempt without its method", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 5, notes: "x", unsuccessfulAttempt: true } }, expect: [400] },
        { name: "a two-way call that is no patient interaction", req: { op: "createCareNote", as: "PRACTITIONER", params: { id: p.id }, body: { date: w.today, minutes: 5, notes: "x", liveInteraction: { method: "VIDEO", twoWay: true }, isPatientInteraction: false } }, expect: [400] },
      ],
      generated: {
        arb: fc
          .record({
            date: pastDays(w, 0, 120),
            minutes: fc.integer({ min: 0, max: 1440 }),
            notes: name(200),
            // The spec's flag alone, or the call (ADR 033): any call, or an unsuccessful attempt (never two-way).
            call: fc.oneof(
              fc.record({ isPatientInteraction: fc.option(fc.boolean(), { nil: undefined }) }),
              fc.record({ liveInteraction: fc.option(fc.record({ method: fc.constantFrom("PHONE", "VIDEO"), twoWay: fc.boolean() }), { nil: null }) }),
              fc.record({ liveInteraction: fc.record({ method: fc.constantFrom("PHONE", "VIDEO"), twoWay: fc.constant(false) }), unsuccessfulAttempt: fc.constant(true) }),
            ),
          })
          .map(({ call, ...body }) => ({ as: "PRACTITIONER" as const, params: { id: p.id }, body: { ...body, ...call } })),
        numRuns: 5,
      },
    };
  },

  async updateCareNote(w) {
    const p = await newPatient(w);
    const note = await newCareNote(w, p.id);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id, interactionId: note.id }, body: { notes: "Contract note, edited.", minutes: 30 } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect([res.body.notes, res.body.minutes]).toEqual(["Contract note, edited.", 30]),
      refusals: [{ name: "a note of another patient", req: { op: "updateCareNote", as: "PRACTITIONER", params: { id: (await newPatient(w)).id, interactionId: note.id }, body: { minutes: 1 } }, expect: [404] }],
    };
  },

  async deleteCareNote(w) {
    const p = await newPatient(w);
    const note = await newCareNote(w, p.id);
    return { req: { as: "PRACTITIONER", params: { id: p.id, interactionId: note.id } }, orgScoped: "path", locationScoped: true };
  },

  // The care timer (ADR 033, issue 26): the caller's own timer on a patient at their location.
  async getCareTimer(w) {
    const p = await newPatient(w);
    await ok({ op: "setCareTimer", as: "PRACTITIONER", params: { id: p.id }, body: { state: "RUNNING" } });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.timer).toMatchObject({ pausedAt: null, pausedSeconds: 0 }),
      // Another practitioner's timer on the patient is not the caller's: the provider admin sees none.
      refusals: [
        { name: "another practitioner's timer is not shown", req: { op: "getCareTimer", as: "PROVIDER_ADMIN", params: { id: p.id } }, expect: [200], check: (res) => expect(res.body).toEqual({ timer: null, stopped: [] }) },
      ],
    };
  },

  async setCareTimer(w) {
    const p = await newPatient(w);
    const now = Date.now();
    return {
      req: { as: "PRACTITIONER", params: { id: p.id }, body: { state: "RUNNING", startedAt: new Date(now - 5 * 60_000).toISOString() } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.minutes).toBeGreaterThanOrEqual(5),
      refusals: [
        { name: "a start in the future", req: { op: "setCareTimer", as: "PRACTITIONER", params: { id: (await newPatient(w)).id }, body: { state: "RUNNING", startedAt: new Date(now + 3600_000).toISOString() } }, expect: [400] },
        { name: "a start more than 12 hours ago", req: { op: "setCareTimer", as: "PRACTITIONER", params: { id: (await newPatient(w)).id }, body: { state: "RUNNING", startedAt: new Date(now - 13 * 3600_000).toISOString() } }, expect: [400] },
      ],
      generated: {
        arb: fc.constantFrom("RUNNING", "PAUSED").map((state) => ({ as: "PRACTITIONER" as const, params: { id: p.id }, body: { state } })),
        numRuns: 3,
      },
    };
  },

  async stopCareTimer(w) {
    const p = await newPatient(w);
    await ok({ op: "setCareTimer", as: "PRACTITIONER", params: { id: p.id }, body: { state: "RUNNING", startedAt: new Date(Date.now() - 2 * 60_000).toISOString() } });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.minutes).toBeGreaterThanOrEqual(2),
      refusals: [{ name: "no timer of the caller's", req: { op: "stopCareTimer", as: "PROVIDER_ADMIN", params: { id: p.id } }, expect: [404] }],
    };
  },

  // ---------------------------------------------------------------- health
  listHealthPatientRecords: simple("PRACTITIONER"),

  async listPatientPrograms(w) {
    const p = await healthPatientOfPractitioner(w);
    return { req: { as: "PRACTITIONER", params: { id: p.id } }, orgScoped: "path", locationScoped: true };
  },

  async unassignProgram(w) {
    const p = await newPatient(w);
    const prog = await newProgram(w);
    await ok({ op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: p.id }, body: { hepId: prog.id } });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id, hepId: prog.id } },
      orgScoped: "path",
      locationScoped: true,
      verify: async () => {
        const left = await ok({ op: "listPatientPrograms", as: "PRACTITIONER", params: { id: p.id }, kind: "success" });
        expect(left.map((x: J) => x.id)).not.toContain(prog.id);
      },
    };
  },

  async listPatientNotifications(w) {
    // A new patient (no account, never invited): the first program sends the app invite.
    const p = await newPatient(w);
    const prog = await newProgram(w);
    await ok({ op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: p.id }, body: { hepId: prog.id } });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.map((n: J) => [n.kind, n.hepId]), "the first program sends the app invite").toEqual([["APP_INVITE", prog.id]]),
    };
  },

  async listPatientHealthSessions(w) {
    const p = await healthPatientOfPractitioner(w, (x) => !!x.mostRecentSession);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      alsoValid: [{ op: "listPatientHealthSessions", as: "PRACTITIONER", params: { id: p.id }, query: { start: new Date(Date.now() - 90 * 86_400_000).toISOString(), end: new Date().toISOString(), includeSelfReported: false } }],
    };
  },

  async resendPatientInvite(w) {
    const p = await newPatient(w);
    const gaitOnly = await newPatient(w, { products: ["GAIT"] });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      refusals: [{ name: "a patient without HEALTH", req: { op: "resendPatientInvite", as: "PRACTITIONER", params: { id: gaitOnly.id } }, expect: [400] }],
    };
  },

  async assignProgramToPatient(w) {
    const p = await newPatient(w);
    const prog = await newProgram(w);
    const gaitOnly = await newPatient(w, { products: ["GAIT"] });
    return {
      req: { as: "PRACTITIONER", params: { id: p.id }, body: { hepId: prog.id, shouldRetireHeps: false } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.map((x: J) => x.id)).toContain(prog.id),
      refusals: [
        { name: "a patient without HEALTH", req: { op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: gaitOnly.id }, body: { hepId: prog.id } }, expect: [400] },
        { name: "an unknown program", req: { op: "assignProgramToPatient", as: "PRACTITIONER", params: { id: p.id }, body: { hepId: "00000000-0000-4000-8000-000000000000" } }, expect: [404] },
        { name: "another organization's program, to the caller's own patient", req: { op: "assignProgramToPatient", as: "PRODUCT_ADMIN", params: { id: (await otherOrgPatient(w)).id }, body: { hepId: prog.id } }, expect: [404] },
      ],
    };
  },

  async getPatientActivityReport(w) {
    const p = await healthPatientOfPractitioner(w, (x) => !!x.mostRecentSession);
    return {
      req: { as: "PRACTITIONER", params: { id: p.id } },
      orgScoped: "path",
      locationScoped: true,
      alsoValid: [{ op: "getPatientActivityReport", as: "PRACTITIONER", params: { id: p.id }, accept: "application/pdf", query: { groupBy: "SIDE" } }],
      refusals: [
        { name: "a range longer than 366 days", req: { op: "getPatientActivityReport", as: "PRACTITIONER", params: { id: p.id }, query: { start: new Date(Date.now() - 400 * 86_400_000).toISOString(), end: new Date().toISOString() } }, expect: [400] },
      ],
    };
  },

  // ---------------------------------------------------------------- programs
  async createProgram(w) {
    const goal = fc.oneof(
      fc.record({ goalType: fc.constant("REPS"), reps: fc.integer({ min: 1, max: 25 }) }),
      fc.record({ goalType: fc.constant("TIME"), time: fc.integer({ min: 5, max: 3600 }) }),
      fc.record({ goalType: fc.constant("REPS_OR_TIME"), reps: fc.integer({ min: 1, max: 25 }), time: fc.integer({ min: 5, max: 3600 }) }),
      fc.record({ goalType: fc.constant("ROM") }),
    );
    const measured = (id: string, g: J) => {
      const m = w.exerciseMetrics[id] ?? [];
      return g.goalType === "REPS_OR_TIME" ? m.includes("REPS") || m.includes("TIME") : m.includes(g.goalType);
    };
    const block = fc
      .record({ exerciseId: fc.constantFrom(...w.exercises.slice(0, 30)), numSets: fc.integer({ min: 1, max: 5 }), sideOfBody: fc.constantFrom("LEFT", "RIGHT", null), setGoal: goal }, { requiredKeys: ["exerciseId", "numSets", "setGoal"] })
      .map((b) => (measured(b.exerciseId, b.setGoal) ? b : { ...b, setGoal: goalFor(w, b.exerciseId) }));
    return {
      req: { as: "PRACTITIONER", body: programBody(w) },
      verify: (res) => {
        expect(res.body.isTemplate).toBe(false);
        expect(res.body.blocks.map((b: J) => b.exerciseId)).toEqual(blocksFor(w).map((b) => b.exerciseId));
      },
      refusals: [
        { name: "no blocks", req: { op: "createProgram", as: "PRACTITIONER", body: programBody(w, { blocks: [] }) }, expect: [400] },
        { name: "a time goal under 5 seconds", req: { op: "createProgram", as: "PRACTITIONER", body: programBody(w, { blocks: [{ exerciseId: w.exercises.find((id) => w.exerciseMetrics[id]!.includes("TIME")) ?? w.exercises[0], numSets: 1, setGoal: { goalType: "TIME", time: 3 } }] }) }, expect: [400] },
        { name: "an unknown exercise", req: { op: "createProgram", as: "PRACTITIONER", body: programBody(w, { blocks: [{ exerciseId: "ZZZZ-9999", numSets: 1, setGoal: { goalType: "REPS", reps: 5 } }] }) }, expect: [400] },
      ],
      generated: {
        arb: fc
          .record({ name: name(60), notes: fc.option(name(100), { nil: null }), dailyFrequency: fc.integer({ min: 1, max: 5 }), weeklyFrequency: fc.integer({ min: 1, max: 7 }), blocks: fc.array(block, { minLength: 1, maxLength: 6 }) }, { requiredKeys: ["name", "blocks"] })
          .map((body) => ({ as: "PRACTITIONER" as const, body })),
        numRuns: 5,
      },
    };
  },

  async getProgram(w) {
    const prog = await newProgram(w);
    return { req: { as: "PRACTITIONER", params: { id: prog.id } }, orgScoped: "path", secrets: [prog.name], verify: (res) => expect(res.body).toEqual(prog) };
  },

  async replaceProgram(w) {
    const prog = await newProgram(w);
    const tpl = await newTemplate(w);
    return {
      req: { as: "PRACTITIONER", params: { id: prog.id }, body: programBody(w, { name: `${prog.name} v2` }) },
      orgScoped: "path",
      verify: async (res) => {
        expect(res.body.id).not.toBe(prog.id);
        const old = await ok({ op: "getProgram", as: "PRACTITIONER", params: { id: prog.id }, kind: "success" });
        expect(old.replacedById).toBe(res.body.id);
      },
      refusals: [{ name: "a template", req: { op: "replaceProgram", as: "PRACTITIONER", params: { id: tpl.id }, body: programBody(w) }, expect: [400] }],
    };
  },

  async assignProgramToPatients(w) {
    const prog = await newProgram(w);
    const a = await newPatient(w);
    const b = await newPatient(w);
    return {
      req: { as: "PRACTITIONER", params: { id: prog.id }, body: { patientRecordIds: [a.id, b.id], isEdit: false } },
      orgScoped: "path",
      refusals: [
        { name: "another organization's program, to the caller's own patient", req: { op: "assignProgramToPatients", as: "PRODUCT_ADMIN", params: { id: prog.id }, body: { patientRecordIds: [(await otherOrgPatient(w)).id] } }, expect: [404] },
      ],
      verify: (res) => {
        expect(res.body.map((x: J) => x.patientRecordId).sort()).toEqual([a.id, b.id].sort());
        for (const x of res.body) expect(x.retiredAt).toBeNull();
      },
    };
  },

  listTemplates: simple("PRACTITIONER"),

  async createTemplate(w) {
    const { templateId: _t, ...body } = programBody(w, { name: `Contract template ${unique()}` });
    const del = async (res: Res) => {
      if (res.body?.id) await call({ op: "deleteTemplate", as: "PROVIDER_ADMIN", params: { id: res.body.id } });
    };
    let created: Res | undefined;
    return {
      req: { as: "PRACTITIONER", body },
      verify: (res) => {
        created = res;
        expect(res.body.isTemplate).toBe(true);
        expect(res.body.name).toBe(body.name);
      },
      refusals: [{ name: "a blank name", req: { op: "createTemplate", as: "PRACTITIONER", body: { ...body, name: "  " } }, expect: [400] }],
      generated: {
        arb: fc.record({ name: name(60), notes: fc.option(name(100), { nil: null }), dailyFrequency: fc.integer({ min: 1, max: 5 }), weeklyFrequency: fc.integer({ min: 1, max: 7 }) }).map((b) => ({ as: "PRACTITIONER" as const, body: { ...b, blocks: blocksFor(w, 3) } })),
        numRuns: 3,
        after: del,
      },
      cleanup: async () => {
        if (created) await del(created);
      },
    };
  },

  async deleteTemplates(w) {
    const a = await newTemplate(w);
    const b = await newTemplate(w);
    const c = await newTemplate(w);
    return {
      req: { as: "PRACTITIONER", query: { ids: `${a.id},${b.id}` } },
      orgScoped: "query",
      refusals: [{ name: "one unknown id (all or nothing)", req: { op: "deleteTemplates", as: "PRACTITIONER", query: { ids: `${c.id},00000000-0000-4000-8000-000000000000` } }, expect: [404] }],
      verify: async () => {
        expect((await call({ op: "getTemplate", as: "PRACTITIONER", params: { id: a.id }, kind: "success" })).status).toBe(404);
        expect((await call({ op: "getTemplate", as: "PRACTITIONER", params: { id: c.id }, kind: "success" })).status, "all or nothing: the refused call deleted nothing").toBe(200);
      },
    };
  },

  async getTemplate(w) {
    const t = await newTemplate(w);
    const prog = await newProgram(w);
    return {
      req: { as: "PRACTITIONER", params: { id: t.id } },
      orgScoped: "path",
      secrets: [t.name],
      verify: (res) => expect(res.body).toEqual(t),
      refusals: [{ name: "a program that is not a template", req: { op: "getTemplate", as: "PRACTITIONER", params: { id: prog.id } }, expect: [404] }],
    };
  },

  async updateTemplate(w) {
    const t = await newTemplate(w);
    const { templateId: _t, ...body } = programBody(w, { name: `${t.name} edited`, blocks: blocksFor(w, 3) });
    return {
      req: { as: "PRACTITIONER", params: { id: t.id }, body },
      orgScoped: "path",
      secrets: [t.name],
      verify: (res) => {
        expect(res.body.name).toBe(body.name);
        expect(res.body.blocks).toHaveLength(3);
      },
    };
  },

  async deleteTemplate(w) {
    const t = await newTemplate(w);
    return { req: { as: "PRACTITIONER", params: { id: t.id } }, orgScoped: "path", secrets: [t.name] };
  },

  listExercises: simple("PRACTITIONER"),
  listExerciseMetrics: simple("PRACTITIONER"),

  async getExerciseMedia(w) {
    // The demo audio of an exercise that has one served here (a deployment may host its audio elsewhere).
    const library = (await ok({ op: "listExercises", as: "PRACTITIONER" })) as J[];
    const audio = library.map((e) => String(e.demoAudioUrl ?? "").split("/media/exercises/")[1]).find((f) => f?.endsWith("-audio.wav"));
    return {
      req: { as: null, params: { file: `${w.exercises[0]}-thumb.svg` } },
      alsoValid: [
        { op: "getExerciseMedia", as: null, params: { file: `${w.exercises[0]}-animation.svg` } },
        ...(audio ? [{ op: "getExerciseMedia", as: null, params: { file: audio } }] : []),
      ],
      refusals: [
        { name: "an unknown file", req: { op: "getExerciseMedia", as: null, params: { file: "ZZZZ-9999-thumb.svg" } }, expect: [404] },
        { name: "the audio of an exercise without audio", req: { op: "getExerciseMedia", as: null, params: { file: "ZZZZ-9999-audio.wav" } }, expect: [404] },
      ],
    };
  },

  // ---------------------------------------------------------------- rtm
  listRtmCycles: simple("PRACTITIONER", {
    generatedQuery: { fix: orderRange },
    alsoValid: [{ op: "listRtmCycles", as: "PRACTITIONER", query: { needsAttention: true, status: ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE"] } }],
  }),

  async listRtmCyclesByMonth(w) {
    return {
      req: { as: "PRACTITIONER", params: { yearMonth: w.today.slice(0, 7) } },
      generatedQuery: { fix: orderRange },
      // The portal's needs-attention view.
      alsoValid: [{ op: "listRtmCyclesByMonth", as: "PRACTITIONER", params: { yearMonth: w.today.slice(0, 7) }, query: { needsAttention: true, sortBy: "DAYS_LEFT", orderBy: "ASC" } }],
    };
  },

  async advanceRtmCycle() {
    const c = await rtmCycle("READY_TO_BILL");
    expect(c, "advanceRtmCycle needs a READY_TO_BILL cycle visible to PRACTITIONER").toBeTruthy();
    const inProgress = await rtmCycle("IN_PROGRESS");
    return {
      req: { as: "PRACTITIONER", params: { id: c.id } },
      orgScoped: "path",
      verify: (res) => expect(res.body.status).toBe("BILLED"),
      refusals: inProgress ? [{ name: "a cycle IN_PROGRESS", req: { op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: inProgress.id } }, expect: [409] }] : [],
      cleanup: () => call({ op: "revertRtmCycle", as: "PRACTITIONER", params: { id: c.id } }).then(() => undefined),
    };
  },

  async revertRtmCycle() {
    const c = await rtmCycle("READY_TO_BILL");
    expect(c, "revertRtmCycle needs a READY_TO_BILL cycle visible to PRACTITIONER (advanced first)").toBeTruthy();
    await ok({ op: "advanceRtmCycle", as: "PRACTITIONER", params: { id: c.id } });
    return {
      req: { as: "PRACTITIONER", params: { id: c.id } },
      orgScoped: "path",
      verify: (res) => expect(res.body.status).toBe("READY_TO_BILL"),
    };
  },

  async getRtmCyclePdfUrl() {
    const c = await rtmCycle(undefined);
    expect(c, "the suite needs an RTM cycle visible to PRACTITIONER").toBeTruthy();
    return { req: { as: "PRACTITIONER", params: { id: c.id } }, orgScoped: "path", verify: (res) => downloads(res.body.pdfUrl, "application/pdf") };
  },

  async getRtmMonthlySummaryPdfUrl(w) {
    let s = await firstOf({ op: "listRtmCyclesByMonth", as: "PRACTITIONER", params: { yearMonth: w.today.slice(0, 7) }, query: { limit: 5 } });
    s ??= await firstOf({ op: "listRtmCyclesByMonth", as: "PRACTITIONER", params: { yearMonth: w.daysFromToday(-31).slice(0, 7) }, query: { limit: 5 } });
    expect(s, "the suite needs a monthly RTM summary visible to PRACTITIONER").toBeTruthy();
    return { req: { as: "PRACTITIONER", params: { id: s.id } }, orgScoped: "path", verify: (res) => downloads(res.body.pdfUrl, "application/pdf") };
  },

  // ---------------------------------------------------------------- gait
  listGaitPatientRecords: simple("PRACTITIONER"),

  async listGaitSessions() {
    const p = await firstOf({ op: "listGaitPatientRecords", as: "PRACTITIONER", query: { limit: 20 } }, (x) => !!x.mostRecentSession);
    expect(p, "the suite needs a gait patient with sessions visible to PRACTITIONER").toBeTruthy();
    return {
      req: { as: "PRACTITIONER", query: { patientRecordId: p.id } },
      orgScoped: "query",
      locationScoped: true,
      verify: (res) => expect(res.body.length).toBeGreaterThan(0),
      refusals: [{ name: "end before start", req: { op: "listGaitSessions", as: "PRACTITIONER", query: { patientRecordId: p.id, start: new Date().toISOString(), end: new Date(Date.now() - 86_400_000).toISOString() } }, expect: [400] }],
    };
  },

  async getGaitReport() {
    const end = new Date(Date.now() - 60_000);
    const start = new Date(end.getTime() - 20 * 3_600_000);
    return {
      req: { as: "PRACTITIONER", query: { start: start.toISOString(), end: end.toISOString() } },
      refusals: [{ name: "a window longer than 25 hours", req: { op: "getGaitReport", as: "PRACTITIONER", query: { start: new Date(end.getTime() - 3 * 86_400_000).toISOString(), end: end.toISOString() } }, expect: [400] }],
    };
  },

  async setGaitSessionComment() {
    const p = await firstOf({ op: "listGaitPatientRecords", as: "PRACTITIONER", query: { limit: 20 } }, (x) => !!x.mostRecentSession);
    expect(p, "the suite needs a gait patient with sessions visible to PRACTITIONER").toBeTruthy();
    const session = (await ok({ op: "listGaitSessions", as: "PRACTITIONER", query: { patientRecordId: p.id } }))[0];
    const before = session.session?.meta?.comment ?? null;
    const comment = `Contract comment ${unique()}`;
    return {
      req: { as: "PRACTITIONER", params: { id: session.id }, body: { comment } },
      orgScoped: "path",
      locationScoped: true,
      verify: (res) => expect(res.body.session.meta.comment).toBe(comment),
      refusals: [
        { name: "a blank comment", req: { op: "setGaitSessionComment", as: "PRACTITIONER", params: { id: session.id }, body: { comment: "   " } }, expect: [400] },
        { name: "1001 characters counting line breaks as two", req: { op: "setGaitSessionComment", as: "PRACTITIONER", params: { id: session.id }, body: { comment: `${"a".repeat(500)}\n${"b".repeat(499)}` } }, expect: [400] },
      ],
      cleanup: () => call({ op: "setGaitSessionComment", as: "PRACTITIONER", params: { id: session.id }, body: { comment: before } }).then(() => undefined),
    };
  },

  // ---------------------------------------------------------------- scan
  listScanSessions: simple("PRACTITIONER", { generatedQuery: { fix: orderRange } }),

  async getScanSession() {
    const s = await scanSessionWithPoseLog("PRACTITIONER", "listScanSessions");
    return { req: { as: "PRACTITIONER", params: { id: s.id } }, orgScoped: "path", verify: (res) => expect(res.body.id).toBe(s.id) };
  },

  async getScanPoseLogSignedUrl() {
    const s = await scanSessionWithPoseLog("PRACTITIONER", "listScanSessions");
    return { req: { as: "PRACTITIONER", params: { id: s.id } }, orgScoped: "path", verify: (res) => downloads(res.body.url, "application/json") };
  },

  async getScanHandsLogSignedUrl() {
    const s = await scanSessionWithPoseLog("PRACTITIONER", "listScanSessions", "hands-log");
    return {
      req: { as: "PRACTITIONER", params: { id: s.id } },
      orgScoped: "path",
      verify: (res) => downloads(res.body.url, "application/json"),
      refusals: [{ name: "a session without a hands log", req: { op: "getScanHandsLogSignedUrl", as: "PRACTITIONER", params: { id: (await scanSessionWithPoseLog("PRACTITIONER", "listScanSessions")).id } }, expect: [404] }],
    };
  },

  listAssessments: simple("PRACTITIONER", { generatedQuery: false }),
  listRiskFactorOutcomes: simple("PRACTITIONER", { generatedQuery: false }),
  async getScanClientModules() {
    return {
      req: { as: "PRACTITIONER" },
      verify: (res) => {
        expect(res.body.overridden).toBe(false);
        expect(Array.isArray(res.body.scanModules)).toBe(true);
      },
    };
  },

  // ---------------------------------------------------------------- admin
  adminListOrganizations: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  async adminCreateOrganization(w) {
    const body = organizationBody(w);
    return {
      req: { as: "PRODUCT_ADMIN", body },
      verify: (res) => {
        expect(res.body.name).toBe(body.orgName);
        expect(res.body.disabled).toBe(false);
      },
      refusals: [
        { name: "an e-mail already used by a provider", req: { op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body: { ...organizationBody(w), practitioner: { ...body.practitioner, email: w.me.PRACTITIONER.email } } }, expect: [409] },
        { name: "a blank organization name", req: { op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body: { ...organizationBody(w), orgName: "   " } }, expect: [400] },
        {
          name: "a location keyword another organization's location has (any case)",
          req: { op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body: { ...organizationBody(w), location: { ...organizationBody(w).location, keyword: ` ${(await keywordInUse(w)).toLowerCase()} ` } } },
          expect: [409],
          check: (res: Res) => expect(res.body.message).toBe("location.keyword: This keyword is already used by another location."),
        },
      ],
      generated: {
        arb: fc
          .record({ orgName: name(60), products: fc.subarray(["HEALTH", "GAIT", "PRO", "SCAN"], { minLength: 1 }), first: name(), last: name(), loc: name(60), tz: fc.constantFrom("America/New_York", "America/Chicago", "America/Phoenix", "America/Los_Angeles") })
          .map(({ orgName, products, first, last, loc, tz }) => ({
            as: "PRODUCT_ADMIN" as const,
            body: { orgName: `CT ${orgName}`, timezone: tz, products, practitioner: { firstName: first, lastName: last, email: `contract.gen.${unique()}@contract.example` }, location: { name: loc, timezone: tz } },
          })),
        numRuns: 3,
      },
    };
  },

  async adminGetOrganization(w) {
    return { req: { as: "PRODUCT_ADMIN", params: { id: w.orgId } }, verify: (res) => expect(res.body.id).toBe(w.orgId) };
  },

  async adminUpdateOrganization(w) {
    const org = await newOrganization(w);
    const assessments = (await ok({ op: "listAssessments", as: "PRACTITIONER" })) as J[];
    const modules = [
      { name: "Contract balance", subtitle: "Made by the contract suite", isLocked: false, assessments: assessments.slice(0, 2).map((a) => ({ id: a.id, name: a.name })) },
      { name: "Contract mobility", subtitle: "Second module", isLocked: true, imageName: undefined },
    ];
    return {
      req: { as: "PRODUCT_ADMIN", params: { id: org.id }, body: { scanModules: modules } },
      verify: (res) => expect(res.body.scanModules.map((m: J) => m.name)).toEqual(["Contract balance", "Contract mobility"]),
      refusals: [
        { name: "a blank module name", req: { op: "adminUpdateOrganization", as: "PRODUCT_ADMIN", params: { id: org.id }, body: { scanModules: [{ name: " ", subtitle: "x", isLocked: false }] } }, expect: [400] },
        { name: "an unknown assessment", req: { op: "adminUpdateOrganization", as: "PRODUCT_ADMIN", params: { id: org.id }, body: { scanModules: [{ name: "x", subtitle: "x", isLocked: false, assessments: [{ id: "AST-9999", name: "x" }] }] } }, expect: [400] },
      ],
    };
  },

  async adminEnableOrganization(w) {
    const org = await newOrganization(w);
    await ok({ op: "adminDisableOrganization", as: "PRODUCT_ADMIN", params: { id: org.id } });
    return { req: { as: "PRODUCT_ADMIN", params: { id: org.id } }, verify: (res) => expect(res.body.disabled).toBe(false) };
  },

  async adminDisableOrganization(w) {
    const org = await newOrganization(w);
    const staffOrg = w.me.PRODUCT_ADMIN?.organization?.id;
    return {
      req: { as: "PRODUCT_ADMIN", params: { id: org.id } },
      verify: (res) => expect(res.body.disabled).toBe(true),
      refusals: staffOrg ? [{ name: "the product staff's own organization", req: { op: "adminDisableOrganization", as: "PRODUCT_ADMIN", params: { id: staffOrg } }, expect: [400] }] : [],
      cleanup: () => call({ op: "adminEnableOrganization", as: "PRODUCT_ADMIN", params: { id: org.id } }).then(() => undefined),
    };
  },

  async adminUploadOrganizationLogo(w) {
    const org = await newOrganization(w);
    return {
      req: { as: "PRODUCT_ADMIN", params: { id: org.id }, multipart: { file: { content: PNG_1x1, filename: "logo.png", type: "image/png" } } },
      verify: (res) => expectLogo(res.body.logoUrl),
      refusals: [{ name: "a file that is not a PNG", req: { op: "adminUploadOrganizationLogo", as: "PRODUCT_ADMIN", params: { id: org.id }, multipart: { file: { content: "<svg/>", filename: "logo.png", type: "image/png" } } }, expect: [400] }],
    };
  },

  adminListLocations: simple("PRODUCT_ADMIN"),

  async adminUpdateLocationKeyword(w) {
    const org = await newOrganization(w);
    const loc = await firstOf({ op: "adminListLocations", as: "PRODUCT_ADMIN", query: { organizationId: org.id } });
    expect(loc, "a new organization's location must be listed by adminListLocations?organizationId").toBeTruthy();
    const keyword = `CT${unique()}`.toUpperCase().slice(0, 20);
    return {
      req: { as: "PRODUCT_ADMIN", params: { id: loc.id }, body: { keyword: `  ${keyword}  ` } },
      verify: (res) => expect(res.body.keyword).toBe(keyword),
      // Valid keywords (ADR 031): codes, unique (the run's prefix), in any case and with surrounding spaces.
      generated: {
        arb: fc
          .option(fc.tuple(fc.stringMatching(/^[A-Za-z0-9_-]{0,8}$/), fc.constantFrom("", " ", "  ")), { nil: null })
          .map((k) => ({ as: "PRODUCT_ADMIN" as const, params: { id: loc.id }, body: { keyword: k === null ? null : `${k[1]}ct${unique()}${k[0]}`.slice(0, 30) + k[1] } })),
        numRuns: 3,
      },
      refusals: [
        // The seeded DENVERDT (another organization's), in other capitals: 409 naming the field (issue 25).
        {
          name: "another organization's keyword, in other capitals",
          req: { op: "adminUpdateLocationKeyword", as: "PRODUCT_ADMIN", params: { id: loc.id }, body: { keyword: (await keywordInUse(w)).toLowerCase() } },
          expect: [409],
          check: (res: Res) => expect(res.body.message).toBe("keyword: This keyword is already used by another location."),
        },
        { name: "a keyword that is not a code (spaces, markup, emoji)", req: { op: "adminUpdateLocationKeyword", as: "PRODUCT_ADMIN", params: { id: loc.id }, body: { keyword: "E2E <b>KW</b> 😀" } }, expect: [400] },
      ],
    };
  },

  adminListScanOrganizationsWithLocations: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  async adminGetUserProfile() {
    // By UUID, and (alsoValid) by the same user's e-mail in capitals; exactly one of the two.
    const email: string = (await ok({ op: "getCurrentUser", as: "PRACTITIONER" })).email;
    const uuid = target().userIds.PRACTITIONER!;
    return {
      req: { as: "PRODUCT_ADMIN", query: { uuid } },
      verify: (res) => expect(res.body.userId).toBe(uuid),
      alsoValid: [{ op: "adminGetUserProfile", as: "PRODUCT_ADMIN", query: { email: email.toUpperCase() } }],
      refusals: [
        { name: "an unknown user", req: { op: "adminGetUserProfile", as: "PRODUCT_ADMIN", query: { uuid: "00000000-0000-4000-8000-000000000000" } }, expect: [404] },
        {
          name: "an unknown e-mail",
          req: { op: "adminGetUserProfile", as: "PRODUCT_ADMIN", query: { email: `nobody.${unique()}@contract.example` } },
          expect: [404],
          check: (res) => expect(res.body.message).toBe("No patient found, please check the email."),
        },
        { name: "both uuid and email", req: { op: "adminGetUserProfile", as: "PRODUCT_ADMIN", query: { uuid, email } }, expect: [400] },
        { name: "neither uuid nor email", req: { op: "adminGetUserProfile", as: "PRODUCT_ADMIN", query: {} }, expect: [400] },
      ],
    };
  },

  async adminGetInsights() {
    return {
      req: { as: "SUPPORT" },
      verify: (res) => {
        expect(Array.isArray(res.body.organizations)).toBe(true);
        expect(res.body.organizations.length, "every organization has a row").toBeGreaterThan(0);
      },
    };
  },

  async adminGetInviteCode(w) {
    const p = await newInvitedPractitioner(w);
    return {
      req: { as: "PRODUCT_ADMIN", query: { email: p.email.toUpperCase() } },
      verify: (res) => {
        expect(res.body.email).toBe(p.email);
        expect(res.body.hasAccount).toBe(false);
      },
      refusals: [{ name: "an unknown e-mail", req: { op: "adminGetInviteCode", as: "PRODUCT_ADMIN", query: { email: `nobody.${unique()}@contract.example` } }, expect: [404] }],
    };
  },

  adminGetScanModulesOverride: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  async adminSetScanModulesOverride(w) {
    const before = (await ok({ op: "adminGetScanModulesOverride", as: "PRODUCT_ADMIN" })).organizationId as string | null;
    return {
      req: { as: "PRODUCT_ADMIN", body: { organizationId: w.orgId } },
      verify: (res) => expect(res.body.organizationId).toBe(w.orgId),
      refusals: [{ name: "an unknown organization", req: { op: "adminSetScanModulesOverride", as: "PRODUCT_ADMIN", body: { organizationId: "00000000-0000-4000-8000-000000000000" } }, expect: [404] }],
      cleanup: () => restoreOverride(before),
    };
  },

  async adminResetScanModulesOverride() {
    const before = (await ok({ op: "adminGetScanModulesOverride", as: "PRODUCT_ADMIN" })).organizationId as string | null;
    return {
      req: { as: "PRODUCT_ADMIN" },
      verify: async () => expect((await ok({ op: "adminGetScanModulesOverride", as: "PRODUCT_ADMIN", kind: "success" })).organizationId).toBeNull(),
      cleanup: () => restoreOverride(before),
    };
  },

  adminListTypeformForms: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  async adminAddTypeformForm() {
    const id = `ct${unique()}`;
    return {
      req: { as: "PRODUCT_ADMIN", body: { id, webhookConfirmed: true } },
      verify: (res) => expect(res.body).toEqual({ id, hasExerWebhookEnabled: true }),
      refusals: [
        { name: "a blank id", req: { op: "adminAddTypeformForm", as: "PRODUCT_ADMIN", body: { id: "  ", webhookConfirmed: true } }, expect: [400] },
        { name: "a form already registered and confirmed", req: { op: "adminAddTypeformForm", as: "PRODUCT_ADMIN", body: { id: (await firstOf({ op: "adminListTypeformForms", as: "PRODUCT_ADMIN" }, (f) => f.hasExerWebhookEnabled))?.id ?? id, webhookConfirmed: true } }, expect: [409] },
      ],
      generated: { arb: fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((x) => ({ as: "PRODUCT_ADMIN" as const, body: { id: `${x}${unique()}`, webhookConfirmed: true } })), numRuns: 3 },
    };
  },

  adminListUnprocessedTypeformResponses: simple("PRODUCT_ADMIN", { generatedQuery: false }),
  adminListScanClientVersions: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  async adminUpdateScanClientVersion() {
    const versions = (await ok({ op: "adminListScanClientVersions", as: "PRODUCT_ADMIN" })) as J[];
    const v = versions.find((x) => !x.isLatest);
    const latest = versions.find((x) => x.isLatest);
    expect(v, "adminUpdateScanClientVersion needs a scan client version that is not the latest").toBeTruthy();
    return {
      req: { as: "PRODUCT_ADMIN", params: { versionId: v.versionId }, body: { updateRequired: v.updateRequired } },
      verify: (res) => expect(res.body.updateRequired).toBe(v.updateRequired),
      refusals: [
        ...(latest ? [{ name: "the latest version", req: { op: "adminUpdateScanClientVersion", as: "PRODUCT_ADMIN" as const, params: { versionId: latest.versionId }, body: { updateRequired: true } }, expect: [400] }] : []),
        { name: "an unknown version", req: { op: "adminUpdateScanClientVersion", as: "PRODUCT_ADMIN", params: { versionId: "999.999.999" }, body: { updateRequired: true } }, expect: [404] },
      ],
    };
  },

  async adminListRiskFactorOutcomes(w) {
    return {
      req: { as: "PRODUCT_ADMIN", params: { orgId: w.orgId } },
      refusals: [{ name: "an unknown organization", req: { op: "adminListRiskFactorOutcomes", as: "PRODUCT_ADMIN", params: { orgId: "00000000-0000-4000-8000-000000000000" } }, expect: [404] }],
    };
  },

  async adminSaveRiskFactorOutcome(w) {
    const outcomes = (await ok({ op: "adminListRiskFactorOutcomes", as: "PRODUCT_ADMIN", params: { orgId: w.orgId } })) as J[];
    const o = outcomes[0] ?? (await ok({ op: "listRiskFactorOutcomes", as: "PROVIDER_ADMIN" }))[0];
    expect(o, "adminSaveRiskFactorOutcome needs an existing scan outcome to copy (organization A holds SCAN)").toBeTruthy();
    const org = await newOrganization(w, ["SCAN"]);
    const body = { ...o, demographicsRequired: o.demographicsRequired ?? [] };
    const other = ((await ok({ op: "listAssessments", as: "PRACTITIONER" })) as J[]).find((a) => a.id !== o.assessmentId)?.id ?? "AST-0001";
    return {
      req: { as: "PRODUCT_ADMIN", params: { orgId: org.id, assessmentId: o.assessmentId }, body },
      verify: async (res) => {
        expect(res.body.assessmentId).toBe(o.assessmentId);
        const saved = (await ok({ op: "adminListRiskFactorOutcomes", as: "PRODUCT_ADMIN", params: { orgId: org.id }, kind: "success" })) as J[];
        expect(saved.map((x) => x.assessmentId)).toContain(o.assessmentId);
      },
      refusals: [
        { name: "a body for another assessment than the path's", req: { op: "adminSaveRiskFactorOutcome", as: "PRODUCT_ADMIN", params: { orgId: org.id, assessmentId: other }, body }, expect: [400] },
        // Rules that cannot work (issue 25, ADR 031): 400 naming the path and the factor.
        {
          name: "two factors with the same criteria (they overlap)",
          req: { op: "adminSaveRiskFactorOutcome", as: "PRODUCT_ADMIN", params: { orgId: org.id, assessmentId: o.assessmentId }, body: { ...body, factors: [body.factors[0], { ...body.factors[0], category: body.factors[1]?.category ?? body.factors[0].category }, ...body.factors.slice(2)] } },
          expect: [400],
          check: (res: Res) => expect(res.body.message).toMatch(/^factors\[1\]\.criteria\[\d+\]\.conditions: factor 1 \(\w+\) and factor 2 \(\w+\) both match /),
        },
        {
          name: "a factor that can never match (> 10 and < 5)",
          req: {
            op: "adminSaveRiskFactorOutcome",
            as: "PRODUCT_ADMIN",
            params: { orgId: org.id, assessmentId: o.assessmentId },
            body: { ...body, factors: body.factors.map((f: J, i: number) => (i === 0 ? { ...f, criteria: f.criteria.map((c: J) => (["SPEED", "DISTANCE", "TIME", "REPS"].includes(c.type) ? { ...c, conditions: [{ comparator: "gt", value: 10 }, { comparator: "lt", value: 5 }] } : c)) } : f)) },
          },
          expect: [400],
          check: (res: Res) => expect(res.body.message).toMatch(/^factors\[0\]\.criteria\[\d+\]\.conditions: factor 1 \(\w+\) can never match: > 10 and < 5/),
        },
      ],
    };
  },

  adminListScanSessions: simple("PRODUCT_ADMIN", { generatedQuery: { fix: orderRange } }),

  async adminGetScanSessionArtifactSignedUrl() {
    const s = await scanSessionWithPoseLog("PRODUCT_ADMIN", "adminListScanSessions");
    return {
      req: { as: "PRODUCT_ADMIN", params: { id: s.id, artifact: "pose-log" } },
      verify: (res) => downloads(res.body.url, "application/json"),
    };
  },

  adminListGaitSessions: simple("PRODUCT_ADMIN", { generatedQuery: false }),

  // Who saw which patient (ADR 018). Reading a patient's data is recorded; the history never holds names.
  async getPatientAccessHistory(w) {
    const p = await newPatient(w);
    await ok({ op: "getPatientRecord", as: "PRACTITIONER", params: { id: p.id } });
    const practitioner = await ok({ op: "getCurrentUser", as: "PRACTITIONER" });
    return {
      req: { as: "PROVIDER_ADMIN", params: { id: p.id } },
      orgScoped: "path",
      secrets: [p.patient.lastName, p.patient.email],
      generatedQuery: true,
      verify: (res) => {
        const items = res.body.items as J[];
        expect(items.every((i) => i.patientRecordId === p.id)).toBe(true);
        expect(items, "the practitioner's read of the record is in the history").toContainEqual(expect.objectContaining({ operationId: "getPatientRecord", userId: practitioner.userId, role: "PORTAL_PRACTITIONER", status: 200 }));
        expect(items, "the creation is in the history").toContainEqual(expect.objectContaining({ operationId: "createPatientRecord", status: 201 }));
        expect(res.text, "no names in the history").not.toContain(p.patient.lastName);
      },
      alsoValid: [
        { op: "getPatientAccessHistory", as: "PRODUCT_ADMIN", params: { id: p.id } },
        { op: "getPatientAccessHistory", as: "SUPPORT", params: { id: p.id } },
      ].filter((r) => hasRole(r.as as Role)) as Req[],
      refusals: [
        {
          name: "reading the history is itself recorded",
          req: { op: "getPatientAccessHistory", as: "PROVIDER_ADMIN", params: { id: p.id }, query: { limit: 1 } },
          expect: [200],
          check: (res) => expect(res.body.items[0]).toMatchObject({ operationId: "getPatientAccessHistory", patientRecordId: p.id }),
        },
      ],
    };
  },

  async searchAccessHistory(w) {
    const p = await newPatient(w);
    await ok({ op: "getPatientRecord", as: "PRACTITIONER", params: { id: p.id } });
    const practitioner = await ok({ op: "getCurrentUser", as: "PRACTITIONER" });
    return {
      // By user: the practitioner does nothing while this list is walked, so it holds still (reads are recorded
      // under the reader, PRODUCT_ADMIN).
      req: { as: "PRODUCT_ADMIN", query: { userId: practitioner.userId } },
      generatedQuery: true,
      verify: (res) => {
        const items = res.body.items as J[];
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((i) => i.userId === practitioner.userId)).toBe(true);
      },
      alsoValid: [{ op: "searchAccessHistory", as: "PRODUCT_ADMIN", query: { patientRecordId: p.id } }],
      refusals: [
        {
          name: "by patient: the practitioner's read is found, and names never are",
          req: { op: "searchAccessHistory", as: "PRODUCT_ADMIN", query: { patientRecordId: p.id, limit: 100 } },
          expect: [200],
          check: (res) => {
            expect(res.body.items).toContainEqual(expect.objectContaining({ operationId: "getPatientRecord", userId: practitioner.userId, patientRecordId: p.id }));
            expect(res.text).not.toContain(p.patient.lastName);
          },
        },
      ],
    };
  },

  async adminGetGaitSessionPoseLogSignedUrl() {
    const sessions = (await ok({ op: "adminListGaitSessions", as: "PRODUCT_ADMIN" })) as J[];
    // The list does not tell which sessions have a pose log: try them, a few at a time.
    const s = await firstWorking(sessions, (x) => ({ op: "adminGetGaitSessionPoseLogSignedUrl", as: "PRODUCT_ADMIN", params: { id: x.id } }), 12);
    expect(s, "the suite needs a gait session with a pose log (adminListGaitSessions, last 90 days)").toBeTruthy();
    return { req: { as: "PRODUCT_ADMIN", params: { id: s!.id } }, verify: (res) => downloads(res.body.url, "application/json") };
  },
};

/** start ≤ end for generated ranges. */
function orderRange(q: Record<string, J>): Record<string, J> {
  if (q.start !== undefined && q.end !== undefined && String(q.start) > String(q.end)) return { ...q, start: q.end, end: q.start };
  return q;
}

function patientGaitUid(p: J): string {
  return p.productData?.gait?.uid ?? "";
}

async function restoreOverride(before: string | null): Promise<void> {
  if (before) await call({ op: "adminSetScanModulesOverride", as: "PRODUCT_ADMIN", body: { organizationId: before } });
  else await call({ op: "adminResetScanModulesOverride", as: "PRODUCT_ADMIN" });
}

/** A signed URL handed out by the API downloads (without a token) with the expected content type. */
async function downloads(url: string, mime: string, longLived = false): Promise<void> {
  await download(url, mime, longLived);
}

/** Downloads a signed file URL and checks status, contract and type; answers the bytes. */
async function download(url: string, mime: string, longLived = false): Promise<Buffer> {
  const { token, expires, signature } = signedParts(url);
  const res = await call({ op: "downloadSignedFile", as: null, params: { token }, query: { expires, signature }, kind: "success" });
  expect(res.status, `the signed URL ${url.replace(/signature=.*/, "signature=…")} downloads`).toBe(200);
  expect(res.problem).toBeNull();
  expect(res.contentType.split(";")[0]).toBe(mime);
  if (longLived) expect(Number(expires) * 1000).toBeGreaterThan(Date.now() + 86_400_000);
  return res.bytes;
}

/** A stored logo is a PNG of 250x140 (whatever was uploaded): its signature and IHDR width and height. */
async function expectLogo(url: string): Promise<void> {
  const png = await download(url, "image/png", true);
  expect(png.subarray(0, 8).equals(PNG_1x1.subarray(0, 8)), "the stored logo is a PNG").toBe(true);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)], "the stored logo is 250x140").toEqual([250, 140]);
}

