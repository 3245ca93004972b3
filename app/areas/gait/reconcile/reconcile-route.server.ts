/**
 * The loader and action of `/gait/reconcile/` (routes/_app.gait.reconcile.tsx re-exports them): Reconcile Gait
 * Patients (002 §2). Gait users only (404 otherwise).
 *
 * The post is read with the limits of forms/multipart.server.ts (the file at most 5 MB like the API; a larger one
 * is read and dropped, the rest of the form kept; the whole body at most 6 MB and 8 parts). The file must be
 * text/csv and its bytes text (no NUL, UTF-8); then it goes as it is to POST v2/patients/reconcile once per form
 * token (ADR 005). Success: Post/Redirect/Get with the count's toast. A refusal (ours, or the API's 400 listing
 * the bad rows — the API then changed nothing) is shown under the upload area with a 4xx; an API failure is 502.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { reconcileGaitPatients } from "../../../api/gait.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { requireProduct } from "../../../auth/current-user.server";
import { failedStatus } from "../../../forms/api-error";
import { readLimitedForm, type FormLimits } from "../../../forms/multipart.server";
import { FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { apiProblems, RECONCILE_MAX_BYTES, RECONCILE_MESSAGES, RECONCILE_PATH, reconcileSuccessMessage, uploadProblem } from "./reconcile";

export const RECONCILE_FORM_LIMITS: FormLimits = { maxFileBytes: RECONCILE_MAX_BYTES, maxFieldBytes: 4 * 1024, maxBodyBytes: RECONCILE_MAX_BYTES + 1024 * 1024, maxParts: 8 };

export async function loadReconcile({ context }: LoaderFunctionArgs) {
  requireProduct(context, "GAIT");
  return null;
}

export interface ReconcileReply {
  problems: string[];
}

const refuse = (problems: string[], status: number) => data<ReconcileReply>({ problems }, { status });

export async function reconcileAction({ request, context }: ActionFunctionArgs) {
  const user = requireProduct(context, "GAIT");
  const read = await readLimitedForm(request, RECONCILE_FORM_LIMITS);
  if (!read.ok) return read.reason === "too-large" ? refuse([RECONCILE_MESSAGES.tooLarge], 413) : refuse([RECONCILE_MESSAGES.unreadable], 400);
  if (read.oversized.has("file")) return refuse([RECONCILE_MESSAGES.tooLarge], 413);
  const file = read.form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return refuse([RECONCILE_MESSAGES.noFile], 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = uploadProblem(file, bytes);
  if (problem) return refuse([problem], problem === RECONCILE_MESSAGES.notCsv ? 415 : 400);

  const api = getApi(request, context);
  const outcome = await submitOnce(`${user.userId}:gait-reconcile`, read.form.get(FORM_TOKEN_FIELD), async () => {
    const result = await reconcileGaitPatients(api, new Blob([bytes], { type: "text/csv" }), file.name || "reconcile.csv");
    if (result.error) return { keep: false, value: { error: result.error } };
    return { keep: true, value: { count: result.data.reconciledCount } };
  });
  if (outcome.error) {
    const status = failedStatus(outcome.error);
    return refuse(status === 400 ? apiProblems(outcome.error.message) : [outcome.error.message], status);
  }
  getSession(request, context).flash("toast", { type: "success", message: reconcileSuccessMessage(outcome.count) });
  throw redirect(RECONCILE_PATH);
}
