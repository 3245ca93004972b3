import { createFileStore, type FileStore } from "../../core/files.js";
import { bulkInsert, type Db } from "../../db/db.js";
import { insertColumns } from "../../seed/bulk.js";
import type { AreaSeeder, Rng, SeedPatient } from "../../seed/context.js";
import { dayOffset } from "../../seed/context.js";
import { demoAccounts } from "../../seed/demo-accounts.js";
import { CATALOGUE, ROM_LABELS, type BodyTarget, type CatalogueExercise } from "./catalogue.js";
import { audioFileOf, MEDIA_PATH as MEDIA } from "./exercises.js";
import { figureSvg } from "./figure-svg.js";

/**
 * Demo data of the programs area:
 * - the exercise library (CATALOGUE: 160+ exercises, a few drafts), their versioned metrics and generated
 *   media (an SVG thumbnail and an animated SVG per complete exercise) in the file store; the first five
 *   complete exercises have demo audio (generated when served: demo-audio.ts);
 * - 12 program templates per Health organization;
 * - programs of the Health patients: every patient who was sent the account invite (with or without an
 *   account by now) received a first program, most of them built from a template; a few later got a newer
 *   program (replaced or switched: older assignments retired), a few had it unassigned. Patients never
 *   invited have none (NO_ASSIGNED_HEP);
 * - favorite exercises of the demo accounts and of some other providers;
 * - the patients' notifications: the app invite of every invited patient, a program update for every
 *   assignment after a patient's first.
 * Large world: the same, proportional (one program per assigned patient, inserted column-wise).
 */

const DAY_MS = 86_400_000;

