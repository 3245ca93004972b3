-- The special goal of an exercise (spec §4, §9): the program builder gives a new block of it REPS_OR_TIME,
-- 5 reps in 60 seconds, 1 set. Answered as Exercise.specialGoal.
ALTER TABLE exercises ADD COLUMN special_goal boolean NOT NULL DEFAULT false;

-- A database seeded before this migration holds the demo catalogue (areas/programs/catalogue.ts), whose one
-- special exercise is S-0157; a fresh database is seeded after the migrations (the seed sets the column).
UPDATE exercises SET special_goal = true WHERE id = 'S-0157' AND name = 'Five Times Sit to Stand Assessment';
