/**
 * What the suite needs to know about the deployment, learned from the API itself (never from its database):
 * the roles' profiles and organizations, a practitioner's locations, the exercise library, today's date in the
 * organization's time zone. And factories of scratch records (created through the API, marked "Contract", and
 * removed afterwards where the API can remove them).
 */
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, expect } from "vitest";
import { call, expectSuccess, hasRole, ok, type J, type Req } from "./client.js";
import { target } from "./env.js";
import type { Role } from "./target.js";

export interface World {
  me: Partial<Record<Role, J>>;
  /** Organization A (PRACTITIONER, PROVIDER_ADMIN, NO_GROUPS). */
  orgId: string;
  orgName: string;
  timezone: string;
  /** Organization B (OTHER_ORG). */
  otherOrgId: string;
  /** A location of PRACTITIONER. */
  pracLocationId: string;
  /** PRACTITIONER's practitioner id. */
  practitionerId: string;
  /** PRACTITIONER2's locations don't include pracLocationId (the location-scope checks need it). */
  practitioner2Elsewhere: boolean;
  /** Complete exercise ids of the library. */
  exercises: string[];
  /** The metrics (REPS, TIME, ROM) each complete exercise is measured by: a goal must be one of them. */
  exerciseMetrics: Record<string, string[]>;
  /** YYYY-MM-DD in the organization's time zone. */
  today: string;
  daysFromToday(n: number): string;
  /** A short string unique to this run and call. */
  unique(): string;
}

// Each test file imports this module afresh (its counter starts at 0 again): the file's own salt (the
// millisecond it was loaded, base 36) keeps one file's values apart from another's in the same run.
const fileSalt = (Date.now() % 46_656).toString(36).padStart(3, "0");
let counter = 0;
export const unique = () => `${target().runId}${fileSalt}${(counter++).toString(36)}`;

export function dateIn(timezone: string, offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

let worldPromise: Promise<World> | undefined;

export function getWorld(): Promise<World> {
  worldPromise ??= discover();
  return worldPromise;
}

/**
 * A test file's world: learned before the file's tests (`beforeAll`) and its scratch records removed after them
 * (`afterAll`, `cleanupScratch`). Call it at the top of the file; read the world inside tests and hooks.
 */
export function fileWorld(): World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await getWorld();
  });
  afterAll(cleanupScratch);
  return new Proxy({} as World, {
    get(_, key) {
      if (!world) throw new Error("the world is learned before the file's tests: read it inside a test or a hook");
      return world[key as keyof World];
    },
  });
}

