import { bulkInsert } from "../../db/db.js";
import { dayOffset, type AreaSeeder } from "../../seed/context.js";
import type { AssessmentRow } from "../scan/mapping.js";
import { SCAN_MODULES_OVERRIDE_KEY } from "./settings.js";

/** Released scan client versions, oldest first; versions before 2.16.0 must update. */
const CLIENT_VERSIONS = ["2.12.0", "2.13.0", "2.13.1", "2.14.0", "2.15.2", "2.16.0", "2.17.1", "2.18.0", "2.18.3", "2.19.0", "2.19.1"];
const UPDATE_REQUIRED_BEFORE = [2, 16, 0];
/** The internal test builds' version strings (003 §5): no version numbers, never the latest. */
const TEST_VERSIONS = ["test", "9999", "9999a"];

const TYPEFORM_FORMS: { id: string; title: string; webhook: boolean }[] = [
  { id: "kX7pQ2mZ", title: "Knee Pain Check-in", webhook: true },
  { id: "Lw3nR8tB", title: "Weekly Function Survey", webhook: true },
  { id: "Qd9sV1hY", title: "Back Pain Index", webhook: true },
  { id: "Tz5cJ6uE", title: "Falls Efficacy Scale", webhook: false },
  { id: "Hm2aK4pW", title: "Shoulder Function Check-in", webhook: false },
];

/** Module layouts of scan organizations: name, subtitle, icon, locked, and the assessments (library ids). */
const MODULE_LAYOUTS: { name: string; subtitle: string; imageName: string; isLocked: boolean; assessments: string[]; override?: Record<string, string> }[] = [
  { name: "Fall Risk", subtitle: "Balance and gait screening", imageName: "Balance & Stability", isLocked: false, assessments: ["AST-0018", "AST-0020", "AST-0009", "AST-0001"], override: { "AST-0018": "Walk Test" } },
  { name: "Strength & Endurance", subtitle: "Lower body strength tests", imageName: "Strength & Endurance", isLocked: false, assessments: ["AST-0011", "AST-0019", "AST-0010"] },
  { name: "Range of Motion", subtitle: "Knee, hip and trunk mobility", imageName: "Mobility & Joint Health", isLocked: false, assessments: ["AST-0024"] },
  { name: "Upper Extremity", subtitle: "Shoulder and hand function", imageName: "Upper Extremity", isLocked: true, assessments: ["AST-0012"] },
];

/**
 * Demo data of the admin area (runs after every other area): scan client versions, Typeform forms and
 * unprocessed responses, scan modules of the SCAN organizations (from the assessment library), location
 * contacts, the discharges of organizations seeded as disabled, and no scan-modules override.
 */
