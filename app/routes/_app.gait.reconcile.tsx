/**
 * `/gait/reconcile/`: Reconcile Gait Patients (002 §2). Loader and action live in the area
 * (app/areas/gait/reconcile/reconcile-route.server.ts); the template is the static
 * /templates/gait-reconcile-template.csv.
 */
import { loadReconcile, reconcileAction } from "../areas/gait/reconcile/reconcile-route.server";
import { ReconcilePage } from "../areas/gait/reconcile/reconcile-page";
import styles from "../areas/gait/reconcile/reconcile.css?url";
import type { Route } from "./+types/_app.gait.reconcile";

export const meta = (): Route.MetaDescriptors => [{ title: "Reconcile Gait Patients | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: styles }];

export const loader = loadReconcile;
export const action = reconcileAction;

export default function GaitReconcileRoute() {
  return <ReconcilePage />;
}
