import { createHash } from "node:crypto";
import { bulkInsert, type Db } from "../db/db.js";
import { insertColumns } from "./bulk.js";
import type { CoreWorld, Rng, SeedContext, SeedLocation, SeedOrganization, SeedPatient, SeedPractitioner } from "./context.js";
import { dayOffset } from "./context.js";
import { demoAccounts, type DemoAccount } from "./demo-accounts.js";
import { FIRST_NAMES, LAST_NAMES } from "./names.js";
import { npiCheckDigit, type Credential } from "../../../app/domain/rtm-claim.js";

/**
 * The core seed: the organizations, locations, practitioners (providers) and patients every area's demo
 * data hangs off. Deterministic: randomness comes only from `ctx.rng("core")`, dates from `ctx.today`, and
 * the ids of organizations, locations and demo accounts are derived from stable names (they stay the same
 * between the demo and the large world and across changes of the generator).
 *
 * The demo world (`ctx.world === "demo"`): five organizations keyed as in demo-accounts.ts —
 * - frontRange: all four products, five locations in five US timezones, supports SSO;
 * - scanOnly: SCAN only (no patient records: scan participants are the scan area's);
 * - research: a research organization with SCAN and GAIT;
 * - disabled: a disabled HEALTH organization (all its patients discharged when it was disabled);
 * - internal: the product company's staff organization;
 * every demo account with exactly its userId, e-mail, names and role, ~10 more providers per organization
 * (some only invited; the frontRange invitee Jordan Ellis has the fixed code DEMO-INVITE-0001), and 542
 * patients with product mixes, account and discharge states and plans of care.
 * The large world: the same organizations and providers plus 100,000 patients.
 */

/** The fixed invite code of the demo invitee (sign-up flow demos and tests). */
export const DEMO_INVITE_CODE = "DEMO-INVITE-0001";
export const DEMO_INVITEE = { firstName: "Jordan", lastName: "Ellis", email: "jordan.ellis@frontrange.example" } as const;

type OrgKey = DemoAccount["organization"];
type Role = SeedPractitioner["role"];
type Product = "HEALTH" | "GAIT" | "PRO" | "SCAN";

