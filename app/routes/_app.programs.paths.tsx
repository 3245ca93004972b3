/**
 * `/programs/paths/`: Care Paths (sample, 001 §2.4) — search (`?q=`), a path's edit mode (`?edit={id}`, Save
 * posts here), View Path Insights (`?insights={id}`). Only for the staff on PATHS_STAFF_EMAILS.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { carePathsAction, loadCarePaths } from "../areas/programs/paths/paths-route.server";
import { CarePathsPage } from "../areas/programs/paths/paths-page";
import listPagesStyles from "../areas/programs/list-pages.css";
import pathsStyles from "../areas/programs/paths/paths.css";

export const meta: MetaFunction = () => [{ title: "Care Paths | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: pathsStyles },
];

export const loader = loadCarePaths;
export const action = carePathsAction;

export default function CarePathsRoute() {
  return <CarePathsPage data={useLoaderData<typeof loader>()} />;
}
