/**
 * The loader of `/programs/templates/{templateId}` (routes/_app.programs.templates.$templateId.tsx re-exports
 * it): the template (GET v2/health/hep-templates/{id}) and the library's exercise names (GET v3/exercises, all:
 * a template may hold an exercise no longer published), asked at once. Health users only.
 *
 * Another organization's template, a deleted one, or an id that is none: the API's 404 (or 400) → this page's
 * 404 with 'Could not get template.' and nothing of the template. Any other failure: 502, the same message.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { getTemplate } from "../../../api/programs.server";
import { listExercises } from "../../../api/exercises.server";
import { programView } from "../../../domain/program-view";
import { formatDate } from "../../../domain/zoned-day";
import { requireHealthUser } from "../access.server";
import { isTemplateId, TEMPLATE_LOAD_FAILED, type TemplateLoadFailure } from "./template-list";

const failure = (status: number): never => {
  throw data({ template: "unavailable", message: TEMPLATE_LOAD_FAILED } satisfies TemplateLoadFailure, { status });
};

export async function loadTemplateDetail({ request, context, params }: LoaderFunctionArgs) {
  const user = requireHealthUser(context);
  const id = params.templateId ?? "";
  if (!isTemplateId(id)) return failure(404);
  const [template, exercises] = await Promise.all([getTemplate(request, context, id), listExercises(request, context, "ALL")]);
  if (template.error) return failure(template.error.status === 400 || template.error.status === 404 ? 404 : 502);
  return {
    view: programView(template.data, exercises.data ?? null),
    updated: formatDate(template.data.dateUpdated, user.organization.timezone),
  };
}

export type TemplateDetailData = SerializeFrom<typeof loadTemplateDetail>;
