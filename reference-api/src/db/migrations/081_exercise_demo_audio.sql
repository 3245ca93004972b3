-- Demo audio of the exercise library: the first five complete exercises of the demo catalogue have a WAV
-- (generated when served: areas/programs/demo-audio.ts). A fresh database gets the paths from the seed; a
-- database seeded before this migration gets them here, for the exercises whose media this API generated.
UPDATE exercises SET demo_audio_path = '/media/exercises/' || id || '-audio.wav'
 WHERE id IN ('S-0001', 'S-0002', 'S-0003', 'S-0004', 'S-0005')
   AND completeness = 'COMPLETE'
   AND demo_audio_path IS NULL
   AND animation_path = '/media/exercises/' || id || '-animation.svg';