/** A v4-shaped UUID derived from a name: stable ids for the fixed parts of the world. */
export function stableUuid(name: string): string {
  const h = createHash("sha256").update(`exer-seed:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface LocationSpec {
  name: string;
  timezone: string;
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string;
  zipCode: string;
  keyword: string | null;
  areaCode: string;
  /** Relative share of the organization's patients. */
  weight: number;
}

interface OrgSpec {
  key: OrgKey;
  name: string;
  timezone: string;
  products: Product[];
  isResearch: boolean;
  disabled: boolean;
  isInternal: boolean;
  supportsSso: boolean;
  domain: string;
  locations: LocationSpec[];
  /** Extra providers besides the demo accounts: roles in order; `invited` of them only invited. */
  extraRoles: Role[];
  invited: number;
  /** Patients in the demo world and in the large world. */
  patients: { demo: number; large: number };
  /** Product mixes of the organization's patients with their weights. */
  mixes: [Product[], number][];
}

const loc = (name: string, timezone: string, address1: string, address2: string | null, city: string, stateCode: string, zipCode: string, keyword: string | null, areaCode: string, weight = 1): LocationSpec =>
  ({ name, timezone, address1, address2, city, stateCode, zipCode, keyword, areaCode, weight });

const P = "PORTAL_PRACTITIONER" as const;
const A = "PORTAL_PROVIDER_ADMIN" as const;

export const ORG_SPECS: OrgSpec[] = [
  {
    key: "frontRange", name: "Front Range Physical Therapy", timezone: "America/Denver", products: ["HEALTH", "GAIT", "PRO", "SCAN"],
    isResearch: false, disabled: false, isInternal: false, supportsSso: true, domain: "frontrange.example",
    locations: [
      loc("Denver Downtown Clinic", "America/Denver", "1600 Champa St", "Suite 300", "Denver", "CO", "80202", "DENVERDT", "303", 3),
      loc("Scottsdale Clinic", "America/Phoenix", "7014 E Camelback Rd", null, "Scottsdale", "AZ", "85251", "SCOTTSDALE", "480", 2),
      loc("Chicago Loop Clinic", "America/Chicago", "55 W Monroe St", "Floor 12", "Chicago", "IL", "60603", "CHILOOP", "312", 2),
      loc("Brooklyn Heights Clinic", "America/New_York", "142 Montague St", null, "Brooklyn", "NY", "11201", null, "718", 1),
      loc("Santa Monica Clinic", "America/Los_Angeles", "1333 2nd St", "Suite 110", "Santa Monica", "CA", "90401", "SANTAMONICA", "310", 1),
    ],
    extraRoles: [A, P, P, P, P, P, P, P, P, P, P, P], invited: 3,
    patients: { demo: 440, large: 90_000 },
    mixes: [[["HEALTH"], 35], [["GAIT"], 20], [["HEALTH", "GAIT"], 20], [["PRO"], 10], [["HEALTH", "PRO"], 15]],
  },
  {
    key: "scanOnly", name: "Summit Scan Labs", timezone: "America/Denver", products: ["SCAN"],
    isResearch: false, disabled: false, isInternal: false, supportsSso: false, domain: "scanonly.example",
    locations: [
      loc("Summit Scan Lab Boulder", "America/Denver", "2555 55th St", null, "Boulder", "CO", "80301", "SUMMITBLD", "303"),
      loc("Summit Scan Lab Salt Lake City", "America/Denver", "350 S 400 E", "Unit 2", "Salt Lake City", "UT", "84111", "SUMMITSLC", "801"),
    ],
    extraRoles: [A, P, P, P, P, P, P, P, P, P], invited: 2,
    patients: { demo: 0, large: 0 },
    mixes: [],
  },
  {
    key: "research", name: "Rocky Mountain Movement Research Institute", timezone: "America/Denver", products: ["GAIT", "SCAN"],
    isResearch: true, disabled: false, isInternal: false, supportsSso: false, domain: "research.example",
    locations: [
      loc("Motion Lab", "America/Denver", "1250 14th St", "Lab 4", "Denver", "CO", "80202", "MOTIONLAB", "720", 2),
      loc("Fort Collins Field Site", "America/Denver", "200 W Oak St", null, "Fort Collins", "CO", "80521", null, "970"),
    ],
    extraRoles: [A, P, P, P, P, P, P, P, P, P], invited: 2,
    patients: { demo: 60, large: 6_000 },
    mixes: [[["GAIT"], 1]],
  },
  {
    key: "disabled", name: "Closed Clinic Physical Therapy", timezone: "America/Chicago", products: ["HEALTH"],
    isResearch: false, disabled: true, isInternal: false, supportsSso: false, domain: "closedclinic.example",
    locations: [
      loc("Closed Clinic Main Street", "America/Chicago", "410 Main St", null, "Kansas City", "MO", "64105", null, "816"),
    ],
    extraRoles: [A, P, P, P, P, P, P, P, P, P], invited: 1,
    patients: { demo: 30, large: 3_000 },
    mixes: [[["HEALTH"], 1]],
  },
  {
    key: "internal", name: "Exer Labs", timezone: "America/Denver", products: ["HEALTH", "GAIT", "PRO", "SCAN"],
    isResearch: false, disabled: false, isInternal: true, supportsSso: true, domain: "exer.example",
    locations: [
      loc("Exer HQ", "America/Denver", "1800 Wazee St", "Suite 200", "Denver", "CO", "80202", "EXERHQ", "303"),
    ],
    extraRoles: ["EXER_ADMIN", "EXER_ADMIN", "EXER_SUPPORT", "EXER_SUPPORT", "EXER_SUPPORT", "EXER_SUPPORT", A, P, P, P], invited: 2,
    patients: { demo: 12, large: 1_000 },
    mixes: [[["HEALTH"], 2], [["GAIT"], 1], [["HEALTH", "GAIT"], 1]],
  },
];

/** Demo-account locations (indexes into the organization's locations). practitioner@frontrange: exactly two. */
const DEMO_ACCOUNT_LOCATIONS: Record<string, number[]> = {
  "practitioner@frontrange.example": [0, 1],
  "admin@frontrange.example": [0],
  "practitioner2@frontrange.example": [2],
  "scan@scanonly.example": [0],
  "research@research.example": [0],
  "disabled@closedclinic.example": [0],
  "productadmin@exer.example": [0],
  "support@exer.example": [0],
  "nogroups@frontrange.example": [0],
};

const ROLE_ORDER: Role[] = ["EXER_ADMIN", "EXER_SUPPORT", "PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"];
/** A demo account's role: its highest group; the account without groups is a practitioner in the database. */
const demoRole = (a: DemoAccount): Role => ROLE_ORDER.find((r) => a.groups.includes(r)) ?? "PORTAL_PRACTITIONER";

/** Demo accounts without groups have no portal access: never a patient's primary provider. */
const noPortalAccess = new Set(demoAccounts.filter((a) => a.groups.length === 0).map((a) => a.userId));

const asciiCache = new Map<string, string>();
/** A name as the local part of an e-mail address (accents dropped, letters only, lower case). */
const ascii = (s: string) => {
  let a = asciiCache.get(s);
  if (a === undefined) asciiCache.set(s, (a = s.normalize("NFD").replace(/[^A-Za-z]/g, "").toLowerCase()));
  return a;
};

/** Rows beyond the CoreWorld shapes that the tables need (addresses, invites, dob, plans). */
interface LocationRowExtra extends SeedLocation { spec: LocationSpec; defaultProviderId: string | null }
interface PractitionerRowExtra extends SeedPractitioner { invitedAt: string | null; useSso: boolean; createdAt: string }
/** Patient columns beyond SeedPatient, in an array parallel to the patients (no per-patient copies). */
interface PatientExtra { dob: string | null; inviteSentAt: string | null }
interface PlanRow { id: string; patientId: string; start: string; end: string | null; products: string[]; createdAt: string }

interface BuiltWorld {
  core: CoreWorld;
  /** Creation time of the organizations and locations (a year before today). */
  foundedAt: string;
  locations: LocationRowExtra[];
  practitioners: PractitionerRowExtra[];
  patientExtras: PatientExtra[];
  plans: PlanRow[];
}


const BODY_PARTS = ["SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"] as const;
const pad = (n: number, width: number) => String(n).padStart(width, "0");

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
/**
 * A v4-shaped UUID from four draws of the seed's stream (rng.uuid() draws once per hex digit, too slow
 * for the 100k world). Each draw is a uniform 32-bit value.
 */
function fastUuid(rng: Rng): string {
  // Integer-to-hex of values ≥ 2^31 is slow in V8 (they are doubles): go through a byte table instead.
  const w = () => {
    const v = Math.floor(rng.next() * 4294967296);
    return HEX[(v >>> 24) & 255]! + HEX[(v >>> 16) & 255]! + HEX[(v >>> 8) & 255]! + HEX[v & 255]!;
  };
  const a = w(), b = w(), c = w(), d = w();
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${"89ab"[parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

/** Builds the world in memory (no database): pure and deterministic for a given rng, today and world. */
export function buildCoreWorld(opts: { rng: Rng; today: Date; world: "demo" | "large" }): BuiltWorld {
  const { rng, today, world } = opts;
  // Dates and instants as strings, built without Date objects per row (the 100k world makes ~500k of them).
  const dayCache = new Map<number, string>();
  const day = (offset: number) => {
    let d = dayCache.get(offset);
    if (d === undefined) dayCache.set(offset, (d = dayOffset(today, offset)));
    return d;
  };
  /** An instant `daysAgo` days before today at `secondsIntoDay` (UTC, 0 ≤ seconds < 86400). */
  const instant = (daysAgo: number, secondsIntoDay: number) =>
    `${day(-daysAgo)}T${pad(Math.floor(secondsIntoDay / 3600), 2)}:${pad(Math.floor(secondsIntoDay / 60) % 60, 2)}:${pad(secondsIntoDay % 60, 2)}.000Z`;

  const organizations: SeedOrganization[] = [];
  const locations: LocationRowExtra[] = [];
  const practitioners: PractitionerRowExtra[] = [];
  const usedEmails = new Set<string>(demoAccounts.map((a) => a.email.toLowerCase()));
  usedEmails.add(DEMO_INVITEE.email);
  const locationsByOrg = new Map<OrgKey, LocationRowExtra[]>();

  for (const spec of ORG_SPECS) {
    const orgId = stableUuid(`organization:${spec.key}`);
    organizations.push({
      id: orgId, name: spec.name, timezone: spec.timezone, products: [...spec.products],
      isResearch: spec.isResearch, disabled: spec.disabled, isInternal: spec.isInternal,
    });
    const orgLocations = spec.locations.map((l, i): LocationRowExtra => ({
      id: stableUuid(`location:${spec.key}:${i}`), organizationId: orgId, name: l.name, timezone: l.timezone, spec: l, defaultProviderId: null,
    }));
    locations.push(...orgLocations);
    locationsByOrg.set(spec.key, orgLocations);

    // Demo accounts of this organization, exactly as demo-accounts.ts describes them.
    for (const a of demoAccounts.filter((d) => d.organization === spec.key)) {
      practitioners.push({
        id: stableUuid(`practitioner:${a.userId}`), organizationId: orgId, userId: a.userId, role: demoRole(a),
        firstName: a.firstName, lastName: a.lastName, email: a.email,
        locationIds: (DEMO_ACCOUNT_LOCATIONS[a.email] ?? [0]).map((i) => orgLocations[i]!.id),
        inviteCode: null, invitedAt: null, useSso: false, createdAt: instant(180, 9 * 3600),
      });
    }
    // The fixed demo invitee (sign-up flow): invited only, at the Denver clinic.
    if (spec.key === "frontRange") {
      practitioners.push({
        id: stableUuid("practitioner:demo-invitee"), organizationId: orgId, userId: null, role: "PORTAL_PRACTITIONER",
        firstName: DEMO_INVITEE.firstName, lastName: DEMO_INVITEE.lastName, email: DEMO_INVITEE.email,
        locationIds: [orgLocations[0]!.id], inviteCode: DEMO_INVITE_CODE, invitedAt: instant(3, 15 * 3600), useSso: false, createdAt: instant(3, 15 * 3600),
      });
    }
    // Extra providers: the last `invited` of them are only invited (no userId yet).
    spec.extraRoles.forEach((role, i) => {
      let first: string, last: string, email: string;
      do {
        first = rng.pick(FIRST_NAMES);
        last = rng.pick(LAST_NAMES);
        email = `${ascii(first)}.${ascii(last)}@${spec.domain}`;
      } while (usedEmails.has(email));
      usedEmails.add(email);
      const invitedOnly = i >= spec.extraRoles.length - spec.invited;
      const n = orgLocations.length;
      const locIdx = new Set<number>();
      if (role === "PORTAL_PRACTITIONER") {
        locIdx.add(i % n); // round robin so every location has providers
        if (n > 1 && rng.chance(0.35)) locIdx.add(rng.int(0, n - 1));
      } else if (rng.chance(0.5)) locIdx.add(rng.int(0, n - 1));
      const daysAgo = invitedOnly ? rng.int(1, 20) : rng.int(30, 170);
      const at = instant(daysAgo, rng.int(8 * 3600, 17 * 3600));
      const code = Array.from({ length: 16 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"[rng.int(0, 56)]).join("");
      practitioners.push({
        id: rng.uuid(), organizationId: orgId, userId: invitedOnly ? null : rng.uuid(), role, firstName: first, lastName: last, email,
        locationIds: [...locIdx].sort((a, b) => a - b).map((k) => orgLocations[k]!.id),
        inviteCode: code, invitedAt: at, useSso: spec.supportsSso && rng.chance(0.5), createdAt: at,
      });
    });
    // Default providers: the first current practitioner working at each location (one location keeps none).
    orgLocations.forEach((l, i) => {
      if (spec.key === "frontRange" && i === orgLocations.length - 1) return;
      const p = practitioners.find((x) => x.organizationId === orgId && x.userId && x.role === "PORTAL_PRACTITIONER" && x.locationIds.includes(l.id));
      l.defaultProviderId = p?.id ?? null;
    });
  }

  // Patients.
  const patients: SeedPatient[] = [];
  const patientExtras: PatientExtra[] = [];
  const plans: PlanRow[] = [];
  let gaitSeq = 0;
  const emailDomains = ["example.com", "example.org", "example.net"];
  for (const spec of ORG_SPECS) {
    const count = spec.patients[world];
    if (count === 0) continue;
    const org = organizations.find((o) => o.id === stableUuid(`organization:${spec.key}`))!;
    const orgLocations = locationsByOrg.get(spec.key)!;
    // Primary providers: current practitioners and provider admins (not the demo account without groups).
    const current = practitioners.filter((p) => p.organizationId === org.id && p.userId && (p.role === "PORTAL_PRACTITIONER" || p.role === "PORTAL_PROVIDER_ADMIN")
      && !noPortalAccess.has(p.userId));
    const providersAt = new Map(orgLocations.map((l) => {
      const here = current.filter((p) => p.locationIds.includes(l.id));
      return [l.id, here.length > 0 ? here : current] as const;
    }));
    const locationWeights = orgLocations.map((l) => [l, l.spec.weight] as [LocationRowExtra, number]);
    for (let i = 0; i < count; i++) {
      const location = rng.weighted(locationWeights);
      const practitioner = rng.pick(providersAt.get(location.id)!);
      const products = [...rng.weighted(spec.mixes)];
      const isHealth = products.includes("HEALTH");
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const seq = patients.length + 1;
      const email = isHealth || rng.chance(0.7) ? `${ascii(firstName)}.${ascii(lastName)}${seq}@${rng.pick(emailDomains)}` : null;
      const phoneNumber = products.includes("PRO") || rng.chance(0.6) ? `+1${location.spec.areaCode}555${pad(rng.int(0, 9999), 4)}` : null;
      const dob = rng.chance(0.9) ? `${rng.int(1938, 2006)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}` : null;
      const gaitUid = products.includes("GAIT") ? `GT-${pad(++gaitSeq, 4)}` : null;
      const injuredSideOfBody = isHealth ? rng.weighted<string>([["LEFT", 4], ["RIGHT", 4], ["BOTH", 1]]) : null;
      const injuredBodyPart = isHealth ? rng.pick(BODY_PARTS) : null;

      // Created over the last 120 days (the disabled organization's patients before it was disabled).
      const createdDaysAgo = spec.disabled ? rng.int(20, 120) : rng.int(1, 120);
      const createdSecond = rng.int(7 * 3600, 19 * 3600);
      const createdAt = instant(createdDaysAgo, createdSecond);
      const id = fastUuid(rng);

      // Plans of care: 10% of the older patients had an earlier plan, ended, then a new one.
      let planStartDaysAgo = createdDaysAgo;
      if (createdDaysAgo >= 60 && rng.chance(0.1)) {
        const endDaysAgo = createdDaysAgo - rng.int(14, 30);
        plans.push({ id: fastUuid(rng), patientId: id, start: day(-createdDaysAgo), end: day(-endDaysAgo), products, createdAt });
        planStartDaysAgo = endDaysAgo - rng.int(1, 10);
      }
      const planStart = day(-planStartDaysAgo);

      // Discharge: the disabled organization discharged everyone 10 days ago; elsewhere 15% in the past and
      // 8% scheduled within the next 28 days.
      let dischargeDate: string | null = null;
      if (spec.disabled) dischargeDate = day(-10);
      else {
        const r = rng.next();
        if (r < 0.15 && planStartDaysAgo >= 3) dischargeDate = day(-rng.int(1, planStartDaysAgo - 1));
        else if (r >= 0.15 && r < 0.23) dischargeDate = day(rng.int(1, 28));
      }

      // Health account states: no account yet (20%), invite sent (25%), has an account (55%).
      let hasAccount = false;
      let inviteSentAt: string | null = null;
      if (isHealth) {
        const r = rng.next();
        if (r >= 0.2) inviteSentAt = instant(createdDaysAgo, createdSecond + 3600);
        if (r >= 0.45) hasAccount = true;
      }

      plans.push({ id: fastUuid(rng), patientId: id, start: planStart, end: dischargeDate, products, createdAt: instant(planStartDaysAgo, 8 * 3600) });
      patients.push({
        id, organizationId: org.id, locationId: location.id, practitionerId: practitioner.id, firstName, lastName, email, phoneNumber,
        products, hasAccount, planStart, dischargeDate, gaitUid, injuredSideOfBody, injuredBodyPart, createdAt,
      });
      patientExtras.push({ dob, inviteSentAt });
    }
  }
  const core: CoreWorld = {
    organizations,
    locations: locations.map(({ id, organizationId, name, timezone }) => ({ id, organizationId, name, timezone })),
    practitioners: practitioners.map(({ id, organizationId, userId, role, firstName, lastName, email, locationIds, inviteCode }) =>
      ({ id, organizationId, userId, role, firstName, lastName, email, locationIds, inviteCode })),
    patients,
  };
  return { core, foundedAt: instant(365, 9 * 3600), locations, practitioners, patientExtras, plans };
}

/**
 * A provider's NPI and credential (issue 32, ADR 044), derived from the id so the world's random draws stay as they
 * were: a valid NPI (1 + eight digits of the id's hash + the Luhn check digit over 80840); every fourth extra
 * practitioner is a PTA, everyone else a PT (the demo accounts included).
 */
export function seedClaimFacts(p: Pick<SeedPractitioner, "id" | "userId" | "role">, extraIndex: number | null): { npi: string; credential: Credential } {
  const digits = BigInt(`0x${createHash("sha256").update(`npi:${p.id}`).digest("hex").slice(0, 15)}`).toString().padStart(8, "0").slice(-8);
  const first9 = `1${digits}`;
  const credential: Credential = extraIndex !== null && p.role === "PORTAL_PRACTITIONER" && extraIndex % 4 === 3 ? "PTA" : "PT";
  return { npi: `${first9}${npiCheckDigit(first9)}`, credential };
}

async function insertWorld(db: Db, w: BuiltWorld, lap: (label: string) => void): Promise<void> {
  const specByOrg = new Map(ORG_SPECS.map((s) => [stableUuid(`organization:${s.key}`), s]));
  await bulkInsert(db, "organizations", ["id", "name", "timezone", "products", "disabled", "is_research", "is_internal", "supports_sso", "created_at"],
    w.core.organizations.map((o) => [o.id, o.name, o.timezone, o.products, o.disabled, o.isResearch, o.isInternal, specByOrg.get(o.id)!.supportsSso, w.foundedAt]));
  await bulkInsert(db, "practitioners",
    ["id", "organization_id", "user_id", "first_name", "last_name", "email", "role", "added_as_role", "invite_code", "invited_at", "use_sso", "created_at", "npi", "credential"],
    w.practitioners.map((p, i) => {
      const claim = seedClaimFacts(p, demoAccounts.some((a) => a.userId === p.userId) ? null : i);
      return [p.id, p.organizationId, p.userId, p.firstName, p.lastName, p.email, p.role, p.role, p.inviteCode, p.invitedAt, p.useSso, p.createdAt, claim.npi, claim.credential];
    }));
  await bulkInsert(db, "locations",
    ["id", "organization_id", "name", "address1", "address2", "city", "state_code", "country_code", "zip_code", "timezone", "keyword", "contact_list", "default_provider_id", "created_at"],
    w.locations.map((l) => {
      const domain = specByOrg.get(l.organizationId)!.domain;
      return [l.id, l.organizationId, l.name, l.spec.address1, l.spec.address2, l.spec.city, l.spec.stateCode, "US", l.spec.zipCode, l.timezone,
        l.spec.keyword, l.spec.keyword ? [`frontdesk+${l.spec.keyword.toLowerCase()}@${domain}`] : [], l.defaultProviderId, w.foundedAt];
    }));
  await bulkInsert(db, "practitioner_locations", ["practitioner_id", "location_id"], w.practitioners.flatMap((p) => p.locationIds.map((l) => [p.id, l])));
  lap("organizations, providers, locations");
  // The big tables: one parameter per column (unnest), so the 100k world inserts in seconds.
  await insertColumns(db, "patient_records", [
    { name: "id", type: "uuid" }, { name: "organization_id", type: "uuid", lookup: true }, { name: "location_id", type: "uuid", lookup: true },
    { name: "practitioner_id", type: "uuid", lookup: true },
    { name: "first_name", type: "text" }, { name: "last_name", type: "text" }, { name: "email", type: "text" }, { name: "phone_number", type: "text" },
    { name: "dob", type: "date" }, { name: "has_account", type: "boolean" }, { name: "invite_sent_at", type: "timestamptz" }, { name: "products", type: "text[]" },
    { name: "injured_side_of_body", type: "text" }, { name: "injured_body_part", type: "text" }, { name: "gait_uid", type: "text" },
    { name: "discharge_date", type: "date" }, { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz", sameAs: "created_at" },
  ], w.core.patients.map((p, i) => [p.id, p.organizationId, p.locationId, p.practitionerId, p.firstName, p.lastName, p.email, p.phoneNumber,
    w.patientExtras[i]!.dob, p.hasAccount, w.patientExtras[i]!.inviteSentAt, p.products, p.injuredSideOfBody, p.injuredBodyPart, p.gaitUid, p.dischargeDate, p.createdAt, null]));
  lap("patient records");
  await insertColumns(db, "plans_of_care", [
    { name: "id", type: "uuid" }, { name: "patient_record_id", type: "uuid" }, { name: "start_date", type: "date" }, { name: "end_date", type: "date" },
    { name: "products", type: "text[]" }, { name: "created_at", type: "timestamptz" },
  ], w.plans.map((p) => [p.id, p.patientId, p.start, p.end, p.products, p.createdAt]));
  lap("plans of care");
}

/** Seeds the core world into an empty, migrated database and returns it for the area seeders. */
export async function seedCore(ctx: Omit<SeedContext, "core">): Promise<CoreWorld> {
  let t = Date.now();
  const timings: string[] = [];
  const lap = (label: string) => {
    timings.push(`${label} ${Date.now() - t} ms`);
    t = Date.now();
  };
  const built = buildCoreWorld({ rng: ctx.rng("core"), today: ctx.today, world: ctx.world });
  lap("generated");
  await ctx.db.tx(async (db) => {
    // The generated world is consistent by construction: skip the per-row foreign-key triggers where the
    // database lets us (superuser, as in the embedded database); about a third of the time of the 100k world.
    const su = await db.one<{ su: boolean }>("SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user");
    if (su?.su) await db.exec("SET LOCAL session_replication_role = replica");
    await insertWorld(db, built, lap);
  });
  const c = built.core;
  ctx.log(`core: ${c.locations.length} locations; ${timings.join(", ")}`);
  return c;
}
