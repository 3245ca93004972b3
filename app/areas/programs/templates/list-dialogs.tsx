/**
 * The Program Templates page's dialogs at their URLs (001 §2.3): a card's Delete (`?delete={id}`) and Delete selected
 * (`?select=1&confirm=1&ids=…`). Their own module so the page loads them with the first one opened (ADR 038).
 */
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import type { ReactNode } from "react";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { FormToken } from "../../../forms/form-token";
import type { TemplateActionData, TemplateCard } from "./list-route.server";
import { indexAction, NOTHING_SELECTED, TEMPLATE_DELETE_FAILED, templatesHref, type TemplateListState } from "./template-list";

/** The delete button: pending while its form is sent, and a second click then does nothing. */
function DeleteButton({ intent, children }: { intent: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      className="button danger"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? "Deleting…" : children}
    </button>
  );
}

function useReply(intent: TemplateActionData["intent"]) {
  const reply = useActionData() as TemplateActionData | undefined;
  return reply?.intent === intent ? reply.error : null;
}

/** A card's Delete (`?delete={id}`): asks first, then posts `intent=delete`. */
export function DeleteDialog({ state, id, template }: { state: TemplateListState; id: string; template: TemplateCard | null }) {
  const error = useReply("delete");
  const closeHref = templatesHref(state);
  if (!template) {
    return <MessageDialog title="Delete Template" closeHref={closeHref} message={error ?? TEMPLATE_DELETE_FAILED} />;
  }
  return (
    <Dialog title="Delete Template" closeHref={closeHref} alert description={`Delete ${template.name}? This cannot be undone. Programs already built from it are not changed.`} changes>
      <Form method="post" action={indexAction(templatesHref(state, { delete: id }))} className="stack">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={template.id} />
        <input type="hidden" name="name" value={template.name} />
        <FormToken />
        <div role="alert">
          <ErrorList errors={error ? [error] : null} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <DeleteButton intent="delete">Delete</DeleteButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Delete selected (`?select=1&confirm=1&ids=…`): the checked templates of this page, asked first, deleted in one call. */
export function BulkDeleteDialog({ state, ids, templates }: { state: TemplateListState; ids: string[]; templates: TemplateCard[] }) {
  const error = useReply("delete-selected");
  // Cancel keeps the boxes checked.
  const closeHref = templatesHref(state, { ids });
  if (templates.length === 0) {
    return <MessageDialog title="Delete Templates" closeHref={closeHref} message={NOTHING_SELECTED} />;
  }
  const n = templates.length;
  return (
    <Dialog title="Delete Templates" closeHref={closeHref} alert description={`Delete ${n === 1 ? "this template" : `these ${n} templates`}? This cannot be undone.`} changes>
      <Form method="post" action={indexAction(templatesHref(state, { confirm: "1", ids }))} className="stack">
        <input type="hidden" name="intent" value="delete-selected" />
        <FormToken />
        <ul className="delete-list">
          {templates.map((t) => (
            <li key={t.id}>
              {t.name}
              <input type="hidden" name="ids" value={t.id} />
            </li>
          ))}
        </ul>
        <div role="alert">
          <ErrorList errors={error ? [error] : null} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <DeleteButton intent="delete-selected">Delete</DeleteButton>
        </div>
      </Form>
    </Dialog>
  );
}
