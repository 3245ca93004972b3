/**
 * `/programs/templates/`: Program Templates (001 §2.3) — search (`?q=`), paging (`?page=`), Select Multiple
 * (`?select=1`, its confirmation `&confirm=1&ids=…`), a card's Delete (`?delete={id}`); `?add=true` goes to the
 * builder's create-template start. Health users only. The loader and action live in the area.
 */
import type { ShouldRevalidateFunction } from "react-router";
import { loadTemplateList, templateListAction } from "../areas/programs/templates/list-route.server";
import { TemplateListPage } from "../areas/programs/templates/list-page";
import { listDataChanged } from "../areas/programs/templates/template-list";
import listPagesStyles from "../areas/programs/list-pages.css?url";
import templatesStyles from "../areas/programs/templates/templates.css?url";
import type { Route } from "./+types/_app.programs.templates._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Program Templates | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: templatesStyles },
];

export const loader = loadTemplateList;
export const action = templateListAction;

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod || formMethod === "GET" ? defaultShouldRevalidate && listDataChanged(currentUrl, nextUrl) : defaultShouldRevalidate;

export default function ProgramTemplatesRoute({ loaderData }: Route.ComponentProps) {
  return <TemplateListPage data={loaderData} />;
}
