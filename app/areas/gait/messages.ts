/** The gait area's messages (002 §5, §8), verbatim; browser-safe (pages, forms and loaders share them). */
export const GAIT_REPORT_EMPTY = "No sessions exist for that date.";
export const GAIT_PATIENTS_EMPTY = "No gait patients with that location.";
export const GAIT_PATIENTS_LOAD_FAILED = "There was an issue we were not able to recover from.";
export const GAIT_PATIENT_ADDED = "Patient added.";
export const GAIT_LOCATION_REQUIRED = "Location is required";
