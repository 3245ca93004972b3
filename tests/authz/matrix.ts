/**
 * The authorization matrix: every portal route and every API operation against every kind of caller, with the
 * answer class each cell must give. Read by the contract suite (tests/contract/authz-matrix.test.ts: the API half)
 * and the E2E run (tests/e2e/authz-matrix.spec.ts: the portal half, HTTP only). A route file in app/routes or an
 * operation of the bundled contract without a row fails both (`missingRouteRows`, `missingOperationRows`).
 * `npx tsx tests/authz/matrix.ts` lists what has no row.
 *
 * Callers (columns), with the demo accounts that play them:
 *   anon     anonymous: no session, no token
 *   prac     practitioner of organization A (Front Range, all four products) at two of its locations
 *   prac2    practitioner of A at none of prac's locations (practitioner2@frontrange)
 *   padmin   provider admin of A
 *   scan     scan-only admin: provider admin of organization B (Summit Scan Labs, SCAN only) — also the other
 *            organization's admin for A's records
 *   other    practitioner of organization C (research, GAIT and SCAN, no HEALTH)
 *   exer     product admin (EXER_ADMIN)
 *   support  support staff (EXER_SUPPORT)
 *   nogrp    a user of A whose token has no groups
 *   disab    a provider admin of a disabled organization
 *   expired  an expired access token (API) / a session past the inactivity timeout (portal)
 *
 * API classes: ok (a documented 2xx), 400, 401, 403, 404, 409 (the status).
 * Portal classes: ok (200), login (303/302 to /user/login/…), root (redirect to /), home (redirect to /home/),
 *   nf (404, the not-found page), 403, 405 (no action), 400 (a form refusal shown on the page), ->/path/ (a
 *   redirect to another page; ids as {id}).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readRouteConfig, type ConfigRoute } from "../../scripts/bundle/route-config.js";

export const CALLERS = ["anon", "prac", "prac2", "padmin", "scan", "other", "exer", "support", "nogrp", "disab", "expired"] as const;
export type Caller = (typeof CALLERS)[number];
export const API_CALLERS = CALLERS;

export type ApiClass = "ok" | 400 | 401 | 403 | 404 | 409;
/** `->/path/` : a redirect elsewhere (ids written {id}). */
export type PortalClass = "ok" | "login" | "root" | "home" | "nf" | "400" | "401" | "403" | "405" | "429" | `->${string}`;

function parseTable<T extends string>(text: string, allowed: readonly string[]): Record<string, Record<Caller, T>> {
  const rows: Record<string, Record<Caller, T>> = {};
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t || t.startsWith("#")) continue;
    const [key, ...cells] = t.split(/\s+/);
    if (key === "operation" || key === "route") continue;
    if (cells.length !== CALLERS.length) throw new Error(`authz matrix: row ${key} has ${cells.length} cells, not ${CALLERS.length}`);
    if (rows[key!]) throw new Error(`authz matrix: row ${key} appears twice`);
    for (const c of cells) if (!allowed.includes(c) && !c.startsWith("->")) throw new Error(`authz matrix: row ${key}: unknown class ${c}`);
    rows[key!] = Object.fromEntries(CALLERS.map((c, i) => [c, cells[i]])) as Record<Caller, T>;
  }
  return rows;
}

