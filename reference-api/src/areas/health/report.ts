import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";
import { loadPatientRecord } from "../patients/record.js";
import type { HealthSet } from "./sessions.js";
import { fields, heading, PDF_FONT, renderPdf, table, usDate, usDateTime } from "./pdf.js";

export type ActivityReport = Schema<"ActivityReport">;
type ReportExercise = ActivityReport["exercises"][number];

const DAY_MS = 86_400_000;

export interface ReportRange {
  /** ISO instants. */
  start: string;
  end: string;
  groupBySide: boolean;
}

/**
 * The activity report of a patient (already authorized). Days are calendar days in the organization's
 * time zone; activity days are unique dates of sessions and PRO responses.
 */
export async function buildActivityReport(db: Db, patientId: string, range: ReportRange): Promise<{ report: ActivityReport; timeZone: string }> {
  const patientRecord = await loadPatientRecord(db, patientId);
  const org = await db.one<{ timezone: string; min_date: string; max_date: string }>(
    `SELECT o.timezone, ($2::timestamptz AT TIME ZONE o.timezone)::date::text AS min_date,
            ($3::timestamptz AT TIME ZONE o.timezone)::date::text AS max_date
       FROM patient_records pr JOIN organizations o ON o.id = pr.organization_id WHERE pr.id = $1`,
    [patientId, range.start, range.end],
  );
  const timeZone = org?.timezone ?? "America/Denver";
  const minDate = org?.min_date ?? range.start.slice(0, 10);
  const maxDate = org?.max_date ?? range.end.slice(0, 10);

  const sessions = await db.query<{ day: string; sets: HealthSet[] | null }>(
    `SELECT (hs.date AT TIME ZONE $4)::date::text AS day, hs.sets
       FROM health_sessions hs
      WHERE hs.patient_record_id = $1 AND hs.date >= $2::timestamptz AND hs.date <= $3::timestamptz
      ORDER BY hs.date, hs.id`,
    [patientId, range.start, range.end, timeZone],
  );
  const answers = await db.query<{
    id: string; question_id: string; text: string; is_chartable: boolean; min_value: string | null; max_value: string | null;
    date_time: Date | string; value: string; day: string;
  }>(
    `SELECT pq.id, pq.question_id, pq.text, pq.is_chartable, pq.min_value::text AS min_value, pq.max_value::text AS max_value,
            pa.date_time, pa.value, (pa.date_time AT TIME ZONE $4)::date::text AS day
       FROM pro_questions pq JOIN pro_answers pa ON pa.pro_question_id = pq.id
      WHERE pq.patient_record_id = $1 AND pa.date_time >= $2::timestamptz AND pa.date_time <= $3::timestamptz
      ORDER BY pq.question_id, pq.id, pa.date_time, pa.id`,
    [patientId, range.start, range.end, timeZone],
  );

  // Exercises: per exercise (and side), per day: total reps and the range of motion.
  const groups = new Map<string, ReportExercise & { byDay: Map<string, ReportExercise["days"][number]> }>();
  for (const s of sessions) {
    for (const set of s.sets ?? []) {
      const side = range.groupBySide ? set.sideOfBody : null;
      const key = `${set.exerciseId}|${side ?? ""}`;
      let g = groups.get(key);
      if (!g) {
        g = { exerciseId: set.exerciseId, exerciseName: set.exerciseName, goalType: set.setGoal.goalType, sideOfBody: side, days: [], byDay: new Map() };
        groups.set(key, g);
      }
      g.goalType = set.setGoal.goalType; // the most recent set's goal type (sessions are oldest first)
      let d = g.byDay.get(s.day);
      if (!d) {
        d = { date: s.day, totalReps: 0, minRange: null, maxRange: null };
        g.byDay.set(s.day, d);
        g.days.push(d);
      }
      d.totalReps += set.setInfo.completedReps ?? 0;
      const lo = set.setInfo.romMin;
      const hi = set.setInfo.romMax;
      if (lo !== null && lo !== undefined) d.minRange = d.minRange === null ? lo : Math.min(d.minRange, lo);
      if (hi !== null && hi !== undefined) d.maxRange = d.maxRange === null ? hi : Math.max(d.maxRange, hi);
    }
  }
  const exercises: ReportExercise[] = [...groups.values()]
    .map(({ byDay: _byDay, ...g }) => g)
    .sort((a, b) => a.exerciseName.localeCompare(b.exerciseName) || a.exerciseId.localeCompare(b.exerciseId) || String(a.sideOfBody).localeCompare(String(b.sideOfBody)));

  const pros: ActivityReport["pros"] = [];
  for (const a of answers) {
    let q = pros[pros.length - 1];
    if (!q || q.id !== a.id) {
      q = {
        id: a.id,
        questionId: a.question_id,
        text: a.text,
        isChartable: a.is_chartable,
        minValue: a.min_value === null ? null : Number(a.min_value),
        maxValue: a.max_value === null ? null : Number(a.max_value),
        answers: [],
      };
      pros.push(q);
    }
    q.answers.push({ dateTime: new Date(a.date_time).toISOString(), value: a.value });
  }

  const sessionDays = new Set(sessions.map((s) => s.day));
  const proDays = new Set(answers.map((a) => a.day));
  const anyDays = new Set([...sessionDays, ...proDays]);
  const report: ActivityReport = {
    organization: patientRecord.organization,
    provider: patientRecord.practitioner,
    patientRecord,
    meta: {
      start: new Date(range.start).toISOString(),
      end: new Date(range.end).toISOString(),
      minDate,
      maxDate,
      dayCount: Math.round((Date.parse(maxDate) - Date.parse(minDate)) / DAY_MS) + 1,
      dayCountAnyActivity: anyDays.size,
      dayCountSessions: sessionDays.size,
      dayCountPROs: proDays.size,
    },
    exercises,
    pros,
  };
  return { report, timeZone };
}

