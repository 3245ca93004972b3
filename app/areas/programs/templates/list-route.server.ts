/**
 * The loader and action of `/programs/templates/` (routes/_app.programs.templates._index.tsx re-exports them):
 * the organization's program templates (001 §2.3), searched and paged on the server, and the deletes of its
 * dialogs. Health users only (others get the 404 page).
 *
 * The loader answers at once with the page's frame (title, search, buttons) and the list as a promise: the
 * cards stream in (<Suspense><Await>), and a failed call resolves to 'Could not get templates.' (an error view
 * with a retry link, not a 500).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import type { PortalLoadContext } from "../../../context";
import { deleteTemplate, deleteTemplates, getTemplate, listTemplates, type Program } from "../../../api/programs.server";
import type { ApiError } from "../../../api/result";
import { getSession } from "../../../auth/session.server";
import { createTemplateHref } from "../../../domain/program-builder";
import { formatDate } from "../../../domain/zoned-day";
import { deletedByThisForm, postedName } from "../../../forms/idempotency-key.server";
import { FORM_TOKEN_FIELD, callOnce, submitOnce } from "../../../forms/submit-once.server";
import { requireHealthUser } from "../access.server";
import {
  isTemplateId,
  pageQuery,
  parseTemplateListState,
  selectedIds,
  TEMPLATE_DELETE_FAILED,
  templateDeleted,
  TEMPLATES_DELETE_FAILED,
  TEMPLATES_DELETED,
  TEMPLATES_LOAD_FAILED,
  templatesHref,
} from "./template-list";
import { failedStatus } from "../../../forms/api-error";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

/** What a card shows of a template. */
export interface TemplateCard {
  id: string;
  name: string;
  notes: string | null;
  exerciseCount: number;
  dateUpdated: string;
  /** MM/dd/yyyy in the organization's time zone. */
  updated: string;
}

export type TemplatePage = { items: TemplateCard[]; hasNext: boolean; error: null } | { items: null; hasNext: false; error: string };

const toCard = (t: Program, timeZone: string): TemplateCard => ({
  id: t.id,
  name: t.name,
  notes: t.notes,
  exerciseCount: t.blocks.length,
  dateUpdated: t.dateUpdated,
  updated: formatDate(t.dateUpdated, timeZone) ?? "",
});

/** One page of templates and whether another follows (two calls at once: the page, and the first item after it). */
async function loadTemplatePage(request: Request, context: PortalLoadContext, params: URLSearchParams, timeZone: string): Promise<TemplatePage> {
  const query = pageQuery(parseTemplateListState(params));
  const [page, next] = await Promise.all([listTemplates(request, context, query.page), listTemplates(request, context, query.next)]);
  if (page.error) return { items: null, hasNext: false, error: TEMPLATES_LOAD_FAILED };
  return { items: page.data.map((t) => toCard(t, timeZone)), hasNext: (next.data?.length ?? 0) > 0, error: null };
}

export async function loadTemplateList({ request, context }: LoaderFunctionArgs) {
  const user = requireHealthUser(context);
  const url = requestUrl(request);
  // 001 §2.3 / §2.9: ?add=true opens the creation of a template — the builder's own URL, nothing else kept.
  if (url.searchParams.get("add") === "true") throw redirect(createTemplateHref());
  const state = parseTemplateListState(url.searchParams);
  return {
    state,
    // Not awaited: the cards stream in after the page's header.
    list: loadTemplatePage(request, context, url.searchParams, user.organization.timezone),
  };
}

export type TemplateListData = SerializeFrom<typeof loadTemplateList>;

export interface TemplateActionData {
  intent: "delete" | "delete-selected";
  error: string;
}


export async function templateListAction({ request, context }: ActionFunctionArgs) {
  const user = requireHealthUser(context);
  const url = requestUrl(request);
  const state = parseTemplateListState(url.searchParams);
  const form = await readForm(request);
  const token = form.get(FORM_TOKEN_FIELD);
  const intent = form.get("intent");
  const session = getSession(request, context);

  if (intent === "delete") {
    const id = form.get("id");
    if (!isTemplateId(id)) return data({ intent, error: TEMPLATE_DELETE_FAILED } satisfies TemplateActionData, { status: 400 });
    // Once per form token (ADR 005): a double submit gets the first one's outcome, not a 404 for a template
    // that is gone. The template is read first for its name (the toast names it); a repeat that reached another
    // portal process finds it gone and is answered by its keyed delete (deletedByThisForm, ADR 017).
    type Outcome = { keep: boolean; value: { error: ApiError } | { error?: undefined; name: string } };
    const outcome = await submitOnce(`${user.userId}:template-delete:${id}`, token, async (): Promise<Outcome> => {
      const template = await getTemplate(request, context, id);
      if (template.error?.status === 404 && (await deletedByThisForm(() => deleteTemplate(request, context, id)))) return { keep: true, value: { name: postedName(form, "The template") } };
      if (template.error) return { keep: false, value: { error: template.error } };
      const deleted = await deleteTemplate(request, context, id);
      if (deleted.error) return { keep: false, value: { error: deleted.error } };
      return { keep: true, value: { name: template.data.name } };
    });
    if (outcome.error) return data({ intent, error: TEMPLATE_DELETE_FAILED } satisfies TemplateActionData, { status: failedStatus(outcome.error) });
    session.flash("toast", { type: "success", message: templateDeleted(outcome.name) });
    throw redirect(templatesHref({ q: state.q, page: state.page, select: state.select }));
  }

  if (intent === "delete-selected") {
    const ids = selectedIds(form.getAll("ids"));
    if (ids.length === 0) return data({ intent, error: TEMPLATES_DELETE_FAILED } satisfies TemplateActionData, { status: 400 });
    // One bulk call (all or nothing), once per form token.
    const result = await callOnce(`${user.userId}:templates-delete`, token, () => deleteTemplates(request, context, ids));
    if (result.error) return data({ intent, error: TEMPLATES_DELETE_FAILED } satisfies TemplateActionData, { status: failedStatus(result.error) });
    session.flash("toast", { type: "success", message: TEMPLATES_DELETED });
    // 001 §4 "Bulk delete mode is … cleared after success".
    throw redirect(templatesHref({ q: state.q, page: state.page }));
  }

  return data({ intent: "delete" as const, error: "Unknown action." }, { status: 400 });
}