// ------------------------------------------------------------------------------------------------ API operations
// One row per operationId of openapi/dist/provider-api.json. Path parameters: the contract suite's plans
// (tests/contract/lib/plans.ts) — a patient at prac's location, A's organization, locations, providers, templates,
// RTM cycles, scan and gait sessions of A; admin rows use B's and A's records.
const API_TABLE = `
operation                                anon    prac    prac2   padmin  scan    other   exer    support nogrp   disab   expired
checkHealth                              ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
downloadSignedFile                       ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
renderPdf                                401     ok      ok      ok      ok      ok      ok      ok      403     403     401
getCurrentUser                           401     ok      ok      ok      ok      ok      ok      ok      ok      403     401
updateUserProfile                        401     ok      403     403     403     403     403     403     403     403     401
completeSignUp                           401     403     403     403     403     403     403     403     403     403     401
getSignUpByInviteCode                    ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
signUpByInviteCode                       ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
createMfaRecoveryCodes                   401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listMySecurityEvents                     401     ok      ok      ok      ok      ok      ok      ok      403     403     401
redeemMfaRecoveryCode                    ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
listFavoriteExercises                    401     ok      ok      ok      ok      ok      ok      ok      403     403     401
addFavoriteExercise                      401     ok      ok      ok      403     403     ok      ok      403     403     401
removeFavoriteExercise                   401     ok      ok      ok      403     403     ok      ok      403     403     401
getDashboardActions                      401     ok      ok      ok      ok      ok      ok      ok      403     403     401
updateOrganization                       401     403     403     ok      404     403     404     403     403     403     401
setOrganizationMfaRequirement            401     403     403     ok      404     403     404     403     403     403     401
uploadOrganizationLogo                   401     403     403     ok      404     403     404     403     403     403     401
deleteOrganizationLogo                   401     403     403     ok      404     403     404     403     403     403     401
listLocations                            401     ok      ok      ok      ok      ok      ok      ok      403     403     401
createLocation                           401     403     403     ok      400     403     400     403     403     403     401
updateLocation                           401     403     403     ok      404     403     404     403     403     403     401
listPractitioners                        401     ok      ok      ok      ok      ok      ok      ok      403     403     401
invitePractitioner                       401     403     403     ok      400     403     400     403     403     403     401
getCurrentPractitioner                   401     ok      ok      ok      ok      ok      ok      ok      403     403     401
deletePractitioner                       401     403     403     ok      404     403     404     403     403     403     401
updatePractitioner                       401     403     403     ok      404     403     404     403     403     403     401
resendPractitionerInvite                 401     403     403     ok      404     403     404     403     403     403     401
resetPractitionerMfa                     401     403     403     ok      404     403     404     403     403     403     401
createPatientRecord                      401     ok      400     ok      403     403     400     403     403     403     401
bulkUpdatePatientRecords                 401     ok      404     ok      404     404     404     403     403     403     401
listPatientRecords                       401     ok      ok      ok      ok      ok      ok      ok      403     403     401
importPatientsCsv                        401     ok      400     ok      403     403     400     403     403     403     401
reconcileGaitPatientsCsv                 401     ok      ok      ok      403     ok      ok      403     403     403     401
getPatientRecord                         401     ok      404     ok      404     404     404     404     403     403     401
deletePatientRecord                      401     403     403     ok      404     403     404     403     403     403     401
updatePatientRecord                      401     ok      404     ok      404     404     404     403     403     403     401
startPlanOfCare                          401     ok      404     ok      404     404     404     403     403     403     401
setPlanOfCareEnd                         401     ok      404     ok      404     404     404     403     403     403     401
listPatientPros                          401     ok      404     ok      404     404     404     404     403     403     401
listCareNotes                            401     ok      404     ok      404     404     404     404     403     403     401
createCareNote                           401     ok      404     ok      404     404     404     403     403     403     401
deleteCareNote                           401     ok      404     ok      404     404     404     403     403     403     401
updateCareNote                           401     ok      404     ok      404     404     404     403     403     403     401
getCareTimer                             401     ok      404     ok      404     404     404     404     403     403     401
setCareTimer                             401     ok      404     ok      404     404     404     403     403     403     401
# the caller's own timer: the provider admin has none on prac's patient (only prac started one)
stopCareTimer                            401     ok      404     404     404     404     404     403     403     403     401
listHealthPatientRecords                 401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listPatientPrograms                      401     ok      404     ok      404     404     404     404     403     403     401
unassignProgram                          401     ok      404     ok      403     403     404     403     403     403     401
listPatientHealthSessions                401     ok      404     ok      404     404     404     404     403     403     401
resendPatientInvite                      401     ok      404     ok      403     403     404     403     403     403     401
listPatientNotifications                 401     ok      404     ok      404     404     404     404     403     403     401
assignProgramToPatient                   401     ok      404     ok      403     403     404     403     403     403     401
getPatientActivityReport                 401     ok      404     ok      404     404     404     404     403     403     401
createProgram                            401     ok      ok      ok      403     403     ok      403     403     403     401
getProgram                               401     ok      ok      ok      404     404     404     404     403     403     401
replaceProgram                           401     ok      ok      ok      403     403     404     403     403     403     401
assignProgramToPatients                  401     ok      404     ok      403     403     404     403     403     403     401
listTemplates                            401     ok      ok      ok      ok      ok      ok      ok      403     403     401
createTemplate                           401     ok      ok      ok      403     403     ok      403     403     403     401
deleteTemplates                          401     ok      ok      ok      403     403     404     403     403     403     401
getTemplate                              401     ok      ok      ok      404     404     404     404     403     403     401
updateTemplate                           401     ok      ok      ok      403     403     404     403     403     403     401
deleteTemplate                           401     ok      ok      ok      403     403     404     403     403     403     401
listExercises                            401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listExerciseMetrics                      401     ok      ok      ok      ok      ok      ok      ok      403     403     401
getExerciseMedia                         ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
listRtmCycles                            401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listRtmCyclesByMonth                     401     ok      ok      ok      ok      ok      ok      ok      403     403     401
advanceRtmCycle                          401     ok      404     ok      403     403     404     403     403     403     401
revertRtmCycle                           401     ok      404     ok      403     403     404     403     403     403     401
getRtmCyclePdfUrl                        401     ok      404     ok      404     404     404     404     403     403     401
getRtmMonthlySummaryPdfUrl               401     ok      404     ok      404     404     404     404     403     403     401
listGaitPatientRecords                   401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listGaitSessions                         401     ok      404     ok      404     404     404     404     403     403     401
getGaitReport                            401     ok      ok      ok      ok      ok      ok      ok      403     403     401
setGaitSessionComment                    401     ok      404     ok      403     404     404     403     403     403     401
listScanSessions                         401     ok      ok      ok      ok      ok      ok      ok      403     403     401
getScanSession                           401     ok      404     ok      404     404     404     404     403     403     401
getScanPoseLogSignedUrl                  401     ok      404     ok      404     404     404     404     403     403     401
getScanHandsLogSignedUrl                 401     ok      404     ok      404     404     404     404     403     403     401
listAssessments                          401     ok      ok      ok      ok      ok      ok      ok      403     403     401
listRiskFactorOutcomes                   401     ok      ok      ok      ok      ok      ok      ok      403     403     401
getScanClientModules                     401     ok      ok      ok      ok      ok      ok      ok      403     403     401
adminListOrganizations                   401     403     403     403     403     403     ok      ok      403     403     401
adminCreateOrganization                  401     403     403     403     403     403     ok      403     403     403     401
adminGetOrganization                     401     403     403     403     403     403     ok      ok      403     403     401
adminUpdateOrganization                  401     403     403     403     403     403     ok      403     403     403     401
adminEnableOrganization                  401     403     403     403     403     403     ok      403     403     403     401
adminDisableOrganization                 401     403     403     403     403     403     ok      403     403     403     401
adminUploadOrganizationLogo              401     403     403     403     403     403     ok      403     403     403     401
adminListLocations                       401     403     403     403     403     403     ok      ok      403     403     401
adminUpdateLocationKeyword               401     403     403     403     403     403     ok      403     403     403     401
adminListScanOrganizationsWithLocations  401     403     403     403     403     403     ok      ok      403     403     401
adminGetUserProfile                      401     403     403     403     403     403     ok      ok      403     403     401
adminGetInviteCode                       401     403     403     403     403     403     ok      ok      403     403     401
getPatientAccessHistory                  401     403     403     ok      404     403     ok      ok      403     403     401
searchAccessHistory                      401     403     403     403     403     403     ok      ok      403     403     401
adminGetInsights                         401     403     403     403     403     403     ok      ok      403     403     401
adminGetScanModulesOverride              401     403     403     403     403     403     ok      ok      403     403     401
adminSetScanModulesOverride              401     403     403     403     403     403     ok      ok      403     403     401
adminResetScanModulesOverride            401     403     403     403     403     403     ok      ok      403     403     401
adminListTypeformForms                   401     403     403     403     403     403     ok      ok      403     403     401
adminAddTypeformForm                     401     403     403     403     403     403     ok      403     403     403     401
adminListUnprocessedTypeformResponses    401     403     403     403     403     403     ok      ok      403     403     401
adminListScanClientVersions              401     403     403     403     403     403     ok      ok      403     403     401
adminUpdateScanClientVersion             401     403     403     403     403     403     ok      403     403     403     401
adminListRiskFactorOutcomes              401     403     403     403     403     403     ok      ok      403     403     401
adminSaveRiskFactorOutcome               401     403     403     403     403     403     ok      403     403     403     401
adminListScanSessions                    401     403     403     403     403     403     ok      ok      403     403     401
adminGetScanSessionArtifactSignedUrl     401     403     403     403     403     403     ok      ok      403     403     401
adminListGaitSessions                    401     403     403     403     403     403     ok      ok      403     403     401
adminGetGaitSessionPoseLogSignedUrl      401     403     403     403     403     403     ok      ok      403     403     401
`;

