import type { Db } from "../db/db.js";
import type { FileStore } from "../core/files.js";

/** Deterministic pseudo-random numbers (mulberry32). Every area takes its own stream: `ctx.rng("health")`. */
export interface Rng {
  /** [0, 1) */
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** One of `items`, chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A deterministic v4-shaped UUID. */
  uuid(): string;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join("");
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    weighted: (items) => {
      let r = next() * items.reduce((sum, [, w]) => sum + w, 0);
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
  };
}

export interface SeedOrganization {
  id: string;
  name: string;
  timezone: string;
  products: string[];
  isResearch: boolean;
  disabled: boolean;
  isInternal: boolean;
}
export interface SeedLocation {
  id: string;
  organizationId: string;
  name: string;
  timezone: string;
}
export interface SeedPractitioner {
  id: string;
  organizationId: string;
  /** Identity-service username; null for invited-only practitioners. */
  userId: string | null;
  role: "PORTAL_PRACTITIONER" | "PORTAL_PROVIDER_ADMIN" | "EXER_ADMIN" | "EXER_SUPPORT";
  firstName: string;
  lastName: string;
  email: string;
  locationIds: string[];
  inviteCode: string | null;
}
export interface SeedPatient {
  id: string;
  organizationId: string;
  locationId: string;
  practitionerId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  products: string[];
  hasAccount: boolean;
  /** First day of the current plan of care. */
  planStart: string;
  /** End of the current plan (discharge date) or null when open. */
  dischargeDate: string | null;
  gaitUid: string | null;
  injuredSideOfBody: string | null;
  injuredBodyPart: string | null;
  createdAt: string;
}

/** The people and places every area's data hangs off; built by the core seed. */
export interface CoreWorld {
  organizations: SeedOrganization[];
  locations: SeedLocation[];
  practitioners: SeedPractitioner[];
  patients: SeedPatient[];
}

export interface SeedContext {
  db: Db;
  files: FileStore;
  world: "demo" | "large";
  /** "Today" of the seed (UTC midnight); history runs back 120 days from it. */
  today: Date;
  rng(stream: string): Rng;
  core: CoreWorld;
  log(message: string): void;
}

/** An area's seeder. Runs after the core seed, in the order of `seed/index.ts`. Must be deterministic. */
export type AreaSeeder = (ctx: SeedContext) => Promise<void>;

/** Days as YYYY-MM-DD relative to `today`. */
export function dayOffset(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
