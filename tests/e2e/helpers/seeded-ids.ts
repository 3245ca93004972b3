/**
 * Seeded objects for the routes' path parameters, learned from the demo world through the API once per worker:
 * the authorization matrix (authz-matrix.spec.ts) requests every route with them, the layout walk
 * (layout.spec.ts) opens every screen with them. The keys are the placeholders of tests/authz/matrix.ts ROUTE_URLS.
 */
import { canReplay } from "../../../app/domain/scan-display.js";
import { expect } from "../fixtures.js";
import { apiAs } from "./stack.js";

/** A scan session the replay, frame and pose-log routes can open: a pose log, recorded with scan 2.18.0 or later. */
const replayable = (s: { artifacts: string[]; session: { meta: { scanVersion: string } } }) => s.artifacts.includes("pose-log") && canReplay(s.session.meta.scanVersion);

/**
 * Seeded objects for the path parameters, learned from the API: organization A's as its practitioner (so prac and
 * padmin are the callers who may open them), the admin area's as the product admin. Each one is an object the
 * route can show (a program to print, a session with a pose log), so the allowed callers get `ok`: a route that
 * refused everyone fails the table.
 */
async function seededOnce(): Promise<Record<string, string>> {
  const api = await apiAs("practitioner@frontrange.example");
  const admin = await apiAs("productadmin@exer.example");
  const patients = await api.GET("/v2/health/patients/pages", { params: { query: { limit: 50, status: "ACTIVE" } } });
  const items = patients.data!.items;
  const sessions = await api.GET("/v2/scan/sessions/pages", { params: { query: { limit: 999, assessmentIds: ["AST-0018"] } } });
  const scanSession = (sessions.data?.items ?? []).find(replayable);
  expect(scanSession, "a scan session at prac's locations with a pose log of scan 2.18.0 or later").toBeTruthy();
  const tremors = await api.GET("/v2/scan/sessions/pages", { params: { query: { limit: 999, assessmentIds: ["AST-0031"] } } });
  const handsSession = (tremors.data?.items ?? []).find((s) => s.artifacts.includes("hands-log"));
  expect(handsSession, "a scan session at prac's locations with a hands log").toBeTruthy();
  const templates = await api.GET("/v2/health/hep-templates");
  const cycles = await api.GET("/v2/health/rtm-cycles", { params: { query: { limit: 5 } } });
  const cycle = (cycles.data as { items: { id: string; endDate: string; patientRecord: { id: string } }[] }).items[0];
  expect(cycle, "an RTM cycle of a patient at prac's locations").toBeTruthy();
  const month = await api.GET("/v2/health/rtm-cycles/{yearMonth}", { params: { path: { yearMonth: cycle!.endDate.slice(0, 7) }, query: { limit: 5 } } });
  const summary = (month.data as { items: { id: string }[] } | undefined)?.items[0];
  expect(summary, "a monthly summary of the cycle's month").toBeTruthy();
  // A patient with a program (the first patients may have none).
  let withProgram: { patient: string; hep: string } | undefined;
  for (const p of items) {
    const heps = await api.GET("/v2/health/patients/{id}/heps", { params: { path: { id: p.id } } });
    const hep = ((heps.data ?? []) as { id: string }[])[0];
    if (hep) {
      withProgram = { patient: p.id, hep: hep.id };
      break;
    }
  }
  expect(withProgram, "a patient at prac's locations with a program").toBeTruthy();
  // The admin area: organization B (a scan organization), a replayable scan session, a gait session with a pose log.
  const scanOrgs = await admin.GET("/v2/admin/scan/organizations/locations");
  const orgB = (scanOrgs.data ?? []).find((o) => o.name === "Summit Scan Labs");
  expect(orgB, "Summit Scan Labs among the scan organizations").toBeTruthy();
  const start = new Date(Date.now() - 27 * 86_400_000).toISOString();
  const adminSessions = await admin.GET("/v2/admin/scan/sessions/pages", { params: { query: { page: 1, limit: 999, start, assessmentIds: ["AST-0018"] } } });
  const adminScan = (adminSessions.data?.items ?? []).find(replayable);
  expect(adminScan, "a replayable scan session in the admin list").toBeTruthy();
  // The list says which gait sessions have a pose log (issue 25).
  const adminGait = ((await admin.GET("/v2/admin/gait/sessions", { params: { query: {} } })).data ?? []).find((s) => s.artifacts.includes("pose-log"))?.id;
  expect(adminGait, "a gait session with a pose log in the admin list").toBeTruthy();
  const record = await api.GET("/v2/patients/{id}/", { params: { path: { id: items[0]!.id } } });
  return {
    patientName: (record.data as { patient: { lastName: string } }).patient.lastName,
    patient: items[0]!.id,
    scanSession: scanSession!.id,
    scanSessionUuid: scanSession!.sessionUUID,
    scanLocation: (scanSession!.location?.id ?? "").toLowerCase(),
    scanHandsSession: handsSession!.id,
    template: (templates.data as { id: string }[])[0]!.id,
    cycle: cycle!.id,
    summary: summary!.id,
    month: cycle!.endDate.slice(0, 7),
    cyclePatient: cycle!.patientRecord.id,
    programPatient: withProgram!.patient,
    hep: withProgram!.hep,
    org: orgB!.id,
    adminScanSession: adminScan!.sessionUUID,
    adminGaitSession: adminGait!,
  };
}

let shared: Promise<Record<string, string>> | undefined;
/** The seeded ids (see seededOnce), learned once per worker. */
export const seededIds = (): Promise<Record<string, string>> => (shared ??= seededOnce());

/** A URL of tests/authz/matrix.ts with its {placeholders} filled in. */
export const fillIds = (url: string, ids: Record<string, string>) => url.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? `missing-${k}`);