export const apiMatrix: Record<string, Record<Caller, ApiClass>> = Object.fromEntries(
  Object.entries(parseTable<string>(API_TABLE, ["ok", "400", "401", "403", "404", "409"])).map(([k, row]) => [
    k,
    Object.fromEntries(Object.entries(row).map(([c, v]) => [c, v === "ok" ? "ok" : (Number(v) as ApiClass)])) as Record<Caller, ApiClass>,
  ]),
);

export const missingOperationRows = (operationIds: string[]) => operationIds.filter((id) => !apiMatrix[id]);
export const extraOperationRows = (operationIds: string[]) => Object.keys(apiMatrix).filter((id) => !operationIds.includes(id));

// ------------------------------------------------------------------------------------------------ portal routes
export const APP_DIR = fileURLToPath(new URL("../../app/", import.meta.url));

interface RouteEntry {
  /** The route module's name in app/routes/, without extension (the matrix's key). */
  name: string;
  /** Its file, relative to app/. */
  file: string;
  /** Its URL pattern, the parents' paths joined ("/patients/:patientRecordId"). */
  pattern: string;
}

let configRoutes: RouteEntry[] | undefined;
/**
 * Every route of the app's route config (app/routes.ts), read from React Router itself (`react-router routes
 * --json`, the config the build and the server use), so a route reaches this matrix however it is declared.
 */
