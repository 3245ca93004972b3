/**
 * Where the program builder lives (spec 001 §2.2 and "Builder": /programs/templates/builder/, started with an
 * action type — `assign` starts at step 0 "Assign Program" for a patient, `edit-program` at step 1 with the
 * patient's program). The builder itself comes with the programs area; the patient area links to it.
 */
const BUILDER_PATH = "/programs/templates/builder/";

export const assignProgramHref = (patientRecordId: string) => `${BUILDER_PATH}?${new URLSearchParams({ action: "assign", patientRecordId })}`;

export const editProgramHref = (patientRecordId: string, hepId: string) => `${BUILDER_PATH}?${new URLSearchParams({ action: "edit-program", patientRecordId, hepId })}`;
