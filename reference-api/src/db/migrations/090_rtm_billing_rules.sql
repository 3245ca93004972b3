-- RTM billing rules (docs/decisions/008-rtm-billing-rules.md): statuses follow the events, and the date.
--
-- next_check_on: the next day (organization time zone) on which the daily pass (areas/rtm/cycles.ts
-- settleCycles, run once per organization and day by the lists) must look at the cycle because the date alone
-- changes something: the day a running IN_PROGRESS cycle can no longer reach its active days, or the day after a
-- cycle ends (settle its status; open the next cycle of a recurring code). NULL: nothing to do by date. Set
-- whenever a status is derived; the pass finds the due cycles by this index instead of re-deriving every running
-- cycle each day.
ALTER TABLE rtm_cycles ADD COLUMN next_check_on date;
CREATE INDEX rtm_cycles_next_check ON rtm_cycles (next_check_on) WHERE next_check_on IS NOT NULL;

-- Existing running cycles: the earliest day their status could change (a set-up or device cycle without one
-- active day can no longer make it 2 days after end - required days; the pass re-derives it then from its real
-- events and moves the day on), else the day after they end.
UPDATE rtm_cycles
   SET next_check_on = CASE
         WHEN status = 'IN_PROGRESS' AND code IN ('PATIENT_SETUP', 'DEVICE_AND_DATA_TRANSMISSION')
           THEN LEAST(end_date + 1, GREATEST(start_date, end_date - num_required_days + 2))
         WHEN status = 'IN_PROGRESS' OR code IN ('DEVICE_AND_DATA_TRANSMISSION', 'PATIENT_INTERACTION') THEN end_date + 1
       END
 WHERE end_date >= current_date - 1;
