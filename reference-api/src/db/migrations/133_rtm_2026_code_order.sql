-- The 2026 RTM code set (docs/decisions/033-rtm-2026-code-set.md) adds SHORT_DEVICE_AND_DATA_TRANSMISSION (98985)
-- and BRIEF_PATIENT_INTERACTION (98979): the CODE order of the cycle list (areas/rtm/list.ts CODE_ORDER) places
-- each beside its partner, so its index (migration 072) follows the new expression.
DROP INDEX IF EXISTS rtm_cycles_code_order;
CREATE INDEX rtm_cycles_code_order ON rtm_cycles ((CASE code WHEN 'PATIENT_SETUP' THEN 0 WHEN 'DEVICE_AND_DATA_TRANSMISSION' THEN 1 WHEN 'SHORT_DEVICE_AND_DATA_TRANSMISSION' THEN 2
  WHEN 'BRIEF_PATIENT_INTERACTION' THEN 3 WHEN 'PATIENT_INTERACTION' THEN 4 ELSE 5 END), start_date, id);
