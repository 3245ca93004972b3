import { requireProductAdmin, requireStaff } from "../../core/auth.js";
import { badRequest, conflict, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import { recordAccessInTransaction } from "../audit/record.js";
import { gaitPoseLogKey, scanLogKey, toScanOutcome, upsertScanOutcome, type ScanOutcomeRow } from "../scan/mapping.js";
import { getAdminLocation, listAdminGaitSessions, listAdminLocations, listAdminScanSessions } from "./lists.js";
import { readLogoUpload, storeOrganizationLogo } from "../organization/logo.js";
import { validateScanModules } from "./modules.js";
import {
  createOrganization,
  disableOrganization,
  enableOrganization,
  getOrganizationRow,
  listOrganizations,
  checkedKeyword,
  refuseKeywordInUse,
  toOrganization,
} from "./organizations.js";
import { validateOutcome } from "./outcomes.js";
import { KEYWORD_MESSAGES } from "../../../../app/domain/location-keyword.js";
import { OVERRIDE_NEEDS_SCAN, SCAN_MODULES_OVERRIDE_KEY, getScanModulesOverride } from "./settings.js";
import { findUserProfile } from "./users.js";
import { adminInsights } from "./insights.js";

interface ClientVersionRow {
  version_id: string;
  update_required: boolean;
  is_latest: boolean;
  updated_by_first_name: string | null;
  updated_by_last_name: string | null;
}

const CLIENT_VERSIONS_SELECT = `
  SELECT version_id, update_required, updated_by_first_name, updated_by_last_name,
         major IS NOT NULL AND row_number() OVER (ORDER BY major DESC NULLS LAST, minor DESC NULLS LAST, patch DESC NULLS LAST) = 1 AS is_latest,
         major, minor, patch
    FROM scan_client_versions`;

const toClientVersion = (r: ClientVersionRow) => ({
  versionId: r.version_id,
  updateRequired: r.update_required,
  isLatest: r.is_latest,
  updatedBy: r.updated_by_first_name !== null ? { firstName: r.updated_by_first_name, lastName: r.updated_by_last_name ?? "" } : null,
});

const TYPEFORM_ID = /^[A-Za-z0-9_-]+$/;

/** Handlers of the admin area (`v2/admin/*`), keyed by operationId. Every one requires product staff. */
export const handlers = defineHandlers({
  // ---- organizations
  async adminListOrganizations(ctx) {
    requireStaff(ctx.caller);
    return (await listOrganizations(ctx.db)).map((r) => toOrganization(r, false));
  },

  async adminCreateOrganization(ctx) {
    requireProductAdmin(ctx.caller);
    const row = await createOrganization(ctx.db, ctx.body);
    ctx.reply.code(201);
    return toOrganization(row, true);
  },

  async adminGetOrganization(ctx) {
    requireStaff(ctx.caller);
    return toOrganization(await getOrganizationRow(ctx.db, ctx.params.id), true);
  },

  async adminUpdateOrganization(ctx) {
    requireProductAdmin(ctx.caller);
    await getOrganizationRow(ctx.db, ctx.params.id);
    const modules = await validateScanModules(ctx.db, ctx.body.scanModules);
    await ctx.db.query("UPDATE organizations SET scan_modules = $2::jsonb WHERE id = $1", [ctx.params.id, JSON.stringify(modules)]);
    return toOrganization(await getOrganizationRow(ctx.db, ctx.params.id), true);
  },

  async adminEnableOrganization(ctx) {
    const admin = requireProductAdmin(ctx.caller);
    return toOrganization(await enableOrganization(ctx.db, ctx.params.id, (tx, ids) => recordAccessInTransaction(tx, ctx.req, admin, ids, 200)), true);
  },

  async adminDisableOrganization(ctx) {
    const admin = requireProductAdmin(ctx.caller);
    const org = await disableOrganization(ctx.db, ctx.params.id, (tx, ids) => recordAccessInTransaction(tx, ctx.req, admin, ids, 200));
    // Its users are signed out of the identity service too (ADR 025): no session of theirs is renewed. Best effort
    // after the change (the API already refuses their tokens: the organization is disabled).
    if (ctx.identity) {
      const users = await ctx.db.query<{ user_id: string }>("SELECT user_id FROM practitioners WHERE organization_id = $1 AND user_id IS NOT NULL AND deleted_at IS NULL", [ctx.params.id]);
      for (const { user_id } of users) {
        await ctx.identity.signOut(user_id).catch((err: unknown) => ctx.req.log.warn({ err: err instanceof Error ? err.name : "unknown" }, "identity sign-out of a disabled organization's user failed"));
      }
    }
    return toOrganization(org, true);
  },

  async adminUploadOrganizationLogo(ctx) {
    requireProductAdmin(ctx.caller);
    await getOrganizationRow(ctx.db, ctx.params.id);
    const png = await readLogoUpload(ctx.req);
    return storeOrganizationLogo(ctx, ctx.params.id, png);
  },

  // ---- locations
  async adminListLocations(ctx) {
    requireStaff(ctx.caller);
    return listAdminLocations(ctx.db, ctx.query ?? {});
  },

  async adminUpdateLocationKeyword(ctx) {
    requireProductAdmin(ctx.caller);
    const keyword = checkedKeyword(ctx.body.keyword);
    if (!(await ctx.db.one("SELECT 1 FROM locations WHERE id = $1", [ctx.params.id]))) throw notFound("Location not found");
    await refuseKeywordInUse(ctx.db, keyword, ctx.params.id);
    try {
      await ctx.db.query("UPDATE locations SET keyword = $2 WHERE id = $1", [ctx.params.id, keyword]);
    } catch (e) {
      // Another location took it between the check and the update (the unique index, migration 131).
      if ((e as { code?: string }).code === "23505") throw conflict(`keyword: ${KEYWORD_MESSAGES.inUse}`);
      throw e;
    }
    return (await getAdminLocation(ctx.db, ctx.params.id))!;
  },

  async adminListScanOrganizationsWithLocations(ctx) {
    requireStaff(ctx.caller);
    return ctx.db.query<{ id: string; name: string; locations: { id: string; name: string }[] }>(
      `SELECT o.id, o.name,
              coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY lower(l.name), l.id)
                          FROM locations l WHERE l.organization_id = o.id), '[]'::json) AS locations
         FROM organizations o
        WHERE 'SCAN' = ANY(o.products)
        ORDER BY lower(o.name), o.id`,
    );
  },

  // ---- users
  async adminGetUserProfile(ctx) {
    requireStaff(ctx.caller);
    return findUserProfile(ctx.db, ctx.query ?? {});
  },

  async adminGetInviteCode(ctx) {
    requireStaff(ctx.caller);
    const row = await ctx.db.one<{ first_name: string; last_name: string; email: string; invite_code: string | null; has_account: boolean }>(
      `SELECT first_name, last_name, email, invite_code, user_id IS NOT NULL AS has_account
         FROM practitioners WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [ctx.query.email.trim()],
    );
    if (!row) throw notFound("No provider found, please check the email.");
    return { firstName: row.first_name, lastName: row.last_name, email: row.email, inviteCode: row.invite_code, hasAccount: row.has_account };
  },

  // ---- insights
  async adminGetInsights(ctx) {
    requireStaff(ctx.caller);
    return adminInsights(ctx.db);
  },

  // ---- settings
  async adminGetScanModulesOverride(ctx) {
    requireStaff(ctx.caller);
    return getScanModulesOverride(ctx.db);
  },

  async adminSetScanModulesOverride(ctx) {
    requireStaff(ctx.caller);
    const { organizationId } = ctx.body;
    const organization = await getOrganizationRow(ctx.db, organizationId);
    // Only an organization with Scan has scan modules to serve (issue 34: a forged post set any organization).
    if (!organization.products.includes("SCAN")) throw badRequest(`organizationId: ${OVERRIDE_NEEDS_SCAN}`);
    await ctx.db.query(
      "INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [SCAN_MODULES_OVERRIDE_KEY, JSON.stringify({ organizationId })],
    );
    return { organizationId };
  },

  async adminResetScanModulesOverride(ctx) {
    requireStaff(ctx.caller);
    await ctx.db.query("DELETE FROM settings WHERE key = $1", [SCAN_MODULES_OVERRIDE_KEY]);
    ctx.reply.code(204);
    return undefined;
  },

  // ---- typeform (PRO forms)
  async adminListTypeformForms(ctx) {
    requireStaff(ctx.caller);
    const rows = await ctx.db.query<{ id: string; has_exer_webhook_enabled: boolean }>(
      "SELECT id, has_exer_webhook_enabled FROM typeform_forms ORDER BY lower(id), id",
    );
    return rows.map((r) => ({ id: r.id, hasExerWebhookEnabled: r.has_exer_webhook_enabled }));
  },

  async adminAddTypeformForm(ctx) {
    requireProductAdmin(ctx.caller);
    const id = ctx.body.id.trim();
    if (!id) throw badRequest("id: Form ID is required");
    if (!TYPEFORM_ID.test(id)) throw badRequest("id: Form ID may only contain letters, digits, _ and -");
    if (ctx.body.webhookConfirmed !== true) throw badRequest("webhookConfirmed: confirm that the webhook was added under the form's Connect > Webhooks section");
    const existing = await ctx.db.one<{ has_exer_webhook_enabled: boolean }>("SELECT has_exer_webhook_enabled FROM typeform_forms WHERE id = $1", [id]);
    if (existing?.has_exer_webhook_enabled) throw conflict("id: This form is already registered");
    // A form registered with its webhook Missing is confirmed by adding it again.
    await ctx.db.query(
      `INSERT INTO typeform_forms (id, has_exer_webhook_enabled) VALUES ($1, true)
       ON CONFLICT (id) DO UPDATE SET has_exer_webhook_enabled = true`,
      [id],
    );
    ctx.reply.code(201);
    return { id, hasExerWebhookEnabled: true };
  },

  async adminListUnprocessedTypeformResponses(ctx) {
    requireStaff(ctx.caller);
    const rows = await ctx.db.query<{ id: string; form_id: string; form_title: string; user_id: string | null; location: string | null; date_time: Date | string }>(
      `SELECT id, form_id, form_title, user_id, location, date_time FROM unprocessed_typeform_responses ORDER BY date_time DESC, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      form: { id: r.form_id, title: r.form_title },
      userId: r.user_id,
      location: r.location,
      dateTime: new Date(r.date_time).toISOString(),
    }));
  },

  // ---- scan client versions
  async adminListScanClientVersions(ctx) {
    requireStaff(ctx.caller);
    const rows = await ctx.db.query<ClientVersionRow>(`${CLIENT_VERSIONS_SELECT} ORDER BY major DESC NULLS LAST, minor DESC NULLS LAST, patch DESC NULLS LAST, version_id`);
    return rows.map(toClientVersion);
  },

  async adminUpdateScanClientVersion(ctx) {
    const caller = requireProductAdmin(ctx.caller);
    const { versionId } = ctx.params;
    const current = await ctx.db.one<ClientVersionRow>(`SELECT * FROM (${CLIENT_VERSIONS_SELECT}) v WHERE version_id = $1`, [versionId]);
    if (!current) throw notFound(`Scan client version ${versionId} not found`);
    if (current.is_latest) throw badRequest("versionId: the latest scan client version cannot be edited");
    await ctx.db.query(
      `UPDATE scan_client_versions
          SET update_required = $2, updated_by = $3, updated_by_first_name = $4, updated_by_last_name = $5, updated_at = now()
        WHERE version_id = $1`,
      [versionId, ctx.body.updateRequired, caller.practitionerId, caller.firstName ?? caller.userId, caller.lastName ?? ""],
    );
    const row = await ctx.db.one<ClientVersionRow>(`SELECT * FROM (${CLIENT_VERSIONS_SELECT}) v WHERE version_id = $1`, [versionId]);
    return toClientVersion(row!);
  },

  // ---- scan outcomes (risk-factor analysis)
  async adminListRiskFactorOutcomes(ctx) {
    requireStaff(ctx.caller);
    await getOrganizationRow(ctx.db, ctx.params.orgId);
    const rows = await ctx.db.query<ScanOutcomeRow>("SELECT * FROM scan_outcomes WHERE organization_id = $1 ORDER BY assessment_id", [ctx.params.orgId]);
    return rows.map(toScanOutcome);
  },

  async adminSaveRiskFactorOutcome(ctx) {
    const caller = requireProductAdmin(ctx.caller);
    const { orgId, assessmentId } = ctx.params;
    await getOrganizationRow(ctx.db, orgId);
    if (!(await ctx.db.one("SELECT 1 FROM assessments WHERE id = $1", [assessmentId]))) throw notFound(`Assessment ${assessmentId} not found`);
    const outcome = validateOutcome(ctx.body, assessmentId);
    await upsertScanOutcome(ctx.db, orgId, outcome, caller.practitionerId);
    const row = await ctx.db.one<ScanOutcomeRow>("SELECT * FROM scan_outcomes WHERE organization_id = $1 AND assessment_id = $2", [orgId, assessmentId]);
    return toScanOutcome(row!);
  },

  // ---- sessions
  async adminListScanSessions(ctx) {
    requireStaff(ctx.caller);
    return listAdminScanSessions(ctx.db, ctx.query ?? {});
  },

  async adminGetScanSessionArtifactSignedUrl(ctx) {
    requireStaff(ctx.caller);
    const { id, artifact } = ctx.params;
    const row = await ctx.db.one<{ artifacts: string[] }>("SELECT artifacts FROM scan_sessions WHERE id = $1", [id]);
    if (!row) throw notFound("Scan session not found");
    const key = scanLogKey(id, artifact);
    if (!row.artifacts.includes(artifact) || !(await ctx.files.exists(key))) {
      throw notFound(artifact === "pose-log" ? "No pose logs available" : "No hands logs available");
    }
    return ctx.signer.sign(key);
  },

  async adminListGaitSessions(ctx) {
    requireStaff(ctx.caller);
    return listAdminGaitSessions(ctx.db, ctx.query ?? {});
  },

  async adminGetGaitSessionPoseLogSignedUrl(ctx) {
    requireStaff(ctx.caller);
    const row = await ctx.db.one<{ artifacts: string[] }>("SELECT artifacts FROM gait_sessions WHERE id = $1", [ctx.params.id]);
    if (!row) throw notFound("Gait session not found");
    const key = gaitPoseLogKey(ctx.params.id);
    // The list's `artifacts` says which sessions have a log; the call agrees with it.
    if (!row.artifacts.includes("pose-log") || !(await ctx.files.exists(key))) throw notFound("No pose logs available");
    return ctx.signer.sign(key);
  },
});
