/**
 * The Program Templates list's rules (001 §2.3, §4 "Templates list", §8, §9), pure and shared by the server and
 * the browser: the messages, the URL state and the URLs of its dialogs.
 *
 * URL: /programs/templates/?q=…&page=N                    the list (search, page)
 *      …&select=1                                        Select Multiple (bulk delete mode): a checkbox per card
 *      …&select=1&confirm=1&ids={id}&ids={id}            the bulk delete confirmation (a GET of the checkboxes)
 *      …&delete={id}                                     a card's Delete confirmation
 *      ?add=true                                         the builder's create-template start (a redirect)
 */
import { pageParam } from "../../../domain/paging.js"; // .js: the E2E tests (NodeNext) import this module

export const TEMPLATES_PATH = "/programs/templates/";

/** Ours (001 §9: "Some page-size … constants are not shown"): a grid of 2, 3 or 4 columns fills evenly. */
export const TEMPLATES_PAGE_SIZE = 24;

// 001 §2.3 and §8, verbatim.
export const TEMPLATES_INTRO = "View and manage Program Templates";
export const SEARCH_LABEL = "Search for template";
export const EMPTY_TITLE = "No Program templates created yet";
export const EMPTY_TEXT = "Create your first template.";
export const TEMPLATES_LOAD_FAILED = "Could not get templates.";
export const TEMPLATE_LOAD_FAILED = "Could not get template.";
export const TEMPLATES_DELETED = "Templates have been successfully deleted.";
export const templateDeleted = (name: string) => `${name} has been deleted.`;
export const TEMPLATES_DELETE_FAILED = "The Program templates could not be deleted.";
export const TEMPLATE_DELETE_FAILED = "The Program template could not be deleted.";

// Ours (the spec shows none).
export const noMatchMessage = (q: string) => `No Program templates match "${q}".`;
export const EMPTY_PAGE_MESSAGE = "There are no more templates on this page.";
export const NOTHING_SELECTED = "Select the templates to delete first.";

/**
 * 001 §9 "Delete toast delay 1 s": the original waited a second after a delete before its toast, while the list
 * reloaded. Here a delete answers with a redirect to the reloaded list (Post/Redirect/Get) that carries the
 * toast, so it appears with the updated list — the moment the delay was waiting for — without a timer.
 */
export const DELETE_TOAST_DELAY_MS = 1000;

/** The API's bulk delete takes 1 to 100 ids. */
export const MAX_BULK_DELETE = 100;
const MAX_PAGE = 4000; // page × size stays under the API's page limit (100 000) for the next-page probe
const ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isTemplateId = (v: unknown): v is string => typeof v === "string" && ID.test(v);

export interface TemplateListState {
  q: string;
  page: number;
  /** Select Multiple is on. */
  select: boolean;
}

export function parseTemplateListState(params: URLSearchParams): TemplateListState {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Math.min(pageParam(params.get("page")), MAX_PAGE),
    select: params.get("select") === "1",
  };
}

/** The list's URL (defaults left out) with extra parameters (e.g. a dialog's). */
export function templatesHref(state: Partial<TemplateListState>, extra: Record<string, string | readonly string[]> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.select) params.set("select", "1");
  for (const [k, v] of Object.entries(extra)) {
    if (typeof v === "string") params.set(k, v);
    else for (const x of v) params.append(k, x);
  }
  const search = params.toString();
  return search ? `${TEMPLATES_PATH}?${search}` : TEMPLATES_PATH;
}

/** The template detail's error (its boundary tells it from the not-found page of a user without Health). */
export interface TemplateLoadFailure {
  template: "unavailable";
  message: string;
}

export const isTemplateLoadFailure = (value: unknown): value is TemplateLoadFailure =>
  typeof value === "object" && value !== null && (value as { template?: unknown }).template === "unavailable";

/** A post to the list itself: an index route's action is addressed with `?index` (React Router). */
export const indexAction = (href: string) => `${href}${href.includes("?") ? "&" : "?"}index`;

export const templateHref = (id: string) => `${TEMPLATES_PATH}${encodeURIComponent(id)}`;

/** The dialog the URL asks for: a card's Delete, or the bulk delete of the checked templates. */
export type TemplateListDialog = { kind: "delete"; id: string } | { kind: "delete-selected"; ids: string[] } | null;

export function parseTemplateListDialog(params: URLSearchParams): TemplateListDialog {
  const id = params.get("delete");
  if (isTemplateId(id)) return { kind: "delete", id };
  if (params.get("select") === "1" && params.get("confirm") === "1") return { kind: "delete-selected", ids: selectedIds(params.getAll("ids")) };
  return null;
}

/** The well-formed ids, each once, at most the API's 100. */
export function selectedIds(values: readonly unknown[]): string[] {
  const ids = values.filter(isTemplateId).map((v) => v.toLowerCase());
  return [...new Set(ids)].slice(0, MAX_BULK_DELETE);
}

/** The parameters of the list's dialogs: closing a dialog removes them. */
export const DIALOG_PARAMS = ["delete", "confirm"] as const;

/** "1 exercise", "12 exercises". */
export const exerciseCount = (n: number) => `${n} exercise${n === 1 ? "" : "s"}`;

/** The paging query of the API (page/limit) and the probe that tells whether a next page exists. */
export function pageQuery(state: TemplateListState, size = TEMPLATES_PAGE_SIZE) {
  const search = state.q || undefined;
  return {
    page: { search, page: state.page, limit: size },
    // The item right after this page (offset page × size): with limit 1, page = page × size + 1.
    next: { search, page: state.page * size + 1, limit: 1 },
  };
}

/**
 * Whether a navigation between two URLs of the list changes its data: opening or closing a dialog (or checking
 * boxes for the bulk delete) does not — the cards stay as they are, and the dialog opens at once.
 */
export function listDataChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return true;
  const rest = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const name of [...DIALOG_PARAMS, "ids", "index"]) p.delete(name);
    p.sort();
    return p.toString();
  };
  return rest(current) !== rest(next);
}
