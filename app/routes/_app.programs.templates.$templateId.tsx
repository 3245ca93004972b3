/**
 * `/programs/templates/{templateId}`: a template's details (001 §2.3). Health users only (others: the 404
 * page); a template the user may not see, or none: 'Could not get template.' with status 404.
 */
import { isRouteErrorResponse } from "react-router";
import { loadTemplateDetail } from "../areas/programs/templates/detail-route.server";
import { isTemplateLoadFailure } from "../areas/programs/templates/template-list";
import { TemplateDetailPage, TemplateLoadError } from "../areas/programs/templates/detail-page";
import { classifyError, ErrorScreen } from "../shell/error-screens";
import listPagesStyles from "../areas/programs/list-pages.css?url";
import templatesStyles from "../areas/programs/templates/templates.css?url";
import type { Route } from "./+types/_app.programs.templates.$templateId";

// The template's name is not in the title (an error page must not name what it could not show).
export const meta = (): Route.MetaDescriptors => [{ title: "Template Details | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: listPagesStyles },
  { rel: "stylesheet", href: templatesStyles },
];

export const loader = loadTemplateDetail;

export default function TemplateDetailRoute({ loaderData }: Route.ComponentProps) {
  return <TemplateDetailPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && isTemplateLoadFailure(error.data)) return <TemplateLoadError message={error.data.message} />;
  return <ErrorScreen screen={classifyError(error)} />;
}
