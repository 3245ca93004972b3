/**
 * Scan Client Versions (003 §2): the Client List — each entry's Version ID, 'Update Required: Yes/No' and
 * 'Updated by {name}' — with an Edit link (product admins; none for the latest version) that opens 'Edit Scan
 * Version' at `?edit={versionId}`: the version (read-only, carried by the form), the Update Required checkbox,
 * Cancel and Save Changes. A plain form post (works without JavaScript); conform with the one schema.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import type { SerializeFrom } from "../../../route-data";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { LoadErrorView } from "../../../components/load-error";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import { clientVersionsHref, editVersionHref, VERSION_NOT_EDITABLE } from "./client-versions-paths";
import type { ClientVersionsReply, loadClientVersions } from "./client-versions-route.server";

type Data = SerializeFrom<typeof loadClientVersions>;

export const EDIT_TITLE = "Edit Scan Version";

export function ClientVersionsPage({ data }: { data: Data }) {
  return (
    <div className="page client-versions">
      <h1>Scan Client Versions</h1>
      {data.loadError ? (
        <LoadErrorView message={data.loadError.message} hint={data.loadError.detail} retryHref={clientVersionsHref()} />
      ) : (
        <section aria-labelledby="client-list-title">
          <h2 id="client-list-title">Client List</h2>
          <ul className="client-list" aria-labelledby="client-list-title">
            {(data.versions ?? []).map((v) => (
              <li key={v.versionId} className="card client-list-item">
                <div className="client-list-text">
                  <p className="client-list-version">
                    <span className="client-list-label">Version ID:</span> {v.versionId}
                    {v.isLatest ? <span className="badge client-list-latest">Latest</span> : null}
                  </p>
                  <p>Update Required: {v.updateRequired ? "Yes" : "No"}</p>
                  {v.updatedBy ? <p className="client-list-by">Updated by {`${v.updatedBy.firstName} ${v.updatedBy.lastName}`.trim()}</p> : null}
                </div>
                {data.canChange && !v.isLatest ? (
                  <Link className="button" to={editVersionHref(v.versionId)} preventScrollReset>
                    Edit<span className="visually-hidden"> version {v.versionId}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.edit ? data.edit.editable ? <EditVersionDialog versionId={data.edit.versionId} updateRequired={data.edit.updateRequired} /> : <MessageDialog title={EDIT_TITLE} closeHref={clientVersionsHref()} message={VERSION_NOT_EDITABLE} /> : null}
    </div>
  );
}

function EditVersionDialog({ versionId, updateRequired }: { versionId: string; updateRequired: boolean }) {
  const reply = useActionData() as SerializeFrom<ClientVersionsReply> | undefined;
  const [form, fields] = useForm({
    id: `edit-version-${versionId}`,
    lastResult: reply?.result,
    defaultValue: { versionId, updateRequired: updateRequired ? "on" : undefined },
    ...useLazyValidation(`edit-version-${versionId}`, () => import("./client-version-form"), (m) => m.clientVersionSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key: versionKey, ...versionProps } = getInputProps(fields.versionId, { type: "text" });
  const { key: requiredKey, ...requiredProps } = getInputProps(fields.updateRequired, { type: "checkbox" });
  return (
    <Dialog title={EDIT_TITLE} closeHref={clientVersionsHref()}>
      <Form method="post" action={editVersionHref(versionId)} {...getFormProps(form)} className="stack" preventScrollReset>
        <FormToken />
        <div className="field">
          <label htmlFor={fields.versionId.id}>Version ID</label>
          <input key={versionKey} {...versionProps} readOnly />
          <ErrorList id={fields.versionId.errorId} errors={fields.versionId.errors} />
        </div>
        <div className="field checkbox-field">
          <input key={requiredKey} {...requiredProps} />
          <label htmlFor={fields.updateRequired.id}>Update Required</label>
          <ErrorList id={fields.updateRequired.errorId} errors={fields.updateRequired.errors} />
        </div>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={clientVersionsHref()} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">Save Changes</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
