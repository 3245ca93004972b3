/**
 * `/admin/scan/organizations/{organizationId}/modules` (003 §2 "Scan modules page"): titled with the
 * organization's name; the modules editor (app/areas/admin/modules/). Loader and action:
 * modules-route.server.ts. A post's answer is the whole editor (its working set), so the loader is not run
 * again after an edit; after Save (a redirect) it is.
 */
import { type ShouldRevalidateFunction } from "react-router";
import { Link } from "../components/link";
import { loadModules, modulesAction } from "../areas/admin/modules/modules-route.server";
import { ModulesEditor } from "../areas/admin/modules/modules-editor";
import type { EditorState } from "../areas/admin/modules/modules-draft";
import { LoadErrorView } from "../components/load-error";
import { ADMIN_ROUTES } from "../shell/admin-nav";
import sortableStyles from "../islands/sortable-list.css?url";
import modulesStyles from "../areas/admin/modules/modules.css?url";
import { modulesHref } from "../areas/admin/scan-organizations/scan-organizations";
import type { Route } from "./+types/admin.scan.organizations.$organizationId.modules";

export const meta = ({ loaderData }: Route.MetaArgs): Route.MetaDescriptors => [{ title: `${loaderData?.name ? `${loaderData.name} Modules` : "Scan Modules"} | Exer Provider Portal` }];
export const links = () => [
  { rel: "stylesheet", href: sortableStyles },
  { rel: "stylesheet", href: modulesStyles },
];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = loadModules;
export const action = modulesAction;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionStatus, defaultShouldRevalidate }) =>
  formMethod === "POST" && actionStatus !== undefined && actionStatus < 300 ? false : defaultShouldRevalidate;

export default function ScanModulesRoute({ loaderData: d, actionData }: Route.ComponentProps) {
  const posted = actionData as EditorState | undefined;
  return (
    <section aria-labelledby="modules-title" className="stack">
      <p>
        <Link to={ADMIN_ROUTES.scanOrganizations}>Scan Organizations</Link>
      </p>
      <h1 id="modules-title">{d.name ?? "Scan Modules"}</h1>
      {d.libraryError ? (
        <p role="alert" className="field-error">
          {"Couldn't fetch assessments :("} {d.libraryError}
        </p>
      ) : null}
      {d.draft === null ? (
        <LoadErrorView message={d.error ?? ""} hint={null} retryHref={modulesHref(d.organizationId)} />
      ) : (
        <ModulesEditor organizationId={d.organizationId} name={d.name ?? ""} loaded={d.draft} posted={posted} library={d.library} canChange={d.canChange} />
      )}
    </section>
  );
}
