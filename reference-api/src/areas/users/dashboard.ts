import { patientScope } from "../../core/access.js";
import type { Caller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import type { Db } from "../../db/db.js";

/** Each dashboard card lists at most this many patients (the card page size). */
export const DASHBOARD_LIST_CAP = 50;
/** 'No recent session' cut-off: no session in this many days. */
export const NO_RECENT_SESSION_DAYS = 7;

type Status = Schema<"PatientSummary">["status"];

/**
 * The dashboard lists in one statement over the caller's active patients (not hidden, not discharged before
 * today). Each list walks the name index (organization, last name, first name, id) and stops at 50 matches,
 * so it stays fast on the 100k world; only the total is a count over the whole scope.
 */
export async function dashboardActions(db: Db, caller: Caller): Promise<Schema<"ProviderActions">> {
  const params: unknown[] = [];
  const scope = patientScope(caller, params, "pr");
  params.push(NO_RECENT_SESSION_DAYS, DASHBOARD_LIST_CAP);
  const days = `$${params.length - 1}`;
  const cap = `$${params.length}`;
  const active = `${scope} AND NOT pr.hidden AND (pr.discharge_date IS NULL OR pr.discharge_date >= CURRENT_DATE)`;
  const health = `'HEALTH' = ANY(pr.products)`;
  const conditions: Record<Status, string> = {
    NO_ACCOUNT: `${health} AND NOT pr.has_account`,
    NO_HEP: `${health} AND NOT EXISTS (SELECT 1 FROM hep_assignments h WHERE h.patient_record_id = pr.id AND h.retired_at IS NULL)`,
    NO_RECENT_SESSION: `(${health} OR 'GAIT' = ANY(pr.products))
      AND (pr.most_recent_session IS NULL OR pr.most_recent_session < now() - make_interval(days => ${days}::int))`,
    // Few patients are ready to bill: the planner may start from the cycles' status index.
    READY_TO_BILL: `${health} AND pr.id IN (SELECT c.patient_record_id FROM rtm_cycles c WHERE c.status = 'READY_TO_BILL')`,
  };
  const lists = (Object.entries(conditions) as [Status, string][]).map(
    ([status, condition]) => `
      (SELECT '${status}' AS kind, pr.id, pr.first_name, pr.last_name, to_json(pr.most_recent_session)#>>'{}' AS most_recent_session, NULL::int AS n
         FROM patient_records pr
        WHERE ${active} AND ${condition}
        ORDER BY lower(pr.last_name), lower(pr.first_name), pr.id
        LIMIT ${cap})`,
  );
  const rows = await db.query<{ kind: string; id: string | null; first_name: string | null; last_name: string | null; most_recent_session: string | null; n: number | null }>(
    `SELECT 'TOTAL' AS kind, NULL::uuid AS id, NULL AS first_name, NULL AS last_name, NULL AS most_recent_session, count(*)::int AS n
       FROM patient_records pr WHERE ${active}
     UNION ALL ${lists.join("\n     UNION ALL ")}`,
    params,
  );
  const result: Schema<"ProviderActions"> = { NO_ACCOUNT: [], NO_HEP: [], NO_RECENT_SESSION: [], READY_TO_BILL: [], TOTAL_NUM_PATIENTS: 0 };
  for (const r of rows) {
    if (r.kind === "TOTAL") {
      result.TOTAL_NUM_PATIENTS = r.n ?? 0;
      continue;
    }
    const status = r.kind as Status;
    result[status].push({
      id: r.id!,
      firstName: r.first_name ?? "",
      lastName: r.last_name ?? "",
      status,
      mostRecentSession: r.most_recent_session ? new Date(r.most_recent_session).toISOString() : null,
    });
  }
  return result;
}