function routeEntries(): RouteEntry[] {
  if (configRoutes) return configRoutes;
  const entries: RouteEntry[] = [];
  const walk = (routes: ConfigRoute[], parent: string) => {
    for (const r of routes) {
      const path = [parent, r.path ?? ""].filter(Boolean).join("/");
      if (r.id !== "root") {
        if (!r.file.startsWith("routes/")) throw new Error(`route ${r.id} (${r.file}) is outside app/routes: give the matrix a way to name it`);
        entries.push({ name: r.file.slice("routes/".length).replace(/\.(tsx?|jsx?)$/, ""), file: r.file, pattern: `/${path}` });
      }
      walk(r.children ?? [], path);
    }
  };
  walk(readRouteConfig(), "");
  configRoutes = entries.sort((a, b) => a.name.localeCompare(b.name));
  return configRoutes;
}

/** The route modules of the app's route config, by name (`_app.patients._index`). */
export const routeFiles = (): string[] => routeEntries().map((e) => e.name);

/** A route's URL pattern as the route config resolves it: `_app.patients.$patientRecordId` → `/patients/:patientRecordId`. */
export function urlPattern(name: string): string {
  const entry = routeEntries().find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is not in the route config`);
  return entry.pattern;
}

export const missingRouteRows = (files = routeFiles()) => files.filter((f) => !routeMatrix[f]);

/** The route files that export an `action` (they answer POSTs): each needs a row in ROUTE_POST_TABLE. */
export const actionRouteFiles = (): string[] =>
  routeFiles().filter((f) => {
    const entry = routeEntries().find((e) => e.name === f)!;
    return /export\s+(async\s+)?(function|const)\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/.test(readFileSync(`${APP_DIR}${entry.file}`, "utf8"));
  });

export const missingPostRows = (files = actionRouteFiles()) => files.filter((f) => !routePostMatrix[f]);

/** A row of the portal table: the route file, the URL to request (with seeded ids), the classes. */
export interface RouteRow {
  file: string;
  url: string;
  method: "GET" | "POST";
  expect: Record<Caller, PortalClass>;
}

const ROUTE_TABLE = `
route                                                             anon    prac    prac2   padmin  scan    other   exer    support nogrp   disab   expired
_app                                                              login   home    home    home    home    home    home    home    login   login   login
_app.$                                                            login   nf      nf      nf      nf      nf      nf      nf      login   login   login
_app._index                                                       login   home    home    home    home    home    home    home    login   login   login
_app.billing.$                                                    login   nf      nf      nf      nf      nf      nf      nf      login   login   login
_app.demo.hands                                                   login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.gait._index                                                  login   ->/gait/reports/ ->/gait/reports/ ->/gait/reports/ nf      ->/gait/reports/ ->/gait/reports/ ->/gait/reports/ login   login   login
_app.gait.events.patients                                         login   ok      ok      ok      nf      ok      ok      ok      login   login   login
_app.gait.reconcile                                               login   ok      ok      ok      nf      ok      ok      ok      login   login   login
_app.gait.reports                                                 login   ok      ok      ok      nf      ok      ok      ok      login   login   login
_app.home                                                         login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.organization                                                 login   ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ login login login
_app.organization._index                                          login   ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ ->/organization/details/ login login login
_app.organization.details                                         login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.organization.providers                                       login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.patients.$patientRecordId                                    login   ->/patients/{id}/health/activity/ nf      ->/patients/{id}/health/activity/ nf      nf      nf      nf      login   login   login
_app.patients.$patientRecordId.$patientProduct                    login   ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ nf      ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ login   login   login
_app.patients.$patientRecordId.$patientProduct.$patientSection    login   ok      nf      ok      nf      nf      nf      nf      login   login   login
_app.patients.$patientRecordId.$patientProduct._index             login   ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ nf      ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ ->/patients/{id}/health/activity/ login   login   login
_app.patients.$patientRecordId._index                             login   ->/patients/{id}/health/activity/ nf      ->/patients/{id}/health/activity/ nf      nf      nf      nf      login   login   login
_app.patients._index                                              login   ok      ok      ok      nf      ok      ok      ok      login   login   login
_app.programs.exercise-library                                    login   ok      ok      ok      nf      nf      ok      ok      login   login   login
_app.programs.paths                                               login   nf      nf      nf      nf      nf      ok      nf      login   login   login
_app.programs.products                                            login   nf      nf      nf      nf      nf      ok      ok      login   login   login
_app.programs.templates.$templateId                               login   ok      ok      ok      nf      nf      nf      nf      login   login   login
_app.programs.templates._index                                    login   ok      ok      ok      nf      nf      ok      ok      login   login   login
_app.programs.templates.builder                                   login   ok      ok      ok      nf      nf      ok      ok      login   login   login
_app.rtm-billing.cycles-by-month                                  login   ok      ok      ok      nf      nf      ok      ok      login   login   login
_app.scan._index                                                  login   ->/scan/sessions/ ->/scan/sessions/ ->/scan/sessions/ ->/scan/sessions/ ->/scan/sessions/ ->/scan/sessions/ ->/scan/sessions/ login   login   login
_app.scan.reports                                                 login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.scan.sessions.$sessionId.replay                              login   ok      nf      ok      nf      nf      nf      nf      login   login   login
_app.scan.sessions._index                                         login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.telehealth._index                                            login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.telehealth.external-shoulder-rotation                        login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.telehealth.hands                                             login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.telehealth.tremors                                           login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.user.account.$accountPath                                    login   ok      ok      ok      ok      ok      ok      ok      login   login   login
_app.user.account._index                                          login   ->/user/account/info/ ->/user/account/info/ ->/user/account/info/ ->/user/account/info/ ->/user/account/info/ ->/user/account/info/ ->/user/account/info/ login login login
admin                                                             login   root    root    root    root    root    ->/admin/organizations/ ->/admin/settings/ login   login   login
admin.$                                                           login   root    root    root    root    root    nf      nf      login   login   login
admin._index                                                      login   root    root    root    root    root    ->/admin/organizations/ ->/admin/settings/ login   login   login
admin.insights                                                    login   root    root    root    root    root    ok      ok      login   login   login
admin.locations                                                   login   root    root    root    root    root    ok      ok      login   login   login
admin.organizations                                               login   root    root    root    root    root    ok      ok      login   login   login
admin.pros._index                                                 login   root    root    root    root    root    ->/admin/pros/forms/ ->/admin/pros/forms/ login   login   login
admin.pros.forms                                                  login   root    root    root    root    root    ok      ok      login   login   login
admin.pros.responses                                              login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.client-versions                                        login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.organizations.$organizationId.analysis                 login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.organizations.$organizationId.modules                  login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.organizations._index                                   login   root    root    root    root    root    ok      ok      login   login   login
admin.settings._index                                             login   root    root    root    root    root    ok      ok      login   login   login
admin.users._index                                                login   root    root    root    root    root    ->/admin/users/find-by-uuid ->/admin/users/find-by-uuid login   login   login
admin.users.find-by-uuid                                          login   root    root    root    root    root    ok      ok      login   login   login
admin.users.signup-link                                           login   root    root    root    root    root    ok      ok      login   login   login
_app.patients.$patientRecordId.access-history                     login   ->/patients/{id} ->/patients/{id} ok      nf      ->/patients/{id} nf      nf      login   login   login
admin.access-history                                              login   root    root    root    root    root    ok      ok      login   login   login
admin.gait._index                                                 login   root    root    root    root    root    ->/admin/gait/sessions ->/admin/gait/sessions login   login   login
admin.gait.sessions._index                                        login   root    root    root    root    root    ok      ok      login   login   login
admin.gait.sessions.$sessionId.replay                             login   root    root    root    root    root    ok      ok      login   login   login
admin.gait.sessions.$sessionId.frame[.svg]                        login   root    root    root    root    root    ok      ok      login   login   login
admin.gait.sessions.$sessionId.pose-log[.json]                    login   root    root    root    root    root    ok      ok      login   login   login
admin.scan._index                                                 login   root    root    root    root    root    ->/admin/scan/sessions/ ->/admin/scan/sessions/ login   login   login
admin.scan.sessions._index                                        login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.sessions.$sessionId.replay                             login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.sessions.$sessionId.frame[.svg]                        login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.sessions.$sessionId.log[.json]                         login   root    root    root    root    root    ok      ok      login   login   login
admin.scan.sessions.$sessionId.analysis[.pdf]                     login   root    root    root    root    root    ok      ok      login   login   login
demo.hands.frame[.svg]                                            login   ok      ok      ok      ok      ok      ok      ok      login   login   login
gait.reports.$export                                              login   nf      nf      nf      nf      nf      nf      nf      login   login   login
patients.$patientRecordId.programs.$hepId.print                   login   ok      nf      ok      nf      nf      nf      nf      login   login   login
patients.$patientRecordId.report[.pdf]                            login   ok      nf      ok      nf      nf      nf      nf      login   login   login
rtm-billing.cycles.$cycleId[.pdf]                                 login   ok      nf      ok      nf      nf      nf      nf      login   login   login
rtm-billing.monthly-summaries.$summaryId[.pdf]                    login   ok      nf      ok      nf      nf      nf      nf      login   login   login
rtm-billing.months.$month[.csv]                                   login   ok      ok      ok      nf      nf      ok      ok      login   login   login
rtm-billing.months.$month.patients.$patientRecordId[.pdf]         login   ok      nf      ok      nf      nf      nf      nf      login   login   login
scan.reports.$export                                              login   nf      nf      nf      nf      nf      nf      nf      login   login   login
scan.sessions.$sessionId.analysis[.pdf]                           login   ok      nf      ok      nf      nf      nf      nf      login   login   login
scan.sessions.$sessionId.export[.json]                            login   nf      nf      nf      nf      ok      nf      nf      login   login   login
scan.sessions.$sessionId.frame[.svg]                              login   ok      nf      ok      nf      nf      nf      nf      login   login   login
scan.sessions.$sessionId.hands-log[.json]                         login   ok      nf      ok      nf      nf      nf      nf      login   login   login
scan.sessions.$sessionId.pose-log[.json]                          login   ok      nf      ok      nf      nf      nf      nf      login   login   login
shell.filter                                                      login   home    home    home    home    home    home    home    login   login   login
shell.sidebar                                                     home    home    home    home    home    home    home    home    home    home    home
user.create.$code                                                 ok      root    root    root    root    root    root    root    ok      ok      ok
user.forgot-password                                              ok      root    root    root    root    root    root    root    ok      ok      ok
user.keep-alive                                                   login   root    root    root    root    root    root    root    login   login   login
user.login                                                        ok      root    root    root    root    root    root    root    ok      ok      ok
user.login_.mfa                                                   login   root    root    root    root    root    root    root    login   login   login
user.logout                                                       login   ok      ok      ok      ok      ok      ok      ok      login   login   login
user.not-found                                                    login   root    root    root    root    root    root    root    login   login   login
user.reset-password                                               login   root    root    root    root    root    root    root    login   login   login
user.sso                                                          login   login   login   login   login   login   login   login   login   login   login
user.sso.callback                                                 login   login   login   login   login   login   login   login   login   login   login
`;

/**
 * The URL each route is requested at, with ids the spec learns from the API (tests/e2e/helpers/seeded-ids.ts, shared
 * with the layout walk), each an object the route can show, so that the callers allowed to see it get `ok`:
 *   {patient} a Health patient at prac's location; {programPatient} one with a program, {hep} that program;
 *   {scanSession} / {scanSessionUuid} / {scanLocation} the id / UUID / location of one of A's scan sessions at prac's location with a pose
 *   log of scan 2.18.0 or later (the replay's rule); {scanHandsSession} one of A's at prac's location with a hands
 *   log; {exportSession} the research export's session: one of C's
 *   for `other` (its own), A's for everyone else; {template} one of A's templates; {cycle} one of A's RTM cycles,
 *   {summary} a monthly summary of its month, {month} that month (yyyy-LL), {cyclePatient} its patient; {org} organization B (a scan organization);
 *   {adminScanSession} the UUID of a replayable scan session, {adminGaitSession} a gait session with a pose log.
 */
export const ROUTE_URLS: Record<string, string> = {
  "_app": "/",
  "_app.$": "/no-such-page/",
  "_app._index": "/",
  "_app.billing.$": "/billing/no-such-page/",
  "_app.demo.hands": "/demo/hands/",
  "_app.gait._index": "/gait/",
  "_app.gait.events.patients": "/gait/events/patients/",
  "_app.gait.reconcile": "/gait/reconcile/",
  "_app.gait.reports": "/gait/reports/",
  "_app.home": "/home/",
  "_app.organization": "/organization/",
  "_app.organization._index": "/organization/",
  "_app.organization.details": "/organization/details/",
  "_app.organization.providers": "/organization/providers/",
  "_app.patients.$patientRecordId": "/patients/{patient}/",
  "_app.patients.$patientRecordId.$patientProduct": "/patients/{patient}/health/",
  "_app.patients.$patientRecordId.$patientProduct.$patientSection": "/patients/{patient}/health/activity/",
  "_app.patients.$patientRecordId.$patientProduct._index": "/patients/{patient}/health/",
  "_app.patients.$patientRecordId._index": "/patients/{patient}/",
  "_app.patients._index": "/patients/",
  "_app.programs.exercise-library": "/programs/exercise-library/",
  "_app.programs.paths": "/programs/paths/",
  "_app.programs.products": "/programs/products/",
  "_app.programs.templates.$templateId": "/programs/templates/{template}/",
  "_app.programs.templates._index": "/programs/templates/",
  "_app.programs.templates.builder": "/programs/templates/builder/?action=create-template",
  "_app.rtm-billing.cycles-by-month": "/rtm-billing/cycles-by-month/",
  "_app.scan._index": "/scan/",
  "_app.scan.reports": "/scan/reports/",
  "_app.scan.sessions.$sessionId.replay": "/scan/sessions/{scanSession}/replay/",
  "_app.scan.sessions._index": "/scan/sessions/",
  "_app.telehealth._index": "/telehealth/",
  "_app.telehealth.external-shoulder-rotation": "/telehealth/external-shoulder-rotation/",
  "_app.telehealth.hands": "/telehealth/hands/",
  "_app.telehealth.tremors": "/telehealth/tremors/",
  "_app.user.account.$accountPath": "/user/account/info/",
  "_app.user.account._index": "/user/account/",
  "admin": "/admin/",
  "admin.$": "/admin/no-such-page/",
  "admin._index": "/admin/",
  "admin.insights": "/admin/insights/",
  "admin.locations": "/admin/locations/",
  "admin.organizations": "/admin/organizations/",
  "admin.pros._index": "/admin/pros/",
  "admin.pros.forms": "/admin/pros/forms/",
  "admin.pros.responses": "/admin/pros/responses/",
  "admin.scan.client-versions": "/admin/scan/client-versions/",
  "admin.scan.organizations.$organizationId.analysis": "/admin/scan/organizations/{org}/analysis/",
  "admin.scan.organizations.$organizationId.modules": "/admin/scan/organizations/{org}/modules/",
  "admin.scan.organizations._index": "/admin/scan/organizations/",
  "admin.settings._index": "/admin/settings/",
  "admin.users._index": "/admin/users/",
  "admin.users.find-by-uuid": "/admin/users/find-by-uuid/",
  "admin.users.signup-link": "/admin/users/signup-link/",
  "_app.patients.$patientRecordId.access-history": "/patients/{patient}/access-history",
  "admin.access-history": "/admin/access-history",
  "admin.gait._index": "/admin/gait/",
  "admin.gait.sessions._index": "/admin/gait/sessions",
  "admin.gait.sessions.$sessionId.replay": "/admin/gait/sessions/{adminGaitSession}/replay",
  "admin.gait.sessions.$sessionId.frame[.svg]": "/admin/gait/sessions/{adminGaitSession}/frame.svg",
  "admin.gait.sessions.$sessionId.pose-log[.json]": "/admin/gait/sessions/{adminGaitSession}/pose-log.json",
  "admin.scan._index": "/admin/scan/",
  "admin.scan.sessions._index": "/admin/scan/sessions/",
  "admin.scan.sessions.$sessionId.replay": "/admin/scan/sessions/{adminScanSession}/replay",
  "admin.scan.sessions.$sessionId.frame[.svg]": "/admin/scan/sessions/{adminScanSession}/frame.svg",
  "admin.scan.sessions.$sessionId.log[.json]": "/admin/scan/sessions/{adminScanSession}/log.json",
  "admin.scan.sessions.$sessionId.analysis[.pdf]": "/admin/scan/sessions/{adminScanSession}/analysis.pdf",
  "demo.hands.frame[.svg]": "/demo/hands/frame.svg",
  "gait.reports.$export": "/gait/reports/csv/",
  "patients.$patientRecordId.programs.$hepId.print": "/patients/{programPatient}/programs/{hep}/print/",
  "patients.$patientRecordId.report[.pdf]": "/patients/{patient}/report.pdf",
  "rtm-billing.cycles.$cycleId[.pdf]": "/rtm-billing/cycles/{cycle}.pdf",
  "rtm-billing.monthly-summaries.$summaryId[.pdf]": "/rtm-billing/monthly-summaries/{summary}.pdf",
  "rtm-billing.months.$month[.csv]": "/rtm-billing/months/{month}.csv",
  "rtm-billing.months.$month.patients.$patientRecordId[.pdf]": "/rtm-billing/months/{month}/patients/{cyclePatient}.pdf",
  "scan.reports.$export": "/scan/reports/csv/",
  "scan.sessions.$sessionId.analysis[.pdf]": "/scan/sessions/{scanSessionUuid}/analysis.pdf",
  "scan.sessions.$sessionId.export[.json]": "/scan/sessions/{exportSession}/export.json",
  "scan.sessions.$sessionId.frame[.svg]": "/scan/sessions/{scanSession}/frame.svg",
  "scan.sessions.$sessionId.hands-log[.json]": "/scan/sessions/{scanHandsSession}/hands-log.json",
  "scan.sessions.$sessionId.pose-log[.json]": "/scan/sessions/{scanSession}/pose-log.json",
  "shell.filter": "/shell/filter/",
  "shell.sidebar": "/shell/sidebar/",
  "user.create.$code": "/user/create/DEMO-INVITE-0001/",
  "user.forgot-password": "/user/forgot-password/",
  "user.keep-alive": "/user/keep-alive/",
  "user.login": "/user/login/",
  "user.login_.mfa": "/user/login/mfa/",
  "user.logout": "/user/logout/",
  "user.not-found": "/user/not-found/",
  "user.reset-password": "/user/reset-password/",
  "user.sso": "/user/sso/",
  "user.sso.callback": "/user/sso/callback/",
};

export const routeMatrix: Record<string, Record<Caller, PortalClass>> = parseTable<PortalClass>(ROUTE_TABLE, ["ok", "login", "root", "home", "nf", "403", "405", "400"]);

// The action routes, POSTed at the same URLs with an empty form: no form token, no fields (no `intent` either, so
// a route that dispatches on one takes its unknown-intent path). A caller who may not make the change gets what
// the GET gives them (login, not found, back to the dashboard) — never a 2xx nor a redirect that means success.
// A caller who may gets the form refusal (400 with the page) or what the route does with an empty form.
const ROUTE_POST_TABLE = `
route                                                             anon    prac    prac2   padmin  scan    other   exer    support nogrp   disab   expired
_app.$                                                            login   nf      nf      nf      nf      nf      nf      403     login   login   login
_app.gait.events.patients                                         login   400     400     400     nf      400     400     403     login   login   login
_app.gait.reconcile                                               login   400     400     400     nf      400     400     403     login   login   login
_app.organization.details                                         login   403     403     400     400     403     400     403     login   login   login
_app.organization.providers                                       login   403     403     400     400     403     400     403     login   login   login
_app.patients.$patientRecordId                                    login   400     nf      400     nf      nf      nf      403     login   login   login
_app.patients.$patientRecordId.$patientProduct                    login   400     400     400     nf      400     400     403     login   login   login
_app.patients.$patientRecordId.$patientProduct.$patientSection    login   400     400     400     nf      400     400     403     login   login   login
_app.patients._index                                              login   400     400     400     nf      400     400     403     login   login   login
_app.programs.exercise-library                                    login   400     400     400     nf      nf      400     400     login   login   login
_app.programs.paths                                               login   nf      nf      nf      nf      nf      400     403     login   login   login
_app.programs.templates._index                                    login   400     400     400     nf      nf      400     403     login   login   login
_app.programs.templates.builder                                   login   400     400     400     nf      nf      400     403     login   login   login
_app.rtm-billing.cycles-by-month                                  login   400     400     400     nf      nf      400     403     login   login   login
_app.user.account.$accountPath                                    login   400     400     400     400     400     400     400     login   login   login
admin.locations                                                   login   root    root    root    root    root    400     403     login   login   login
admin.organizations                                               login   root    root    root    root    root    400     403     login   login   login
admin.pros.forms                                                  login   root    root    root    root    root    400     403     login   login   login
admin.scan.client-versions                                        login   root    root    root    root    root    400     403     login   login   login
admin.scan.organizations.$organizationId.analysis                 login   root    root    root    root    root    nf      403     login   login   login
admin.scan.organizations.$organizationId.modules                  login   root    root    root    root    root    400     403     login   login   login
admin.settings._index                                             login   root    root    root    root    root    400     400     login   login   login
shell.filter                                                      login   ok      ok      ok      ok      ok      ok      ok      login   login   login
shell.sidebar                                                     ok      ok      ok      ok      ok      ok      ok      ok      ok      ok      ok
user.create.$code                                                 400     root    root    root    root    root    root    root    400     400     400
user.forgot-password                                              400     root    root    root    root    root    root    root    400     400     400
user.keep-alive                                                   login   root    root    root    root    root    root    root    login   login   login
user.login                                                        400     root    root    root    root    root    root    root    400     400     400
user.login_.mfa                                                   login   login   login   login   login   login   login   login   login   login   login
user.logout                                                       login   login   login   login   login   login   login   login   login   login   login
user.reset-password                                               login   login   login   login   login   login   login   login   login   login   login
user.sso                                                          ->/oauth2/authorize root    root    root    root    root    root    root    ->/oauth2/authorize ->/oauth2/authorize login
`;

export const routePostMatrix: Record<string, Record<Caller, PortalClass>> = parseTable<PortalClass>(ROUTE_POST_TABLE, ["ok", "login", "root", "home", "nf", "403", "405", "400", "401", "429"]);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const contract = JSON.parse(readFileSync(fileURLToPath(new URL("../../openapi/dist/provider-api.json", import.meta.url)), "utf8")) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const ids = Object.values(contract.paths).flatMap((item) => Object.values(item).map((o) => o?.operationId).filter((x): x is string => typeof x === "string"));
  const routes = missingRouteRows();
  const posts = missingPostRows();
  const ops = missingOperationRows(ids);
  console.log(`route files without a row (${routes.length}):\n${routes.map((f) => `  ${f}  ${urlPattern(f)}`).join("\n")}`);
  console.log(`action routes without a POST row (${posts.length}):\n${posts.map((f) => `  ${f}  ${urlPattern(f)}`).join("\n")}`);
  console.log(`operations without a row (${ops.length}):\n${ops.map((o) => `  ${o}`).join("\n")}`);
  process.exitCode = routes.length + posts.length + ops.length ? 1 : 0;
}
