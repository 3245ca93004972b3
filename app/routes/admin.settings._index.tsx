/**
 * `/admin/settings/` (003 §2 "Admin Settings"): the scan-modules organization override — the current override
 * organization (or 'No organization set.'), a select to set it, Reset. Support staff may set and reset it
 * (ADR 015). Loader and action: app/areas/admin/settings/settings-route.server.ts.
 */
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { Form } from "react-router";
import { ErrorList } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { FormToken } from "../forms/form-token";
import { loadSettings, settingsAction } from "../areas/admin/settings/settings-route.server";
import { NO_ORGANIZATION_SET, RESET_INTENT, SET_INTENT } from "../areas/admin/settings/settings-values";
import type { Route } from "./+types/admin.settings._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Admin Settings | Exer Provider Portal" }];
export const loader = loadSettings;
export const action = settingsAction;

export default function AdminSettingsRoute({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { override, overrideError, organizations, organizationsError } = loaderData;
  const [form, fields] = useForm({
    id: "scan-modules-override",
    lastResult: reply?.intent === "set" ? reply.result : undefined,
    defaultValue: { organizationId: override?.organizationId ?? "" },
    ...useLazyValidation("scan-modules-override", () => import("../areas/admin/settings/settings"), (m) => m.overrideSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key, ...selectProps } = getSelectProps(fields.organizationId);
  return (
    <section aria-labelledby="admin-settings-title" className="stack">
      <h1 id="admin-settings-title">Admin Settings</h1>
      <section aria-labelledby="override-title" className="card stack">
        <h2 id="override-title">Scan modules organization override</h2>
        <p className="field-hint">
          The scan clients of the product&apos;s own staff are served this organization&apos;s scan modules, to see what that customer sees. Customers
          always get their own modules.
        </p>
        {overrideError ? (
          <p role="alert" className="field-error">
            {overrideError}
          </p>
        ) : (
          <p>
            Current override organization: {override?.name ?? NO_ORGANIZATION_SET}
          </p>
        )}
        {organizationsError ? (
          <p role="alert" className="field-error">
            {organizationsError}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
          <FormToken />
          <div className="field">
            <label htmlFor={fields.organizationId.id}>Organization</label>
            <select key={key} {...selectProps}>
              <option value="">Choose an organization</option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.organizationId.errorId} errors={fields.organizationId.errors} />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="form-actions">
            <SubmitButton name="intent" value={SET_INTENT} pendingText="Setting…">
              Set override
            </SubmitButton>
          </div>
        </Form>
        {override?.organizationId ? (
          <Form method="post" preventScrollReset>
            <FormToken />
            <input type="hidden" name="intent" value={RESET_INTENT} />
            {reply?.intent === RESET_INTENT && reply.message ? (
              <p role="alert" className="field-error">
                {reply.message}
              </p>
            ) : null}
            <SubmitButton className="button" pendingWhen={{ intent: RESET_INTENT }} pendingText="Resetting…">
              Reset
            </SubmitButton>
          </Form>
        ) : null}
      </section>
    </section>
  );
}
