import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";

export type ProQuestion = Schema<"ProQuestion">;

interface ProRow {
  id: string;
  question_id: string;
  text: string;
  is_chartable: boolean;
  min_value: string | number | null;
  max_value: string | number | null;
  pro_answer_type: string;
  answers: { dateTime: string; value: string }[] | null;
}

const TYPES = new Set(["CHOICE", "BOOLEAN", "TEXT", "UNKNOWN"]);
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));

/** The patient's PRO questions with their answers (oldest first); `start`/`end` are inclusive UTC days. */
export async function listProsOf(db: Db, patientId: string, start?: string, end?: string): Promise<ProQuestion[]> {
  const rows = await db.query<ProRow>(
    `SELECT q.id, q.question_id, q.text, q.is_chartable, q.min_value, q.max_value, q.pro_answer_type,
            (SELECT json_agg(json_build_object('dateTime', a.date_time, 'value', a.value) ORDER BY a.date_time, a.id)
               FROM pro_answers a
              WHERE a.pro_question_id = q.id
                AND ($2::date IS NULL OR a.date_time >= ($2::date)::timestamp AT TIME ZONE 'UTC')
                AND ($3::date IS NULL OR a.date_time < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')) AS answers
       FROM pro_questions q
      WHERE q.patient_record_id = $1
      ORDER BY q.question_id, q.id`,
    [patientId, start ?? null, end ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    questionId: r.question_id,
    text: r.text,
    isChartable: r.is_chartable,
    minValue: num(r.min_value),
    maxValue: num(r.max_value),
    proAnswerType: (TYPES.has(r.pro_answer_type) ? r.pro_answer_type : "UNKNOWN") as ProQuestion["proAnswerType"],
    answers: (r.answers ?? []).map((a) => ({ dateTime: new Date(a.dateTime).toISOString(), value: String(a.value) })),
  }));
}
