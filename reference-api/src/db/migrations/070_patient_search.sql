-- Patient search ("Search Patients"): one lower-cased text of the fields a search matches, indexed by
-- trigrams so a substring search ('%ann%') uses the index instead of testing every row of the organization.
-- Fields are separated by U&'\001F' (never typed) so a term cannot match across two fields; the full-name
-- forms "First Last" and "Last, First" are included so those match too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE patient_records ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(
    first_name || ' ' || last_name || U&'\001F' ||
    last_name || ', ' || first_name || U&'\001F' ||
    coalesce(email, '') || U&'\001F' ||
    coalesce(gait_uid, '')
  )
) STORED;

CREATE INDEX patient_records_search_trgm ON patient_records USING gin (search_text gin_trgm_ops);