/** A v4-shaped UUID from four draws (fastUuid(rng) draws once per hex digit: too slow for the large world). */
function fastUuid(rng: Rng): string {
  const w = () => Math.floor(rng.next() * 4294967296).toString(16).padStart(8, "0");
  const a = w(), b = w(), c = w(), d = w();
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${"89ab"[parseInt(c[0]!, 16) & 3]}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

type GoalType = "ROM" | "TIME" | "REPS" | "REPS_OR_TIME";
interface SeedBlock {
  id: number;
  uuid: string;
  exerciseId: string;
  sideOfBody: "LEFT" | "RIGHT" | null;
  numSets: number;
  setGoal: { goalType: GoalType; reps: number | null; time: number | null };
}

const TEMPLATE_SPECS: { name: string; notes: string | null; targets: BodyTarget[]; count: number; daily: number; weekly: number }[] = [
  { name: "Total Knee Replacement - Phase 1", notes: "Early motion after surgery. Ice for 15 minutes after each session.", targets: ["Hip/Knee"], count: 6, daily: 3, weekly: 7 },
  { name: "Total Knee Replacement - Phase 2", notes: "Strength and balance. Progress to weights when pain allows.", targets: ["Hip/Knee", "Ankle/Foot"], count: 7, daily: 2, weekly: 5 },
  { name: "Rotator Cuff Repair - Early Motion", notes: "Pain-free range only. Keep the sling on between sessions.", targets: ["Shoulder"], count: 5, daily: 3, weekly: 7 },
  { name: "Shoulder Impingement", notes: "Keep movements below shoulder height for the first two weeks.", targets: ["Shoulder", "Spine"], count: 6, daily: 2, weekly: 5 },
  { name: "Low Back Pain - General", notes: "Move within a comfortable range. Stop if pain travels down the leg.", targets: ["Spine", "Torso/Core"], count: 6, daily: 2, weekly: 5 },
  { name: "Core Stability", notes: null, targets: ["Torso/Core"], count: 5, daily: 1, weekly: 4 },
  { name: "Hip Strengthening", notes: "Slow and controlled; 2 seconds up, 2 seconds down.", targets: ["Hip/Knee"], count: 6, daily: 1, weekly: 5 },
  { name: "Ankle Sprain Recovery", notes: "Wear supportive shoes. Balance work near a counter.", targets: ["Ankle/Foot"], count: 5, daily: 2, weekly: 5 },
  { name: "Neck Pain and Posture", notes: "Sit tall with your feet flat on the floor.", targets: ["Neck", "Shoulder"], count: 5, daily: 3, weekly: 5 },
  { name: "Fall Prevention - Balance", notes: "Always have a sturdy chair or counter within reach.", targets: ["Hip/Knee", "Ankle/Foot"], count: 5, daily: 1, weekly: 3 },
  { name: "Tennis Elbow", notes: "Mild discomfort is fine; sharp pain is not.", targets: ["Elbow/Hand"], count: 5, daily: 2, weekly: 5 },
  { name: "Post-Op Hip - Week 1", notes: "Follow your hip precautions: no bending past 90 degrees.", targets: ["Hip/Knee"], count: 5, daily: 3, weekly: 7 },
];

/** Body targets of a patient's injured body part (patients seed: SHOULDER, HIP, KNEE, SPINE, MULTIPLE). */
const TARGETS_OF_PART: Record<string, BodyTarget[]> = {
  SHOULDER: ["Shoulder"],
  HIP: ["Hip/Knee"],
  KNEE: ["Hip/Knee", "Ankle/Foot"],
  SPINE: ["Spine", "Torso/Core", "Neck"],
};

/** The default goal of an exercise, as the builder sets it when a block is added. */
function defaultGoal(e: CatalogueExercise, rng: Rng): { numSets: number; setGoal: SeedBlock["setGoal"] } {
  if (e.specialGoal) return { numSets: 1, setGoal: { goalType: "REPS_OR_TIME", reps: 5, time: 60 } };
  const has = (m: string) => e.metrics.includes(m as "ROM");
  if (has("REPS") && !(e.withHold && has("TIME") && rng.chance(0.4))) {
    return { numSets: rng.pick([2, 3, 3, 3]), setGoal: { goalType: "REPS", reps: rng.pick([8, 10, 10, 12, 15]), time: null } };
  }
  if (has("TIME")) return { numSets: rng.pick([1, 2, 3]), setGoal: { goalType: "TIME", reps: null, time: rng.pick([20, 30, 30, 45, 60, 90]) } };
  return { numSets: 1, setGoal: { goalType: "ROM", reps: null, time: null } };
}

function makeBlocks(rng: Rng, exercises: CatalogueExercise[], side: "LEFT" | "RIGHT" | null): SeedBlock[] {
  return exercises.map((e, i) => ({
    id: i + 1,
    uuid: fastUuid(rng),
    exerciseId: e.id,
    sideOfBody: e.sequence === "SINGLE" ? side : null,
    ...defaultGoal(e, rng),
  }));
}

/** `count` distinct exercises for the targets (deterministic draw). */
function pickExercises(rng: Rng, pool: CatalogueExercise[], count: number): CatalogueExercise[] {
  const left = [...pool];
  const out: CatalogueExercise[] = [];
  while (out.length < count && left.length > 0) out.push(left.splice(rng.int(0, left.length - 1), 1)[0]!);
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** The exercise library: exercises, their metrics and their media (also used by tests); `createdAt` stamps the media. */
export async function seedExerciseLibrary(db: Db, files: FileStore, createdAt?: string): Promise<void> {
  await bulkInsert(
    db,
    "exercises",
    ["id", "name", "simple_name", "exercise_type", "body_targets", "equipment", "sequence", "subject_orientation", "camera_orientation",
      "with_anchor_point", "with_hold", "position", "action", "tags", "animation_path", "animation_thumbnail_frame", "thumbnail_path", "completeness",
      "special_goal", "demo_audio_path"],
    CATALOGUE.map((e, i) => {
      const media = e.completeness === "COMPLETE";
      return [e.id, e.name, e.simpleName, e.exerciseType, e.bodyTargets, e.equipment, e.sequence, e.subjectOrientation, e.cameraOrientation,
        e.withAnchorPoint, e.withHold, e.position, e.action, e.tags,
        media ? `${MEDIA}/${e.id}-animation.svg` : null, media ? 6 + (i % 5) * 6 : null, media ? `${MEDIA}/${e.id}-thumb.svg` : null, e.completeness,
        e.specialGoal, media && e.demoAudio ? `${MEDIA}/${audioFileOf(e.id)}` : null];
    }),
  );
  // Metrics: one per kind; every sixth ROM metric has a superseded first version.
  const metrics: unknown[][] = [];
  let romCount = 0;
  for (const e of CATALOGUE) {
    for (const kind of e.metrics) {
      const [minLabel, maxLabel, lo, hi] = ROM_LABELS[e.motion];
      const rom = kind === "ROM";
      const completeness = e.completeness;
      const row = (version: number, latest: boolean, hiValue: number) =>
        [metrics.length + 1, e.id, kind, version, latest, completeness, rom ? minLabel : null, rom ? maxLabel : null, rom ? lo : null, rom ? hiValue : null];
      if (rom && romCount++ % 6 === 0) {
        metrics.push(row(1, false, Math.round(hi * 0.9)));
        metrics.push(row(2, true, hi));
      } else {
        metrics.push(row(1, true, hi));
      }
    }
  }
  await bulkInsert(db, "exercise_metrics",
    ["id", "exercise_id", "metric", "version", "is_latest", "completeness", "min_label", "max_label", "normal_range_min", "normal_range_max"], metrics);
  // Media of the complete exercises.
  for (const e of CATALOGUE) {
    if (e.completeness !== "COMPLETE") continue;
    const spec = {
      position: e.position, motion: e.motion, subjectOrientation: e.subjectOrientation, cameraOrientation: e.cameraOrientation,
      sequence: e.sequence, equipment: e.equipment, title: e.name,
    };
    await files.put(`exercises/${e.id}-thumb.svg`, figureSvg(spec, false), "image/svg+xml", { createdAt });
    await files.put(`exercises/${e.id}-animation.svg`, figureSvg(spec, true), "image/svg+xml", { createdAt });
  }
}

interface HepSeedRow {
  id: string;
  organizationId: string;
  name: string;
  notes: string | null;
  daily: number;
  weekly: number;
  blocks: SeedBlock[];
  isTemplate: boolean;
  templateId: string | null;
  replacedBy: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

const HEP_COLUMNS = [
  { name: "id", type: "uuid" }, { name: "organization_id", type: "uuid" }, { name: "name", type: "text" }, { name: "notes", type: "text" },
  { name: "daily_frequency", type: "integer" }, { name: "weekly_frequency", type: "integer" }, { name: "blocks", type: "jsonb" },
  { name: "is_template", type: "boolean" }, { name: "template_id", type: "uuid" }, { name: "replaced_by", type: "uuid" },
  { name: "created_by", type: "uuid" }, { name: "date_created", type: "timestamptz" }, { name: "date_updated", type: "timestamptz" },
];
const hepRow = (h: HepSeedRow) => [h.id, h.organizationId, h.name, h.notes, h.daily, h.weekly, JSON.stringify(h.blocks), h.isTemplate,
  h.templateId, h.replacedBy, h.createdBy, h.createdAt, h.updatedAt];

export const seed: AreaSeeder = async (ctx) => {
  const rng = ctx.rng("programs");
  const now = ctx.today.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  // The media go through a file store on the transaction (the outer handle would wait for it).
  // The library is a year old (as the organizations: seed/core.ts).
  await ctx.db.tx(async (db) => seedExerciseLibrary(db, createFileStore(db), `${dayOffset(ctx.today, -365)}T09:00:00.000Z`));

  const complete = CATALOGUE.filter((e) => e.completeness === "COMPLETE");
  const byId = new Map(complete.map((e) => [e.id, e]));
  const pools = new Map<string, CatalogueExercise[]>();
  const poolFor = (targets: BodyTarget[]) => {
    const key = targets.join("|");
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = complete.filter((e) => e.bodyTargets.some((t) => targets.includes(t)))));
    return pool;
  };

  // Templates of every Health organization.
  const healthOrgs = ctx.core.organizations.filter((o) => o.products.includes("HEALTH"));
  const currentProviders = (orgId: string) =>
    ctx.core.practitioners.filter((p) => p.organizationId === orgId && p.userId && (p.role === "PORTAL_PRACTITIONER" || p.role === "PORTAL_PROVIDER_ADMIN"));
  const templates: HepSeedRow[] = [];
  const templatesByOrg = new Map<string, { row: HepSeedRow; targets: BodyTarget[] }[]>();
  for (const org of healthOrgs) {
    const authors = currentProviders(org.id);
    const list: { row: HepSeedRow; targets: BodyTarget[] }[] = [];
    for (const spec of TEMPLATE_SPECS) {
      const created = now - rng.int(60, 170) * DAY_MS + rng.int(8 * 3600, 17 * 3600) * 1000;
      const updated = rng.chance(0.5) ? created : Math.min(now - DAY_MS, created + rng.int(1, 50) * DAY_MS);
      const row: HepSeedRow = {
        id: fastUuid(rng), organizationId: org.id, name: spec.name, notes: spec.notes, daily: spec.daily, weekly: spec.weekly,
        blocks: makeBlocks(rng, pickExercises(rng, poolFor(spec.targets), spec.count), null),
        isTemplate: true, templateId: null, replacedBy: null, createdBy: authors.length ? rng.pick(authors).id : null,
        createdAt: iso(created), updatedAt: iso(updated),
      };
      templates.push(row);
      list.push({ row, targets: spec.targets });
    }
    templatesByOrg.set(org.id, list);
  }

  // Which Health patients were invited (the invite goes out with the first program).
  const invited = new Set(
    (await ctx.db.query<{ id: string }>("SELECT id FROM patient_records WHERE invite_sent_at IS NOT NULL OR has_account")).map((r) => r.id),
  );

  const current: HepSeedRow[] = [];
  const older: HepSeedRow[] = [];
  const assignments: unknown[][] = [];
  const listed = new Set<HepSeedRow>();
  const addCurrent = (h: HepSeedRow) => {
    if (!listed.has(h)) current.push(h);
    listed.add(h);
  };
  const assign = (hepId: string, p: SeedPatient, at: number, retiredAt: number | null) =>
    assignments.push([fastUuid(rng), hepId, p.id, p.practitionerId, iso(at), retiredAt === null ? null : iso(retiredAt)]);

  // Large world: patients on an unchanged template program share the clinic's standard program (one per
  // location, template and side), which keeps the table proportional to the clinics rather than the patients.
  const shared = new Map<string, HepSeedRow>();
  const programFor = (p: SeedPatient, at: number, fromTemplate: boolean, previous?: HepSeedRow, share = false): HepSeedRow => {
    const list = templatesByOrg.get(p.organizationId) ?? [];
    const targets = TARGETS_OF_PART[p.injuredBodyPart ?? ""] ?? null;
    const side = p.injuredSideOfBody === "LEFT" || p.injuredSideOfBody === "RIGHT" ? p.injuredSideOfBody : null;
    const fitting = targets ? list.filter((t) => t.targets.some((x) => targets.includes(x))) : list;
    const base: HepSeedRow = {
      id: fastUuid(rng), organizationId: p.organizationId, name: "", notes: null, daily: 3, weekly: 5, blocks: [], isTemplate: false,
      templateId: null, replacedBy: null, createdBy: p.practitionerId, createdAt: iso(at - 60_000), updatedAt: iso(at - 60_000),
    };
    if (previous) {
      // A new version of the previous program: same exercises, progressed sets and goals.
      base.name = previous.name;
      base.notes = previous.notes;
      base.daily = previous.daily;
      base.weekly = previous.weekly;
      base.templateId = previous.templateId;
      base.blocks = previous.blocks.map((b) => ({
        ...b,
        uuid: fastUuid(rng),
        numSets: Math.min(5, b.numSets + (b.setGoal.goalType === "REPS" ? 1 : 0)),
        setGoal: b.setGoal.goalType === "REPS" ? { ...b.setGoal, reps: Math.min(25, (b.setGoal.reps ?? 10) + 2) } : b.setGoal,
      }));
      return base;
    }
    const template = fromTemplate && fitting.length > 0 ? rng.pick(fitting) : null;
    if (template) {
      const t = template.row;
      const key = `${p.locationId}|${t.id}|${side}`;
      const standard = share ? shared.get(key) : undefined;
      if (standard) {
        if (Date.parse(standard.createdAt) > at - 60_000) standard.createdAt = standard.updatedAt = iso(at - 60_000);
        return standard;
      }
      if (share) shared.set(key, base);
      base.name = t.name;
      base.notes = t.notes;
      base.daily = t.daily;
      base.weekly = t.weekly;
      base.templateId = t.id;
      base.blocks = t.blocks.map((b) => ({ ...b, uuid: fastUuid(rng), sideOfBody: byId.get(b.exerciseId)?.sequence === "SINGLE" ? side : null }));
    } else {
      const part = p.injuredBodyPart ? p.injuredBodyPart.charAt(0) + p.injuredBodyPart.slice(1).toLowerCase() : "Home";
      base.name = rng.pick([`${part} Home Program`, `Custom ${part} Program`, `${part} Program - Week ${rng.int(1, 4)}`]);
      base.notes = rng.chance(0.5) ? rng.pick(["Do these after a warm shower.", "Take your time and breathe.", "Call the clinic if the pain increases."]) : null;
      base.daily = rng.int(1, 3);
      base.weekly = rng.int(3, 7);
      base.blocks = makeBlocks(rng, pickExercises(rng, poolFor(targets ?? ["Hip/Knee", "Shoulder", "Spine"]), rng.int(4, 7)), side);
    }
    return base;
  };

  let withProgram = 0;
  let health = 0;
  for (const p of ctx.core.patients) {
    if (!p.products.includes("HEALTH")) continue;
    health++;
    if (!invited.has(p.id)) continue;
    const created = Date.parse(p.createdAt);
    const firstAt = created + rng.int(20, 55) * 60_000;
    const ageDays = Math.floor((now - firstAt) / DAY_MS);
    const r = rng.next();
    const changed = ageDays >= 30 && r < 0.12;
    const fromTemplate = rng.chance(ctx.world === "large" ? 0.85 : 0.75);
    const first = programFor(p, firstAt, fromTemplate, undefined, ctx.world === "large" && !changed);
    if (changed) {
      // Later changed: a new version (replace) or another program; the first assignment is retired.
      const changedAt = now - rng.int(5, ageDays - 20) * DAY_MS - rng.int(0, 8 * 3600) * 1000;
      const replace = rng.chance(0.5);
      const next = programFor(p, changedAt, true, replace ? first : undefined);
      if (replace) {
        first.replacedBy = next.id;
        first.updatedAt = iso(changedAt);
      }
      older.push(first);
      addCurrent(next);
      assign(first.id, p, firstAt, changedAt);
      assign(next.id, p, changedAt, null);
      withProgram++;
    } else if (ageDays >= 14 && r < 0.16 && p.hasAccount) {
      // Unassigned later: the patient has history but no program now.
      addCurrent(first);
      assign(first.id, p, firstAt, now - rng.int(2, ageDays - 7) * DAY_MS);
    } else {
      addCurrent(first);
      assign(first.id, p, firstAt, null);
      withProgram++;
    }
  }

  await ctx.db.tx(async (db) => {
    await insertColumns(db, "heps", HEP_COLUMNS, templates.map(hepRow));
    // Newer versions first: a replaced program points at a row inserted before it.
    await insertColumns(db, "heps", HEP_COLUMNS, [...current, ...older].map(hepRow));
    await insertColumns(db, "hep_assignments", [
      { name: "id", type: "uuid" }, { name: "hep_id", type: "uuid" }, { name: "patient_record_id", type: "uuid" },
      { name: "assigned_by", type: "uuid" }, { name: "assigned_at", type: "timestamptz" }, { name: "retired_at", type: "timestamptz" },
    ], assignments);

    // Favorites: every demo account, and about a third of the other current providers of Health organizations.
    const demoIds = new Set(demoAccounts.map((a) => a.userId));
    const favorites: unknown[][] = [];
    for (const p of ctx.core.practitioners) {
      if (!p.userId) continue;
      const isDemo = demoIds.has(p.userId);
      if (!isDemo && !(healthOrgs.some((o) => o.id === p.organizationId) && rng.chance(0.35))) continue;
      const n = isDemo ? rng.int(6, 12) : rng.int(1, 8);
      for (const e of pickExercises(rng, complete, n)) favorites.push([p.id, e.id]);
    }
    // Marked over the week before today, a minute apart, in insertion (seq) order.
    const marked = (i: number) => iso(now - 7 * DAY_MS + i * 60_000);
    await bulkInsert(db, "favorite_exercises", ["practitioner_id", "exercise_id", "created_at"], favorites.map((f, i) => [...f, marked(i)]));

    // What the patients were sent (PatientNotification): the app invite when it went out, with the patient's
    // first program; a program update for every later assignment. Derived from the rows above in SQL (fast
    // for the large world); ids from md5 of what they are about, so the same in every run.
    await db.exec(`
      INSERT INTO patient_notifications (id, patient_record_id, kind, hep_id, created_at)
      SELECT md5('APP_INVITE:' || pr.id)::uuid, pr.id, 'APP_INVITE',
             (SELECT a.hep_id FROM hep_assignments a WHERE a.patient_record_id = pr.id ORDER BY a.assigned_at, a.id LIMIT 1),
             pr.invite_sent_at
        FROM patient_records pr
       WHERE pr.invite_sent_at IS NOT NULL
      UNION ALL
      SELECT md5('PROGRAM_UPDATED:' || a.id)::uuid, a.patient_record_id, 'PROGRAM_UPDATED', a.hep_id, a.assigned_at
        FROM hep_assignments a
       WHERE EXISTS (SELECT 1 FROM hep_assignments b WHERE b.patient_record_id = a.patient_record_id AND (b.assigned_at, b.id) < (a.assigned_at, a.id))
      ORDER BY 5, 1`);
  });

  ctx.log(`programs: ${CATALOGUE.length} exercises, ${templates.length} templates, ${current.length + older.length} programs; ${withProgram} of ${health} Health patients with a program`);
};
