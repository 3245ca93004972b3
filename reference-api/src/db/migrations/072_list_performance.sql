-- List performance on the large world (100k patients): indexes that let the RTM lists read a page in index
-- order instead of sorting every cycle of the organization, and table versions for the RTM tables so their
-- exact counts can be cached like the patient list's (core/count-cache.ts, migration 071).

-- RTM cycle list orders (areas/rtm/list.ts cycleOrder): START_DATE (default), END_DATE, STATUS and CODE, each
-- ending with the id. Read forwards or backwards; the patient (scope, hidden, search, location) is joined per
-- row, which is cheap because most cycles of the caller's organization match.
CREATE INDEX rtm_cycles_start_id ON rtm_cycles (start_date, id);
CREATE INDEX rtm_cycles_end_id ON rtm_cycles (end_date, id);
CREATE INDEX rtm_cycles_status_order ON rtm_cycles ((CASE status WHEN 'IN_PROGRESS' THEN 0 WHEN 'ACTIVE_DAYS_INCOMPLETE' THEN 1 WHEN 'READY_TO_BILL' THEN 2 ELSE 3 END), start_date, id);
CREATE INDEX rtm_cycles_code_order ON rtm_cycles ((CASE code WHEN 'PATIENT_SETUP' THEN 0 WHEN 'DEVICE_AND_DATA_TRANSMISSION' THEN 1 WHEN 'PATIENT_INTERACTION' THEN 2 ELSE 3 END), start_date, id);

-- A status filter (one status) in the START_DATE and END_DATE orders; the end-date one also finds the running
-- cycles that have ended (settling). They replace the same indexes without the id (migrations 002, 020).
DROP INDEX rtm_cycles_status;
CREATE INDEX rtm_cycles_status ON rtm_cycles (status, start_date, id);
DROP INDEX rtm_cycles_status_end;
CREATE INDEX rtm_cycles_status_end ON rtm_cycles (status, end_date, id);

-- A patient's cycles ending in a month: the monthly list's filter (EXISTS) and the cycles it answers.
CREATE INDEX rtm_cycles_patient_end ON rtm_cycles (patient_record_id, end_date);

-- Versions of the RTM tables, bumped by every statement that writes them (bump_table_version, migration 071).
INSERT INTO table_versions (name) VALUES ('rtm_cycles'), ('rtm_monthly_summaries') ON CONFLICT (name) DO NOTHING;

CREATE TRIGGER rtm_cycles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rtm_cycles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
CREATE TRIGGER rtm_monthly_summaries_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rtm_monthly_summaries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();

-- The monthly list sorted by status reads each status's rows of the month (areas/rtm/list.ts listMonth). A
-- summary's status is one of the four (SUMMARY_STATUS_SQL derives only these), so there are four segments.
ALTER TABLE rtm_monthly_summaries ADD CONSTRAINT rtm_monthly_summaries_status_check
  CHECK (status IN ('IN_PROGRESS', 'ACTIVE_DAYS_INCOMPLETE', 'READY_TO_BILL', 'BILLED'));
-- A status that is rare in the month (e.g. IN_PROGRESS in a past month) is read by index. The statistics let
-- the planner see how statuses spread over months (far from independent), so it picks that index or the name
-- order rightly (the seed's VACUUM ANALYZE refreshes them; ANALYZE here for an existing database).
CREATE INDEX rtm_monthly_summaries_month_status ON rtm_monthly_summaries (year_month, status, patient_record_id);
CREATE STATISTICS rtm_monthly_summaries_month_status_stats (mcv) ON year_month, status FROM rtm_monthly_summaries;
ANALYZE rtm_monthly_summaries;

-- The gait patient list sorted by gait UID (areas/gait/patients.ts: upper(gait_uid) ASC/DESC NULLS LAST, id),
-- over the organization's visible GAIT patients only (partial: small, and untouched by other patients' writes).
CREATE INDEX patient_records_gait_uid_asc ON patient_records (organization_id, upper(gait_uid) ASC NULLS LAST, id ASC)
  WHERE 'GAIT' = ANY(products) AND NOT hidden;
CREATE INDEX patient_records_gait_uid_desc ON patient_records (organization_id, upper(gait_uid) DESC NULLS LAST, id DESC)
  WHERE 'GAIT' = ANY(products) AND NOT hidden;
