-- Episodes of care (issue 32, docs/decisions/049-rtm-episodes-device-clock-and-claim-details.md): a new plan of care
-- after a discharge starts a new RTM episode — its own set-up (98975, "once per episode of care"), its device
-- intervals and care-management months from the new plan's start. A cycle records the first day of the episode it
-- belongs to; NULL is the patient's first episode (opened by the first program, rtm/derive.ts openEpisode), which
-- every cycle before this migration belongs to (no readmission opened an episode before). "98975 once per episode"
-- compares it; the recurring cycles the daily pass opens carry their predecessor's.
ALTER TABLE rtm_cycles ADD COLUMN episode_start date;
