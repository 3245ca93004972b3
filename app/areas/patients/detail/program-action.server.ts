/**
 * The product route's action (000 §2.8, §7, §8): Unassign, confirmed in its dialog (`?dialog=unassign&
 * program={hepId}`), then DELETE v2/health/patients/{id}/heps/{hepId}. Success redirects back to the page
 * without the dialog with a toast (Post/Redirect/Get); a failure comes back to the dialog with the spec's
 * message inline.
 */
import { data, redirect } from "react-router";
import type { PortalLoadContext } from "../../../context";
import { safeRedirect } from "../../../auth/redirect";
import { getSession } from "../../../auth/session.server";
import { unassignProgram } from "../../../api/patients.server";
import { recordPath } from "../rules/patient-detail";
import { callOnce, FORM_TOKEN_FIELD } from "../../../forms/submit-once.server";
import { readForm } from "../../../forms/read-form.server";

/** 000 §8, verbatim. */
export const UNASSIGN_FAILED = "The Program could not be unassigned.";
/** Ours (the spec has no success message for unassigning). */
export const UNASSIGNED = "Program unassigned.";

export interface ProgramActionData {
  intent: "unassign-program";
  error: string;
  /** The page the dialog was opened on (without the dialog): its Cancel after a refusal without JavaScript. */
  back: string;
}

const acted = new WeakSet<PortalLoadContext>();

/**
 * Whether the unassign action ran in this request. Without JavaScript a failed unassign renders the page at
 * the form's URL (`/patients/{id}/health/?dialog=unassign…`) in the same request: the product's index route
 * then leaves the page as it is (the dialog with its message) instead of redirecting to the default section.
 */
export const programActionRan = (context: PortalLoadContext) => acted.has(context);

export async function programAction(request: Request, context: PortalLoadContext, userId: string, id: string) {
  acted.add(context);
  const form = await readForm(request);
  const home = recordPath(id);
  const to = safeRedirect(form.get("redirectTo"), home);
  const back = to.startsWith(home) ? to : home;
  if (form.get("intent") !== "unassign-program") throw data({ status: 400 }, { status: 400 });
  const hepId = String(form.get("hepId") ?? "");
  // Once per form token (ADR 005): a repeated DELETE would answer 404 and show a failure for a program that went.
  const result = await callOnce(`${userId}:unassign-program:${id}:${hepId}`, form.get(FORM_TOKEN_FIELD), () => unassignProgram(request, context, id, hepId));
  if (result.error) return { intent: "unassign-program", error: UNASSIGN_FAILED, back } satisfies ProgramActionData;
  getSession(request, context).flash("toast", { type: "success", message: UNASSIGNED });
  throw redirect(back);
}
