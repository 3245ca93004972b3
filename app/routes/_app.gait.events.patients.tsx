/**
 * `/gait/events/patients/`: Gait Events - Add Patient (002 §2). Loader and action live in the area
 * (app/areas/gait/events/gait-patients-route.server.ts).
 */
import { gaitPatientsAction, loadGaitPatients } from "../areas/gait/events/gait-patients-route.server";
import { GaitPatientsPage } from "../areas/gait/events/gait-patients-page";
import styles from "../areas/gait/events/gait-patients.css?url";
import type { Route } from "./+types/_app.gait.events.patients";

export const meta = (): Route.MetaDescriptors => [{ title: "Gait Events - Add Patient | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: styles }];

export const loader = loadGaitPatients;
export const action = gaitPatientsAction;

export default function GaitEventsPatientsRoute({ loaderData }: Route.ComponentProps) {
  return <GaitPatientsPage data={loaderData} />;
}