async function discover(): Promise<World> {
  const me: Partial<Record<Role, J>> = {};
  for (const role of ["PRACTITIONER", "PROVIDER_ADMIN", "OTHER_ORG", "PRODUCT_ADMIN", "PRACTITIONER2"] as const) {
    if (!hasRole(role)) continue;
    const res = await call({ op: "getCurrentUser", as: role });
    if (res.status === 200) me[role] = res.body;
  }
  const admin = me.PROVIDER_ADMIN;
  const prac = me.PRACTITIONER;
  const other = me.OTHER_ORG;
  expect(admin, "getCurrentUser as PROVIDER_ADMIN must answer 200 (the suite learns organization A from it)").toBeTruthy();
  expect(prac, "getCurrentUser as PRACTITIONER must answer 200").toBeTruthy();
  expect(other, "getCurrentUser as OTHER_ORG must answer 200").toBeTruthy();
  expect(prac.organization.id, "PRACTITIONER and PROVIDER_ADMIN must be of the same organization").toBe(admin.organization.id);
  expect(other.organization.id, "OTHER_ORG must be of another organization").not.toBe(admin.organization.id);
  expect(prac.locations.length, "PRACTITIONER needs at least one location").toBeGreaterThan(0);
  const timezone: string = admin.organization.timezone ?? "America/Denver";
  const library = (await ok({ op: "listExercises", as: "PRACTITIONER", query: { completeness: "COMPLETE" } })) as J[];
  const exerciseMetrics = Object.fromEntries(library.map((e) => [e.id as string, ((e.exerciseMetrics ?? []) as J[]).map((m) => String(m.metric))]));
  // Exercises measured by REPS first (the simplest valid goal), then the others.
  const exercises = [...library.filter((e) => exerciseMetrics[e.id]!.includes("REPS")), ...library.filter((e) => !exerciseMetrics[e.id]!.includes("REPS"))].map((e) => e.id as string);
  expect(exercises.length, "the exercise library must have complete exercises").toBeGreaterThan(2);
  const pracLocationId: string = prac.locations[0].id;
  const p2 = me.PRACTITIONER2;
  return {
    me,
    orgId: admin.organization.id,
    orgName: admin.organization.name,
    timezone,
    otherOrgId: other.organization.id,
    pracLocationId,
    practitionerId: prac.practitionerId,
    practitioner2Elsewhere: !!p2 && p2.organization.id === admin.organization.id && !p2.locations.some((l: J) => l.id === pracLocationId),
    exercises,
    exerciseMetrics,
    today: dateIn(timezone),
    daysFromToday: (n) => dateIn(timezone, n),
    unique,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Scratch records

const cleanups: (() => Promise<unknown>)[] = [];

/** Registers an undo step (run by `cleanupScratch`, newest first). */
export const onCleanup = (fn: () => Promise<unknown>) => cleanups.push(fn);

export async function cleanupScratch(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    await fn().catch(() => {});
  }
}

export const phoneFor = (n: number) => `(303) 555-${String(1000 + (n % 9000)).padStart(4, "0")}`;

export function patientBody(w: World, overrides: Record<string, unknown> = {}): J {
  const u = w.unique();
  return {
    firstName: "Contract",
    lastName: `Patient ${u}`,
    email: `contract.patient.${u}@contract.example`,
    phoneNumber: phoneFor(counter),
    injuredSideOfBody: "LEFT",
    injuredBodyPart: "KNEE",
    dob: "1980-05-17",
    locationId: w.pracLocationId,
    products: ["HEALTH", "GAIT", "PRO"],
    gaitUid: `CT-${u}`,
    ...overrides,
  };
}

/** A patient at PRACTITIONER's location (visible to PRACTITIONER and PROVIDER_ADMIN), deleted afterwards. */
export async function newPatient(w: World, overrides: Record<string, unknown> = {}, as: Role = "PRACTITIONER"): Promise<J> {
  const p = await ok({ op: "createPatientRecord", as, body: patientBody(w, overrides) });
  onCleanup(() => call({ op: "deletePatientRecord", as: "PROVIDER_ADMIN", params: { id: p.id } }));
  return p;
}

/** A valid goal for an exercise (one of the metrics it is measured by). */
export function goalFor(w: World, exerciseId: string, i = 0): J {
  const m = w.exerciseMetrics[exerciseId] ?? [];
  if (m.includes("TIME") && (i % 2 === 1 || !m.includes("REPS"))) return { goalType: "TIME", time: 30 };
  if (m.includes("REPS")) return { goalType: "REPS", reps: 10 };
  return { goalType: "ROM" };
}

export const blocksFor = (w: World, n = 2): J[] => w.exercises.slice(0, n).map((exerciseId, i) => ({ exerciseId, numSets: 2 + (i % 3), setGoal: goalFor(w, exerciseId, i) }));

export function programBody(w: World, overrides: Record<string, unknown> = {}): J {
  return { name: `Contract program ${w.unique()}`, notes: "Made by the contract suite.", dailyFrequency: 2, weeklyFrequency: 5, blocks: blocksFor(w), ...overrides };
}

export async function newTemplate(w: World, as: Role = "PRACTITIONER"): Promise<J> {
  const { templateId: _t, ...body } = programBody(w, { name: `Contract template ${w.unique()}` });
  const t = await ok({ op: "createTemplate", as, body });
  onCleanup(() => call({ op: "deleteTemplate", as: "PROVIDER_ADMIN", params: { id: t.id } }));
  return t;
}

export async function newProgram(w: World, as: Role = "PRACTITIONER"): Promise<J> {
  return ok({ op: "createProgram", as, body: programBody(w) });
}

export async function newLocation(w: World): Promise<J> {
  return ok({ op: "createLocation", as: "PROVIDER_ADMIN", body: { name: `Contract location ${w.unique()}`, timezone: "America/Denver", city: "Denver", stateCode: "CO", zipCode: "80202" } });
}

export async function newInvitedPractitioner(w: World, overrides: Record<string, unknown> = {}): Promise<J> {
  const u = w.unique();
  const p = await ok({
    op: "invitePractitioner",
    as: "PROVIDER_ADMIN",
    body: { firstName: "Contract", lastName: `Provider ${u}`, email: `contract.provider.${u}@contract.example`, role: "PORTAL_PRACTITIONER", locationIds: [w.pracLocationId], ...overrides },
  });
  onCleanup(() => call({ op: "deletePractitioner", as: "PROVIDER_ADMIN", params: { id: p.id } }));
  return p;
}

export async function newCareNote(w: World, patientId: string, as: Role = "PRACTITIONER"): Promise<J> {
  return ok({ op: "createCareNote", as, params: { id: patientId }, body: { date: w.today, minutes: 12, notes: `Contract note ${w.unique()}` } });
}

export function organizationBody(w: World, products: string[] = ["HEALTH", "SCAN"]): J {
  const u = w.unique();
  return {
    orgName: `Contract Org ${u}`,
    timezone: "America/Denver",
    products,
    practitioner: { firstName: "Contract", lastName: `Admin ${u}`, email: `contract.orgadmin.${u}@contract.example`, role: "PORTAL_PROVIDER_ADMIN" },
    location: { name: `Contract HQ ${u}`, timezone: "America/Denver", city: "Denver", stateCode: "CO", zipCode: "80202" },
  };
}

export async function newOrganization(w: World, products?: string[]): Promise<J> {
  return ok({ op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body: organizationBody(w, products) });
}

/** The first item of a list operation (array or paged), as a role, or undefined. */
export async function firstOf(req: Req, pick: (x: J) => boolean = () => true): Promise<J | undefined> {
  const res = await call(req);
  const body = expectSuccess(res);
  const items: J[] = Array.isArray(body) ? body : (body?.items ?? []);
  return items.find(pick);
}

/** Tries candidates (a few at a time) until the request answers 2xx (kind setup); answers the first that does. */
export async function firstWorking<T>(candidates: T[], req: (c: T) => Req, parallel = 1): Promise<T | undefined> {
  for (let i = 0; i < candidates.length; i += parallel) {
    const batch = candidates.slice(i, i + parallel);
    const results = await Promise.all(batch.map((c) => call({ ...req(c), kind: "setup" })));
    const hit = results.findIndex((res) => res.status >= 200 && res.status < 300);
    if (hit >= 0) return batch[hit];
  }
  return undefined;
}

/** A 1×1 PNG. */
export const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `size`×`size` pixels, all black (20000² = 400
 * megapixels in ~60 KB). Built by hand so the suite needs no image library.
 */
export function pngBomb(size = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const row = 1 + Math.ceil(size / 8); // filter byte + packed pixels
  const raw = Buffer.alloc(row * size); // zeros: filter none, black pixels
  return Buffer.concat([PNG_1x1.subarray(0, 8), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]);
}

/** The first half of a file's bytes (a PNG's header intact, its image data cut). */
export const firstHalf = (data: Buffer) => data.subarray(0, Math.floor(data.length / 2));