export const seed: AreaSeeder = async (ctx) => {
  const rng = ctx.rng("admin");
  const { db, core, today } = ctx;
  const staff = core.practitioners.filter((p) => p.role === "EXER_ADMIN" || p.role === "EXER_SUPPORT");
  const admin = staff.find((p) => p.role === "EXER_ADMIN") ?? staff[0];

  // Scan client versions: the old ones must update, changed by a product admin.
  await bulkInsert(
    db,
    "scan_client_versions",
    ["version_id", "major", "minor", "patch", "update_required", "updated_by", "updated_by_first_name", "updated_by_last_name", "updated_at", "created_at"],
    CLIENT_VERSIONS.map((v, i) => {
      const [major, minor, patch] = v.split(".").map(Number) as [number, number, number];
      const old = major * 1e6 + minor * 1e3 + patch < UPDATE_REQUIRED_BEFORE[0]! * 1e6 + UPDATE_REQUIRED_BEFORE[1]! * 1e3 + UPDATE_REQUIRED_BEFORE[2]!;
      const changed = old && admin !== undefined;
      const released = `${dayOffset(today, -30 * (CLIENT_VERSIONS.length - i))}T17:00:00Z`;
      return [v, major, minor, patch, old, changed ? admin!.id : null, changed ? admin!.firstName : null, changed ? admin!.lastName : null,
        changed ? `${dayOffset(today, -20)}T16:00:00Z` : null, released];
    }),
  );
  await bulkInsert(
    db,
    "scan_client_versions",
    ["version_id", "major", "minor", "patch", "update_required", "created_at"],
    TEST_VERSIONS.map((v) => [v, null, null, null, false, `${dayOffset(today, -60)}T17:00:00Z`]),
  );

  // Location keywords and contact lists come from the core seed (some locations have none); a second
  // contact for the organizations' first locations.
  await db.query(
    `UPDATE locations l SET contact_list = l.contact_list || ('manager+' || lower(l.keyword) || '@' || split_part(l.contact_list[1], '@', 2))
      WHERE l.keyword IS NOT NULL AND cardinality(l.contact_list) = 1
        AND l.id IN (SELECT DISTINCT ON (organization_id) id FROM locations ORDER BY organization_id, lower(name), id)`,
  );

  // Typeform forms (some with the webhook Missing) and responses that could not be processed.
  await bulkInsert(db, "typeform_forms", ["id", "title", "has_exer_webhook_enabled", "created_at"],
    TYPEFORM_FORMS.map((f, i) => [f.id, f.title, f.webhook, `${dayOffset(today, -200 + i * 10)}T15:00:00Z`]));
  const keywords = (await db.query<{ keyword: string }>("SELECT keyword FROM locations WHERE keyword IS NOT NULL ORDER BY id LIMIT 5")).map((r) => r.keyword);
  const responses: unknown[][] = [];
  for (let i = 0; i < 8; i++) {
    const form = rng.pick(TYPEFORM_FORMS);
    const at = new Date(today.getTime() - rng.int(1, 40) * 86_400_000 + rng.int(8, 18) * 3_600_000);
    responses.push([
      rng.uuid(), form.id, form.title,
      rng.chance(0.8) ? rng.uuid() : null,
      rng.chance(0.5) && keywords.length ? rng.pick(keywords) : rng.chance(0.5) ? "UNKNOWNLOC" : null,
      at.toISOString(),
    ]);
  }
  await bulkInsert(db, "unprocessed_typeform_responses", ["id", "form_id", "form_title", "user_id", "location", "date_time"], responses);

  // Scan modules of the organizations that hold SCAN, built from the assessment library.
  const library = new Map((await db.query<AssessmentRow>("SELECT * FROM assessments")).map((a) => [a.id, a]));
  const scanOrgs = core.organizations.filter((o) => o.products.includes("SCAN"));
  for (const [n, org] of scanOrgs.entries()) {
    const layouts = n % 2 === 0 ? MODULE_LAYOUTS : MODULE_LAYOUTS.slice(0, 2);
    const modules = layouts.map((m) => ({
      id: rng.uuid(),
      name: m.name,
      subtitle: m.subtitle,
      imageName: m.imageName,
      isLocked: m.isLocked,
      imageUrl: null,
      assessments: m.assessments
        .map((id) => library.get(id))
        .filter((a): a is AssessmentRow => a !== undefined)
        .map((a) => ({
          id: a.id,
          name: a.name,
          thumbnailUrl: a.thumbnail_url,
          subjectOrientation: a.subject_orientation,
          directives: a.directives,
          nameOverride: m.override?.[a.id] ?? null,
        })),
    }));
    await db.query("UPDATE organizations SET scan_modules = $2::jsonb WHERE id = $1", [org.id, JSON.stringify(modules)]);
  }

  // Organizations seeded as disabled: the core seed discharged their patients on the day of the disable (the
  // latest discharge date there);
  // record those discharges (open plans before) so that enabling the organization re-opens them.
  for (const org of core.organizations.filter((o) => o.disabled)) {
    await db.query(
      `INSERT INTO organization_disable_discharges
         (patient_record_id, organization_id, discharged_on, previous_discharge_date, plan_of_care_id, previous_plan_end_date)
       SELECT pr.id, pr.organization_id, pr.discharge_date, NULL,
              (SELECT p.id FROM plans_of_care p WHERE p.patient_record_id = pr.id AND p.end_date = pr.discharge_date
                ORDER BY p.start_date DESC, p.id LIMIT 1), NULL
         FROM patient_records pr
        WHERE pr.organization_id = $1
          AND pr.discharge_date = (SELECT max(discharge_date) FROM patient_records WHERE organization_id = $1)
       ON CONFLICT (patient_record_id) DO NOTHING`,
      [org.id],
    );
  }

  // No scan-modules organization override.
  await db.query("DELETE FROM settings WHERE key = $1", [SCAN_MODULES_OVERRIDE_KEY]);
};
