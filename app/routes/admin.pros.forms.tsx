/**
 * `/admin/pros/forms/`: the registered Typeform forms (003 §2); `?add=true` opens 'Add New Typeform Form'
 * (product admins only: ADR 015). The loader and action live in app/areas/admin/pros/.
 */
import { ProFormsPage } from "../areas/admin/pros/pros-pages";
import { addProFormAction, loadProForms } from "../areas/admin/pros/pros-route.server";
import type { Route } from "./+types/admin.pros.forms";

export const meta = (): Route.MetaDescriptors => [{ title: "PRO Forms | Exer Provider Portal" }];
export const loader = loadProForms;
export const action = addProFormAction;

export default function AdminProFormsRoute({ loaderData }: Route.ComponentProps) {
  return <ProFormsPage data={loaderData} />;
}
