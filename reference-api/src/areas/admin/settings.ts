import type { Schema } from "../../core/contract.js";
import type { Db } from "../../db/db.js";

/** Key of the scan-modules organization override in the `settings` table (value `{organizationId}`). */
export const SCAN_MODULES_OVERRIDE_KEY = "scan_modules_organization_override";

/** The override's refusal of an organization without Scan (it has no scan modules to serve). */
export const OVERRIDE_NEEDS_SCAN = "This organization does not have Scan: choose an organization with Scan.";

/** The override; `organizationId` null when none is set (or the organization no longer exists). */
export async function getScanModulesOverride(db: Db): Promise<Schema<"ScanModulesOverride">> {
  const row = await db.one<{ organization_id: string | null }>(
    `SELECT o.id AS organization_id FROM settings s JOIN organizations o ON o.id::text = s.value->>'organizationId' WHERE s.key = $1`,
    [SCAN_MODULES_OVERRIDE_KEY],
  );
  return { organizationId: row?.organization_id ?? null };
}
