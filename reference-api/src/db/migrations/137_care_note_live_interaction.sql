-- The live interaction that gates RTM treatment management (docs/decisions/033-rtm-2026-code-set.md, issue 26):
-- a care note records its call — live_method PHONE or VIDEO, live_two_way whether the patient or caregiver took
-- part in real time — and whether it was an unsuccessful attempt to reach the patient (counts for nothing: no
-- minutes, no live interaction). Only a two-way phone or video call of at least a minute, not an attempt, is
-- the live interaction (app/domain/rtm-2026.ts isLiveInteraction).
ALTER TABLE interactions
  ADD COLUMN live_method text CHECK (live_method IN ('PHONE', 'VIDEO')),
  ADD COLUMN live_two_way boolean,
  ADD COLUMN unsuccessful_attempt boolean NOT NULL DEFAULT false;
ALTER TABLE interactions ADD CONSTRAINT interactions_live_interaction CHECK (
  (live_method IS NULL) = (live_two_way IS NULL)
  AND NOT (unsuccessful_attempt AND (live_method IS NULL OR live_two_way OR is_patient_interaction))
);

-- Notes written before: their method was not recorded (live_method NULL). An interactive one (the spec's
-- is_patient_interaction) stays interactive but no longer counts as the live call — the conservative reading
-- (ADR 033): it may have been a message. The care-management cycles not billed that hold one are due for the
-- daily pass (areas/rtm/cycles.ts settleCycles), which re-derives them by the rules; billed cycles are history.
UPDATE rtm_cycles c
   SET next_check_on = LEAST(coalesce(c.next_check_on, c.start_date), c.start_date)
 WHERE c.status <> 'BILLED'
   AND c.code IN ('BRIEF_PATIENT_INTERACTION', 'PATIENT_INTERACTION', 'ADDITIONAL_PATIENT_INTERACTION')
   AND EXISTS (SELECT 1 FROM interactions i
                WHERE i.patient_record_id = c.patient_record_id AND i.is_patient_interaction AND i.date BETWEEN c.start_date AND c.end_date);
