-- A version per table, bumped by every statement that writes it. Readers that cache derived values (the
-- patient list's exact counts) key them by the version read in the same snapshot, so a cached value is
-- only reused while nothing in the table has changed — across any number of API replicas.
CREATE TABLE table_versions (
  name    text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO table_versions (name) VALUES ('patient_records');

CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END $$;

CREATE TRIGGER patient_records_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON patient_records
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
