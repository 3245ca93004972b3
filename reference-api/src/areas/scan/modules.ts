import type { MemberCaller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { forbidden } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import { SCAN_MODULES_OVERRIDE_KEY } from "../admin/settings.js";

/**
 * The scan client's modules (`GET v2/scan/modules`): the caller's organization's saved `scan_modules`. The
 * scan-modules organization override (Admin Settings) applies to the product's own staff only — members of the
 * internal organization — so support can reproduce a customer's scan client on a staff test account; customers are
 * always served their own modules (ADR 015: the override changes no customer's data nor what they see).
 */
export async function scanClientModules(db: Db, caller: MemberCaller): Promise<Schema<"ScanClientModules">> {
  const own = await db.one<{ products: string[]; is_internal: boolean }>("SELECT products, is_internal FROM organizations WHERE id = $1", [caller.organizationId]);
  // The staff's own organization may always ask (their test scan clients); a customer needs the SCAN product.
  if (!own || (!own.is_internal && !own.products.includes("SCAN"))) throw forbidden("This organization does not hold the SCAN product.");
  let organizationId = caller.organizationId;
  let overridden = false;
  if (own.is_internal) {
    const override = await db.one<{ organization_id: string }>(
      `SELECT o.id AS organization_id FROM settings s JOIN organizations o ON o.id::text = s.value->>'organizationId' WHERE s.key = $1`,
      [SCAN_MODULES_OVERRIDE_KEY],
    );
    if (override) {
      organizationId = override.organization_id;
      overridden = true;
    }
  }
  const row = await db.one<{ scan_modules: Schema<"ScanModule">[] | null }>("SELECT scan_modules FROM organizations WHERE id = $1", [organizationId]);
  return { organizationId, overridden, scanModules: row?.scan_modules ?? [] };
}
