/**
 * `/programs/paths/`: Care Paths (sample, 001 §2.4) — search (`?q=`), a path's edit mode (`?edit={id}`, Save
 * posts here), View Path Insights (`?insights={id}`). Only for the staff on PATHS_STAFF_EMAILS.
 */
import { carePathsAction, loadCarePaths } from "../areas/programs/paths/paths-route.server";
import { CarePathsPage } from "../areas/programs/paths/paths-page";
import listPagesStyles from "../areas/programs/list-pages.css?url";
import pathsStyles from "../areas/programs/paths/paths.css?url";
import type { Route } from "./+types/_app.programs.paths";

export const meta = (): Route.MetaDescriptors => [{ title: "Care Paths | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: pathsStyles },
];

export const loader = loadCarePaths;
export const action = carePathsAction;

export default function CarePathsRoute({ loaderData }: Route.ComponentProps) {
  return <CarePathsPage data={loaderData} />;
}
