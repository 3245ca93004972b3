/**
 * The gait Assessment tab's therapist comment dialogs (000 §2.8): view, add, edit and delete a session's comment.
 * Loaded with the first one opened (section-view.tsx, `lazy`; ADR 038): the tab itself carries none of their forms' code.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { GAIT_COMMENT_MAX, type GaitSession } from "../rules/gait";
import { FormToken } from "../../../forms/form-token";
import { Dialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { closeDialogHref, dialogHref } from "./section-urls";
import { TextAreaField } from "./text-area-field";
import { useReadOnly } from "../../../shell/read-only";
import { sessionTitle } from "./gait";

/** `comment`: the comment with Edit and Delete, or the form to add one; `comment-edit`: the form. */
export function CommentDialog({ session, timeZone, edit, lastResult }: { session: GaitSession; timeZone: string; edit: boolean; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const location = useLocation();
  // Support staff read a comment; they add, edit and delete none (ADR 026; the form's dialog says so).
  const readOnly = useReadOnly();
  const comment = session.session.meta.comment;
  const title = `Therapist Comment, ${sessionTitle(session, timeZone)}`;
  if (comment && !edit) {
    return (
      <Dialog title={title} closeHref={closeDialogHref(location)}>
        <p className="comment-text">{comment}</p>
        <div className="modal-actions">
          {readOnly ? (
            <Link to={closeDialogHref(location)} className="button" preventScrollReset>
              Close
            </Link>
          ) : (
            <>
              <Link to={dialogHref(location, "comment-delete", { session: session.id })} className="button" preventScrollReset>
                Delete
              </Link>
              <Link to={dialogHref(location, "comment-edit", { session: session.id })} className="button primary" preventScrollReset>
                Edit
              </Link>
            </>
          )}
        </div>
      </Dialog>
    );
  }
  return <CommentForm session={session} title={title} lastResult={lastResult} />;
}

function CommentForm({ session, title, lastResult }: { session: GaitSession; title: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const location = useLocation();
  const [form, fields] = useForm({
    id: `comment-${session.id}`,
    lastResult,
    defaultValue: { comment: session.session.meta.comment ?? "" },
    ...useLazyValidation(`comment-${session.id}`, () => import("../forms/gait-comment"), (m) => m.gaitCommentSchema, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Dialog title={title} closeHref={closeDialogHref(location)} changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="comment-save" />
        <FormToken />
        <input type="hidden" name="sessionId" value={session.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextAreaField label="Comment" meta={fields.comment} max={GAIT_COMMENT_MAX} rows={6} />
        <div className="modal-actions">
          <Link to={closeDialogHref(location)} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

export function CommentDeleteDialog({ session, timeZone, errors }: { session: GaitSession; timeZone: string; errors?: string[] }) {
  const location = useLocation();
  return (
    <Dialog title="Delete Comment" closeHref={closeDialogHref(location)} alert description={`Delete the comment of the assessment of ${sessionTitle(session, timeZone)}? This cannot be undone.`} changes>
      <ErrorList errors={errors} />
      {session.session.meta.comment ? <blockquote className="note-quote">{session.session.meta.comment}</blockquote> : null}
      <Form method="post" className="modal-actions" preventScrollReset>
        <input type="hidden" name="intent" value="comment-delete" />
        <FormToken />
        <input type="hidden" name="sessionId" value={session.id} />
        <Link to={closeDialogHref(location)} className="button" preventScrollReset>
          Cancel
        </Link>
        <SubmitButton className="button danger" pendingText="Deleting…">
          Delete
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

export function MissingSessionDialog() {
  const location = useLocation();
  return (
    <Dialog title="Therapist Comment" closeHref={closeDialogHref(location)}>
      <p>This assessment is not in the selected date range.</p>
    </Dialog>
  );
}
