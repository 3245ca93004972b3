-- Patients area: indexes for the patient list and the e-mail uniqueness check.
-- (interactions, pro_questions and pro_answers are in 002_shared.sql and owned by this area.)

-- Duplicate e-mail check on add/update and the EMAIL sort of the list.
CREATE INDEX patient_records_org_email ON patient_records (organization_id, lower(email), id);
-- The list's count (status tab, a practitioner's locations) as an index-only scan over visible patients
-- (effective once the table has been vacuumed, e.g. after seeding).
CREATE INDEX patient_records_org_scope ON patient_records (organization_id, discharge_date, location_id) WHERE NOT hidden;
