-- The needs-attention lists (areas/rtm/list.ts: needsAttention=true, and the month list's DAYS_LEFT order, the
-- portal's worklist): cycles still running and not billable, in end-date order. Partial, so it holds only those
-- (a fraction of the cycles) and reads them in the order DAYS_LEFT needs; the predicate is written exactly as
-- the lists write it (AT_RISK_SQL) so the planner matches it.
CREATE INDEX rtm_cycles_at_risk_end ON rtm_cycles (end_date, id) WHERE status IN ('IN_PROGRESS', 'ACTIVE_DAYS_INCOMPLETE');
