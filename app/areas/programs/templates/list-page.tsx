/**
 * The Program Templates page (001 §2.3): the title, the search (a GET form), New Template and Select Multiple,
 * then the cards streaming in, the pager, and the dialog the URL asks for (a card's Delete, the bulk delete).
 * Everything is a link or a form: it works without JavaScript; with it, the same links and forms navigate
 * without a full reload.
 */
import { Await, Form, useSearchParams } from "react-router";
import { Link } from "../../../components/link";
import { useReadOnly } from "../../../shell/read-only";
import { Suspense, type ReactNode } from "react";
import { createTemplateHref, duplicateTemplateHref, editTemplateHref } from "../../../domain/program-builder";
import { ActionMenu } from "../../../components/action-menu";
import { OpenPager } from "../../../components/pager";
import type { TemplateCard, TemplateListData } from "./list-route.server";
import {
  EMPTY_PAGE_MESSAGE,
  EMPTY_TEXT,
  EMPTY_TITLE,
  exerciseCount,
  noMatchMessage,
  parseTemplateListDialog,
  SEARCH_LABEL,
  templateHref,
  TEMPLATES_INTRO,
  TEMPLATES_LOAD_FAILED,
  TEMPLATES_PATH,
  templatesHref,
  type TemplateListDialog,
  type TemplateListState,
} from "./template-list";
import { LoadErrorView } from "../../../components/load-error";
import { lazyPart } from "../../../components/lazy-part";

// The delete dialogs load with the first one opened (ADR 038); one in the URL of the first page is rendered by the
// server and hydrates once its code has come.
const DeleteDialog = lazyPart(() => import("./list-dialogs").then((m) => ({ default: m.DeleteDialog })));
const BulkDeleteDialog = lazyPart(() => import("./list-dialogs").then((m) => ({ default: m.BulkDeleteDialog })));

type Page = Awaited<TemplateListData["list"]>;

export function TemplateListPage({ data }: { data: TemplateListData }) {
  const { state } = data;
  const [params] = useSearchParams();
  const dialog = parseTemplateListDialog(params);
  const readOnly = useReadOnly();
  return (
    <section className="templates programs-page" aria-labelledby="templates-title">
      <div className="page-header">
        <div>
          <h1 id="templates-title">Program Templates</h1>
          <p className="page-intro">{TEMPLATES_INTRO}</p>
        </div>
        {readOnly ? null : (
          <div className="page-actions">
            <Link className="button" to={templatesHref({ q: state.q, page: state.page, select: !state.select })} preventScrollReset>
              {state.select ? "Cancel selection" : "Select Multiple"}
            </Link>
            <Link className="button primary" to={createTemplateHref()}>
              New Template
            </Link>
          </div>
        )}
      </div>
      <Form method="get" action={TEMPLATES_PATH} role="search" aria-label="Search templates" className="list-search">
        {state.select ? <input type="hidden" name="select" value="1" /> : null}
        <div className="field">
          <label htmlFor="templates-search">{SEARCH_LABEL}</label>
          <input id="templates-search" type="search" name="q" defaultValue={state.q} key={state.q} maxLength={200} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <Suspense fallback={<TemplatesLoading />}>
        <Await resolve={data.list} errorElement={<LoadError state={state} />}>
          {(page) => <TemplateResults page={page} state={readOnly ? { ...state, select: false } : state} dialog={dialog} selected={params.getAll("ids")} />}
        </Await>
      </Suspense>
    </section>
  );
}

function TemplatesLoading() {
  return (
    <p role="status" className="templates-loading">
      Loading templates…
    </p>
  );
}

function LoadError({ state }: { state: TemplateListState }) {
  return <LoadErrorView message={TEMPLATES_LOAD_FAILED} retryHref={templatesHref(state)} />;
}

function TemplateResults({ page, state, dialog, selected }: { page: Page; state: TemplateListState; dialog: TemplateListDialog; selected: string[] }) {
  if (page.error !== null) return <LoadError state={state} />;
  const items = page.items;
  let body: ReactNode;
  if (items.length === 0) {
    body =
      state.page > 1 ? (
        <div className="empty-state">
          <p>{EMPTY_PAGE_MESSAGE}</p>
          <Link to={templatesHref({ ...state, page: 1 })}>Go to the first page</Link>
        </div>
      ) : state.q ? (
        <p className="empty-state">{noMatchMessage(state.q)}</p>
      ) : (
        <div className="empty-state">
          <h2>{EMPTY_TITLE}</h2>
          <p>{EMPTY_TEXT}</p>
        </div>
      );
  } else if (state.select) {
    const checked = new Set(selected.map((s) => s.toLowerCase()));
    body = (
      <Form method="get" action={TEMPLATES_PATH} aria-label="Select templates to delete" className="template-select">
        {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
        {state.page > 1 ? <input type="hidden" name="page" value={state.page} /> : null}
        <input type="hidden" name="select" value="1" />
        <input type="hidden" name="confirm" value="1" />
        <div className="select-bar">
          <p>Check the templates to delete.</p>
          <button type="submit" className="button">
            Delete selected
          </button>
        </div>
        <TemplateGrid items={items} state={state} checked={checked} />
      </Form>
    );
  } else {
    body = <TemplateGrid items={items} state={state} checked={null} />;
  }
  return (
    <>
      {body}
      {items.length > 0 ? <OpenPager page={state.page} hasNext={page.hasNext} hrefFor={(p) => templatesHref({ ...state, page: p })} /> : null}
      {/* Their own boundary: while a dialog's code loads, the cards stay (not "Loading templates…"). */}
      <Suspense fallback={null}>
        {dialog?.kind === "delete" ? <DeleteDialog state={state} id={dialog.id} template={items.find((t) => t.id === dialog.id) ?? null} /> : null}
        {dialog?.kind === "delete-selected" ? <BulkDeleteDialog state={state} ids={dialog.ids} templates={items.filter((t) => dialog.ids.includes(t.id.toLowerCase()))} /> : null}
      </Suspense>
    </>
  );
}

function TemplateGrid({ items, state, checked }: { items: TemplateCard[]; state: TemplateListState; checked: Set<string> | null }) {
  return (
    <ul className="template-grid" aria-label="Program templates">
      {items.map((t) => (
        <li key={t.id}>
          <article className="template-card" aria-labelledby={`template-${t.id}`}>
            <div className="template-card-top">
              {checked ? (
                <span className="template-check">
                  <input type="checkbox" id={`select-${t.id}`} name="ids" value={t.id} defaultChecked={checked.has(t.id.toLowerCase())} />
                  <label htmlFor={`select-${t.id}`} className="visually-hidden">
                    Select {t.name}
                  </label>
                </span>
              ) : null}
              <p className="template-date">
                <span className="visually-hidden">Updated </span>
                <time dateTime={t.dateUpdated}>{t.updated}</time>
              </p>
              <ActionMenu
                label={`Actions for ${t.name}`}
                items={[
                  { label: "Edit", href: editTemplateHref(t.id), changes: true },
                  { label: "Duplicate", href: duplicateTemplateHref(t.id), changes: true },
                  { label: "View", href: templateHref(t.id) },
                  { label: "Delete", href: templatesHref(state, { delete: t.id }), dialog: true, changes: true },
                ]}
              />
            </div>
            <h2 id={`template-${t.id}`} className="template-name">
              <Link to={templateHref(t.id)}>{t.name}</Link>
            </h2>
            <p className="template-count">{exerciseCount(t.exerciseCount)}</p>
            {t.notes ? (
              <p className="template-notes" title={t.notes}>
                {t.notes}
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
