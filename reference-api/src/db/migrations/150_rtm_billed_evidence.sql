-- The evidence of a billed care-management code (docs/decisions/043-rtm-billing-without-locks.md, issue 32): the care
-- notes a 98979, 98980 or 98981 cycle was billed on, recorded when it is marked billed (ADVANCE) and dropped when it is
-- reverted. Only these notes are frozen (not deleted, not re-dated, minutes and call unchanged); a note documented
-- after the bill is not (it is shown as time after the bill). Device codes bill on days of data: no care note is theirs.
CREATE TABLE rtm_cycle_evidence (
  cycle_id       uuid NOT NULL REFERENCES rtm_cycles(id) ON DELETE CASCADE,
  interaction_id uuid NOT NULL REFERENCES interactions(id) ON DELETE CASCADE,
  PRIMARY KEY (cycle_id, interaction_id)
);
CREATE INDEX rtm_cycle_evidence_interaction ON rtm_cycle_evidence (interaction_id);

-- Until now a billed cycle locked every note dated in it and refused new ones, so the notes of a billed
-- care-management cycle are exactly its evidence.
INSERT INTO rtm_cycle_evidence (cycle_id, interaction_id)
SELECT c.id, i.id FROM rtm_cycles c JOIN interactions i ON i.patient_record_id = c.patient_record_id AND i.date BETWEEN c.start_date AND c.end_date
 WHERE c.status = 'BILLED' AND c.code IN ('BRIEF_PATIENT_INTERACTION', 'PATIENT_INTERACTION', 'ADDITIONAL_PATIENT_INTERACTION');

-- A code met while its period still runs is no longer Ready (ADR 043: ready when the period closes, or when nothing
-- better can happen): the running cycles not billed are due for the daily pass, which re-derives them by the rules.
UPDATE rtm_cycles SET next_check_on = LEAST(coalesce(next_check_on, start_date), start_date)
 WHERE status = 'READY_TO_BILL' AND end_date >= current_date;
