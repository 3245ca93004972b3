-- Health area (health sessions) and RTM billing: indexes for their read paths.
-- health_sessions, rtm_cycles and rtm_monthly_summaries are in 002_shared.sql (owner: health/rtm).

-- RTM lists by month take the cycles ending in the month; settling finds running cycles that ended.
CREATE INDEX rtm_cycles_end_date ON rtm_cycles (end_date, patient_record_id);
CREATE INDEX rtm_cycles_status_end ON rtm_cycles (status, end_date);
CREATE INDEX rtm_monthly_summaries_month ON rtm_monthly_summaries (year_month, patient_record_id);

-- Who marked a cycle as billed, and when (cleared again by a revert).
ALTER TABLE rtm_cycles ADD COLUMN billed_at timestamptz;
ALTER TABLE rtm_cycles ADD COLUMN billed_by uuid REFERENCES practitioners(id);
