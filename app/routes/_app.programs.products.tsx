/**
 * `/programs/products`: Modules (sample, 001 §2.5), static content. Only for the staff on MODULES_STAFF_EMAILS.
 */
import { loadModules } from "../areas/programs/modules/modules-route.server";
import { ModulesPage } from "../areas/programs/modules/modules-page";
import listPagesStyles from "../areas/programs/list-pages.css?url";
import modulesStyles from "../areas/programs/modules/modules.css?url";
import type { Route } from "./+types/_app.programs.products";

export const meta = (): Route.MetaDescriptors => [{ title: "Modules | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: modulesStyles },
];

export const loader = loadModules;

export default function ModulesRoute() {
  return <ModulesPage />;
}
