import type { Schema } from "../../core/contract.js";
import type { Db } from "../../db/db.js";
import { orgTodaySql } from "../patients/record.js";

/** The sessions window of the admin Insights page. */
export const INSIGHTS_WINDOW_DAYS = 30;

interface InsightsRow {
  id: string;
  name: string;
  disabled: boolean;
  products: string[];
  active_patients: number;
  sessions: number;
  ready_to_bill: number;
  since: Date | string;
}

/**
 * The admin Insights figures per organization (all of them, by name), computed in one query: active patients
 * (not hidden, plan open on the organization's today, as the patient lists count ACTIVE), health + gait + scan
 * sessions since `now() - 30 days`, and RTM cycles READY_TO_BILL.
 */
export async function adminInsights(db: Db): Promise<Schema<"AdminInsights">> {
  const rows = await db.query<InsightsRow>(
    `WITH w AS (SELECT now() - make_interval(days => $1) AS since)
     SELECT o.id, o.name, o.disabled, o.products, w.since,
            (SELECT count(*)::int FROM patient_records pr
              WHERE pr.organization_id = o.id AND NOT pr.hidden
                AND (pr.discharge_date IS NULL OR pr.discharge_date >= ${orgTodaySql("o")})) AS active_patients,
            ((SELECT count(*) FROM health_sessions hs JOIN patient_records pr ON pr.id = hs.patient_record_id
               WHERE pr.organization_id = o.id AND hs.date >= w.since)
             + (SELECT count(*) FROM gait_sessions gs WHERE gs.organization_id = o.id AND gs.captured_date >= w.since)
             + (SELECT count(*) FROM scan_sessions ss WHERE ss.organization_id = o.id AND ss.created_date >= w.since))::int AS sessions,
            (SELECT count(*)::int FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id
              WHERE pr.organization_id = o.id AND c.status = 'READY_TO_BILL') AS ready_to_bill
       FROM organizations o CROSS JOIN w
      ORDER BY lower(o.name), o.id`,
    [INSIGHTS_WINDOW_DAYS],
  );
  const since = rows[0] ? new Date(rows[0].since) : new Date(Date.now() - INSIGHTS_WINDOW_DAYS * 86_400_000);
  return {
    since: since.toISOString(),
    organizations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      disabled: r.disabled,
      products: r.products as Schema<"AdminInsights">["organizations"][number]["products"],
      activePatients: r.active_patients,
      sessionsLast30Days: r.sessions,
      cyclesReadyToBill: r.ready_to_bill,
    })),
  };
}