/** The report's file name: the date (MM-dd-yyyy) plus first initial and last name, default 'exer_hep'. */
export function reportFileName(report: ActivityReport): string {
  const [y, m, d] = report.meta.maxDate.split("-");
  const clean = (s: string) => s.normalize("NFKD").replace(/[^A-Za-z0-9]/g, "");
  const p = report.patientRecord.patient;
  const name = `${clean(p.firstName).slice(0, 1)}${clean(p.lastName)}` || "exer_hep";
  return `${m}-${d}-${y}_${name}.pdf`;
}

const fmt = (n: number | null) => (n === null ? "–" : `${Math.round(n)}°`);
const sideLabel = (s: string | null) => (s ? s[0] + s.slice(1).toLowerCase() : "");

/** The report as a PDF document. */
export function renderActivityReportPdf(report: ActivityReport, timeZone: string): Promise<Buffer> {
  const p = report.patientRecord;
  return renderPdf(
    "Patient Activity Report",
    (doc) => {
    heading(doc, "Patient");
    fields(doc, [
      ["Name", `${p.patient.lastName}, ${p.patient.firstName}`],
      ["Date of birth", p.patient.dob ? usDate(p.patient.dob) : "–"],
      ["Provider", report.provider ? `${report.provider.lastName}, ${report.provider.firstName}` : "–"],
      ["Location", p.location?.name ?? "–"],
      ["Involved side / body part", `${p.productData.health?.injuredSideOfBody ?? "N/A"} / ${p.productData.health?.injuredBodyPart ?? "N/A"}`],
      ["Programs", p.productData.health?.heps.map((h) => h.name).join(", ") || "–"],
    ]);
    heading(doc, "Period");
    const m = report.meta;
    fields(doc, [
      ["Dates", `${usDate(m.minDate)} – ${usDate(m.maxDate)} (${m.dayCount} days)`],
      ["Days with any activity", `${m.dayCountAnyActivity}`],
      ["Days with sessions", `${m.dayCountSessions}`],
      ["Days with survey answers", `${m.dayCountPROs}`],
    ]);
    heading(doc, "Exercises");
    if (report.exercises.length === 0) doc.text("No sessions in this period.");
    for (const e of report.exercises) {
      doc.moveDown(0.3).font(PDF_FONT.bold).fontSize(10).text(`${e.exerciseName} (${e.exerciseId})${e.sideOfBody ? ` – ${sideLabel(e.sideOfBody)}` : ""} · goal ${e.goalType}`);
      table(
        doc,
        [{ title: "Date", width: 120 }, { title: "Total reps", width: 100 }, { title: "Min range", width: 100 }, { title: "Max range", width: 100 }],
        e.days.map((d) => [usDate(d.date), String(d.totalReps), fmt(d.minRange), fmt(d.maxRange)]),
      );
    }
    heading(doc, "Surveys");
    if (report.pros.length === 0) doc.text("No survey answers in this period.");
    for (const q of report.pros) {
      doc.moveDown(0.3).font(PDF_FONT.bold).fontSize(10).text(q.text);
      table(doc, [{ title: "Answered", width: 200 }, { title: "Answer", width: 200 }], q.answers.map((a) => [usDateTime(a.dateTime, timeZone), a.value]));
    }
    },
    // The shared letterhead (the organization's name, the title as the document's heading) and page footer.
    { letterhead: { logo: null, organizationName: report.organization.name, title: "Patient Activity Report" } },
  );
}
