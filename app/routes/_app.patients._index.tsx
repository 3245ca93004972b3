/**
 * `/patients/`: the organization's patient list (000 §2.6) and its dialogs — Add New Patient (`?add=true`,
 * 000 §2.7), add to the other product (`?addProduct={id}`), the account invite (`?invite={id}`). All state is in
 * the URL (app/areas/patients/rules/patient-list.ts); every dialog is rendered by the server and posts here (`intent`).
 */
import { loadPatientList, patientListAction } from "../areas/patients/list/list-route.server";
import { PatientListPage } from "../areas/patients/list/list-page";
import patientsStyles from "../areas/patients/list/patients.css?url";
import type { Route } from "./+types/_app.patients._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Patients | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: patientsStyles }];

export const loader = loadPatientList;
export const action = patientListAction;

export default function PatientsRoute({ loaderData }: Route.ComponentProps) {
  return <PatientListPage data={loaderData} />;
}
