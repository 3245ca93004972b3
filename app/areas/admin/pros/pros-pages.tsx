/**
 * The PRO pages (003 §2): the registered Typeform forms with 'Has Exer Webhook Enabled' (Confirmed / Missing)
 * and the 'Add New Typeform Form' dialog at `?add=true`; the unprocessed responses table.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import type { SerializeFrom } from "../../../route-data";
import { Form, useActionData, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { withoutParams, withParams } from "../../../shell/dialog-url";
import { ErrorList, Field } from "../../../components/field";
import { LoadErrorView } from "../../../components/load-error";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import type { loadProForms, loadProResponses, ProFormsAction } from "./pros-route.server";
import { FORM_ID_MAX } from "./typeform-form-values";
import { tableWrap } from "../../../components/table-wrap";

export function ProFormsPage({ data }: { data: SerializeFrom<typeof loadProForms> }) {
  const location = useLocation();
  return (
    <section aria-labelledby="pro-forms-title">
      <div className="page-header">
        <h1 id="pro-forms-title">PRO Forms</h1>
        {data.canChange ? (
          <Link className="button primary" to={withParams(location, { add: "true" })} preventScrollReset>
            Add New Typeform Form
          </Link>
        ) : null}
      </div>
      {data.forms ? (
        data.forms.length === 0 ? (
          <p className="empty-state">No Typeform forms are registered.</p>
        ) : (
          <div {...tableWrap("Registered Typeform forms")}>
            <table className="data-table stacked-table">
              <caption className="visually-hidden">Registered Typeform forms</caption>
              <thead>
                <tr>
                  <th scope="col">Form ID</th>
                  <th scope="col">Has Exer Webhook Enabled</th>
                </tr>
              </thead>
              <tbody>
                {data.forms.map((f) => (
                  <tr key={f.id}>
                    <th scope="row">{f.id}</th>
                    <td data-label="Has Exer Webhook Enabled">{f.webhook}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <LoadErrorView message={data.error ?? ""} retryHref={location.pathname + location.search} />
      )}
      {data.adding ? <AddFormDialog closeHref={withoutParams(location, ["add"])} /> : null}
    </section>
  );
}

function AddFormDialog({ closeHref }: { closeHref: string }) {
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

export function ProResponsesPage({ data }: { data: SerializeFrom<typeof loadProResponses> }) {
  const location = useLocation();
  return (
    <section aria-labelledby="pro-responses-title">
      <div className="page-header">
        <h1 id="pro-responses-title">PRO Responses</h1>
      </div>
      <p className="muted">Typeform responses that could not be attached to a patient.</p>
      {data.responses ? (
        data.responses.length === 0 ? (
          <p className="empty-state">There are no unprocessed responses.</p>
        ) : (
          <div {...tableWrap("Unprocessed Typeform responses")}>
            <table className="data-table stacked-table">
              <caption className="visually-hidden">Unprocessed Typeform responses</caption>
              <thead>
                <tr>
                  <th scope="col">Form</th>
                  <th scope="col">User</th>
                  <th scope="col">Location</th>
                  <th scope="col">Date Time</th>
                </tr>
              </thead>
              <tbody>
                {data.responses.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      {r.formTitle} <span className="muted">({r.formId})</span>
                    </th>
                    <td data-label="User">{r.userId ?? "—"}</td>
                    <td data-label="Location">{r.location ?? "—"}</td>
                    <td data-label="Date Time">
                      <time dateTime={r.dateTime}>{r.when}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <LoadErrorView message={data.error ?? ""} retryHref={location.pathname + location.search} />
      )}
    </section>
  );
}
