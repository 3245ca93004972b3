/**
 * The loader and action of `/programs/paths/` (routes/_app.programs.paths.tsx re-exports them): the sample care
 * paths with the user's saved edits (001 §2.4), searched on the server; Save of a path's edit mode. Only for the
 * staff on PATHS_STAFF_EMAILS (others: the 404 page). No API call (001 §7).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { getSession } from "../../../auth/session.server";
import { carePathSchema } from "../forms/care-path";
import { requireListedStaff } from "../access.server";
import { applyEdits, parsePathsState, pathSaved, pathsHref, saveEdits, searchPaths } from "./care-paths";
import { readPathEdits, writePathEdits } from "./path-edits.server";
import { SAMPLE_CARE_PATHS } from "./sample-paths";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export async function loadCarePaths({ request, context }: LoaderFunctionArgs) {
  const user = requireListedStaff(context, "paths");
  const state = parsePathsState(requestUrl(request).searchParams);
  const paths = applyEdits(SAMPLE_CARE_PATHS, await readPathEdits(request, user.userId));
  return { state, paths: searchPaths(paths, state.q) };
}

export type CarePathsData = SerializeFrom<typeof loadCarePaths>;

export async function carePathsAction({ request, context }: ActionFunctionArgs) {
  const user = requireListedStaff(context, "paths");
  const state = parsePathsState(requestUrl(request).searchParams);
  const form = await readForm(request);
  const sample = SAMPLE_CARE_PATHS.find((p) => p.id === form.get("pathId"));
  if (form.get("intent") !== "save-path" || !sample) throw data(null, { status: 400 });
  const submission = parseWithZod(form, { schema: carePathSchema(sample) });
  // Refused: the form comes back with the messages at the fields and what was typed.
  if (submission.status !== "success") return data({ pathId: sample.id, reply: submission.reply() }, { status: 400 });
  const edits = saveEdits(await readPathEdits(request, user.userId), sample, submission.value.phases);
  await writePathEdits(request, context, user.userId, edits);
  getSession(request, context).flash("toast", { type: "success", message: pathSaved(sample.name) });
  throw redirect(pathsHref({ q: state.q }));
}
