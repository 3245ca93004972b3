/**
 * The 'Add New Typeform Form' dialog of PRO Forms (003 §2) at `?add=true`: the Form ID and the webhook
 * confirmation, posted to the page's action (works without JavaScript); conform with the one schema. Its own module
 * so the page loads it with the first one opened (ADR 038).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { ErrorList, Field } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import type { ProFormsAction } from "./pros-route.server";
import { FORM_ID_MAX } from "./typeform-form-values";

export function AddFormDialog({ closeHref }: { closeHref: string }) {
  const reply = useActionData() as ProFormsAction | undefined;
  const [form, fields] = useForm({
    id: "add-typeform-form",
    lastResult: reply?.result,
    ...useLazyValidation("add-typeform-form", () => import("./typeform-form"), (m) => m.typeformFormSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key: boxKey, ...boxProps } = getInputProps(fields.webhookConfirmed, { type: "checkbox" });
  return (
    <Dialog title="Add New Typeform Form" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <FormToken />
        <Field label="Form ID" meta={fields.id} inputProps={{ autoComplete: "off", maxLength: FORM_ID_MAX }} />
        <div className="field checkbox-field">
          <input key={boxKey} {...boxProps} />
          <label htmlFor={fields.webhookConfirmed.id}>I added the Exer webhook to this form under its Connect &gt; Webhooks section.</label>
          <ErrorList id={fields.webhookConfirmed.errorId} errors={fields.webhookConfirmed.errors} />
        </div>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Adding…">Add Form</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
