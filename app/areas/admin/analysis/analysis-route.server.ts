/**
 * `/admin/scan/organizations/{organizationId}/analysis` (003 §2 "Scan analysis page"): the loader and the action.
 *
 * - Loader (any admin, ADR 015): the organization (its name is the title), its outcomes (one card each) and the
 *   assessments (their names; 'Add Assessment Analysis' offers those without an outcome). A failed outcome call:
 *   'Could not load analysis data. {message}'.
 * - `?assessment={id}`: the '{assessment} Analysis' dialog, read view; `&mode=edit`, an assessment without an
 *   outcome (a template) or an outcome without factors: the JSON edit view — product admins only (support staff
 *   get the 403 screen when they ask for it, and the read view otherwise).
 * - Action (product admins only): `intent=preview` re-renders the dialog with the parsed outcome (without
 *   JavaScript); `intent=save` checks the JSON ('Invalid JSON.'), the contract's schema ('Could not parse
 *   organization scan outcome.' and where) and the rule's meaning (app/domain/scan-outcome-rules.ts, ADR 031: each
 *   problem naming the factor and the key), then PUTs it once per form token (ADR 005): the API's refusal is shown in the
 *   dialog with the JSON kept, success is Post/Redirect/Get to the read view with 'Successfully saved Scan outcome'.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { getAdminOrganization, listOrganizationOutcomes, saveOrganizationOutcome, type ScanOutcome } from "../../../api/admin-analysis.server";
import { listAssessments } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { isUuid } from "../../../domain/uuid";
import { failedStatus } from "../../../forms/api-error";
import { FORM_TOKEN_FIELD, formToken, submitOnce } from "../../../forms/submit-once.server";
import { analysisLoadFailedText } from "../../scan/analysis/analysis";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { canChangeAdmin } from "../access";
import { analysisDialogHref, analysisDialogOf } from "./analysis-paths";
import { holdsScan } from "../scan-organizations/scan-organizations";
import { checkOutcomeJson, OUTCOME_SAVED, outcomeJson, templateOutcome } from "./outcome-schema";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

/** 003 §8, verbatim. */
export const ORGANIZATION_LOAD_FAILED = "Could not get organization details.";
export const ASSESSMENTS_LOAD_FAILED = "Couldn't fetch assessments :(";
export const PREVIEW_INTENT = "preview";
export const SAVE_INTENT = "save";

export type AnalysisDialogState =
  | { mode: "read"; assessmentId: string; assessmentName: string; outcome: ScanOutcome | null }
  | { mode: "edit"; assessmentId: string; assessmentName: string; isNew: boolean; json: string; preview: ScanOutcome; formToken: string };

/** What a refused post answers: the JSON as typed, its preview when it parses, and the messages (each naming where). */
export interface AnalysisReply {
  json: string;
  preview: ScanOutcome | null;
  errors: string[];
}

function organizationIdOf(params: LoaderFunctionArgs["params"]): string {
  const id = params.organizationId?.toLowerCase();
  if (!isUuid(id)) throw data(null, { status: 404 });
  return id;
}

export async function loadAnalysisPage({ request, context, params }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const organizationId = organizationIdOf(params);
  const asked = analysisDialogOf(requestUrl(request).searchParams);
  // The edit view's URL is a change dialog: product admins only (ADR 015).
  if (asked?.editAsked) requireProductAdmin(context);
  const canChange = canChangeAdmin(user.role);
  const api = getApi(request, context);
  const [organization, outcomes, assessments] = await Promise.all([getAdminOrganization(api, organizationId), listOrganizationOutcomes(api, organizationId), listAssessments(api)]);
  if (organization.error?.status === 404 || !holdsScan(organization.data)) throw data(null, { status: 404 });

  const names = new Map((assessments.data ?? []).map((a) => [a.id, a.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const list = outcomes.data ?? [];
  const withOutcome = new Set(list.map((o) => o.assessmentId));

  let dialog: AnalysisDialogState | null = null;
  if (asked && !outcomes.error) {
    const outcome = list.find((o) => o.assessmentId === asked.assessmentId) ?? null;
    const assessmentName = nameOf(asked.assessmentId);
    const edit = canChange && (asked.editAsked || !outcome || outcome.factors.length === 0);
    if (edit) {
      const shown = outcome ?? templateOutcome(asked.assessmentId, names.get(asked.assessmentId) ?? null);
      dialog = { mode: "edit", assessmentId: asked.assessmentId, assessmentName, isNew: !outcome, json: outcomeJson(shown), preview: shown, formToken: formToken() };
    } else {
      dialog = { mode: "read", assessmentId: asked.assessmentId, assessmentName, outcome };
    }
  }

  return {
    organizationId,
    organizationName: organization.data?.name ?? null,
    organizationError: organization.error ? `${ORGANIZATION_LOAD_FAILED} ${organization.error.message}` : null,
    canChange,
    cards: outcomes.error ? null : list.map((o) => ({ assessmentId: o.assessmentId, assessmentName: nameOf(o.assessmentId), title: o.title, type: o.type, factors: o.factors.length })),
    loadError: outcomes.error ? analysisLoadFailedText(outcomes.error.message) : null,
    assessmentsError: assessments.error ? ASSESSMENTS_LOAD_FAILED : null,
    addable: (assessments.data ?? []).filter((a) => !withOutcome.has(a.id)).map((a) => ({ id: a.id, name: a.name })),
    dialog,
  };
}

/** Not in the spec: the edited JSON names another assessment than the dialog's (a forged or pasted document). */
export const otherAssessment = (expected: string, given: string) => `assessmentId: must be ${expected}, the assessment this dialog edits (not ${given}).`;

export async function analysisAction({ request, context, params }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const organizationId = organizationIdOf(params);
  const asked = analysisDialogOf(requestUrl(request).searchParams);
  if (!asked) throw data(null, { status: 404 });
  const form = await readForm(request);
  const json = String(form.get("json") ?? "");
  // The shape, then the rule's meaning: the same check as the browser's and the API's (ADR 031).
  const checked = checkOutcomeJson(json);
  const reply = (status: number, errors: string[]) => data<AnalysisReply>({ json, preview: checked.outcome, errors }, { status });

  if (!checked.outcome) return reply(400, checked.errors);
  // The dialog edits one assessment's analysis: a JSON naming another is refused at Preview as Save would be (issue 34).
  if (checked.outcome.assessmentId !== asked.assessmentId) return reply(400, [otherAssessment(asked.assessmentId, String(checked.outcome.assessmentId))]);
  // Preview answers the problems too (without JavaScript it is the only check before Save), with the preview.
  if (form.get("intent") === PREVIEW_INTENT) return reply(checked.errors.length > 0 ? 400 : 200, checked.errors);
  if (checked.errors.length > 0) return reply(400, checked.errors);

  const api = getApi(request, context);
  const organization = await getAdminOrganization(api, organizationId);
  if (!holdsScan(organization.data)) throw data(null, { status: 404 });
  const outcome = checked.outcome;
  const saved = await submitOnce(`${user.userId}:save-outcome:${organizationId}:${asked.assessmentId}`, form.get(FORM_TOKEN_FIELD), async () => {
    const r = await saveOrganizationOutcome(api, organizationId, asked.assessmentId, outcome);
    return { keep: !r.error, value: r };
  });
  if (saved.error) return reply(failedStatus(saved.error), [saved.error.message]);
  getSession(request, context).flash("toast", { type: "success", message: OUTCOME_SAVED });
  throw redirect(analysisDialogHref(organizationId, asked.assessmentId));
}
