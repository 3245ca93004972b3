/**
 * 'Edit Scan Version' at `?edit={versionId}` (003 §2): the version (read-only, carried by the form), the Update
 * Required checkbox, Cancel and Save Changes; or the refusal when the version cannot be edited. A plain form post
 * (works without JavaScript); conform with the one schema. Its own module so the page loads it with the first one
 * opened (ADR 038).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import type { SerializeFrom } from "../../../route-data";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import { clientVersionsHref, editVersionHref, VERSION_NOT_EDITABLE } from "./client-versions-paths";
import type { ClientVersionsReply, loadClientVersions } from "./client-versions-route.server";

type Data = SerializeFrom<typeof loadClientVersions>;

export const EDIT_TITLE = "Edit Scan Version";

export function EditVersionAtUrl({ edit }: { edit: NonNullable<Data["edit"]> }) {
  return edit.editable ? <EditVersionDialog versionId={edit.versionId} updateRequired={edit.updateRequired} /> : <MessageDialog title={EDIT_TITLE} closeHref={clientVersionsHref()} message={VERSION_NOT_EDITABLE} />;
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
