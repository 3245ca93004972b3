-- The scan client's internal test builds report the version strings 'test', '9999' and '9999a' (003 §5: recognized
-- as version ids). They have no version numbers: listed after the released versions, never the latest.
ALTER TABLE scan_client_versions
  ALTER COLUMN major DROP NOT NULL,
  ALTER COLUMN minor DROP NOT NULL,
  ALTER COLUMN patch DROP NOT NULL,
  ADD CONSTRAINT scan_client_versions_numbered CHECK ((major IS NULL) = (minor IS NULL) AND (minor IS NULL) = (patch IS NULL)
    AND (major IS NOT NULL OR version_id IN ('test', '9999', '9999a')));
