-- A care note of 0 minutes is no patient interaction (issue 32, ADR 049): the billing rules never counted it
-- (isLiveInteraction needs a minute), but the spec's flag (interactionType / isPatientInteraction) still said true
-- for a 0-minute two-way call. The flag now follows the rule on every write (care-notes.ts resolveInteraction);
-- the notes stored before it are brought in line. The call itself (method, two-way) stays as recorded; no cycle
-- changes (the flag never decided a status).
UPDATE interactions SET is_patient_interaction = false, interaction_type = NULL
 WHERE minutes < 1 AND (is_patient_interaction OR interaction_type IS NOT NULL);
