/** The Motion Library's messages (001 §8 verbatim where the spec has them), shared by the server and the screens. */
export const FAVORITE_ADD_FAILED = "Unable to add favorite exercise.";
export const FAVORITE_REMOVE_FAILED = "Unable to remove favorite exercise.";
/** Ours (the spec names no message for these). */
export const EXERCISES_LOAD_FAILED = "Could not get exercises.";
export const FAVORITES_LOAD_FAILED = "Your favorite exercises could not be loaded, so favorites are not shown.";
export const EXERCISE_NOT_FOUND = "This exercise was not found in the Motion Library.";
export const LIBRARY_TITLE = "Motion Library";
