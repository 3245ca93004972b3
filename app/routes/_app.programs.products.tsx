/**
 * `/programs/products`: Modules (sample, 001 §2.5), static content. Only for the staff on MODULES_STAFF_EMAILS.
 */
import type { MetaFunction } from "@remix-run/node";
import { loadModules } from "../areas/programs/modules/modules-route.server";
import { ModulesPage } from "../areas/programs/modules/modules-page";
import listPagesStyles from "../areas/programs/list-pages.css";
import modulesStyles from "../areas/programs/modules/modules.css";

export const meta: MetaFunction = () => [{ title: "Modules | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: modulesStyles },
];

export const loader = loadModules;

export default function ModulesRoute() {
  return <ModulesPage />;
}
