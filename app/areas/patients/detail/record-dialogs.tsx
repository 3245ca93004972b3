/**
 * The record's dialogs (000 §2.8), each at its URL (`?dialog=discharge|edit-plan|new-plan|edit-details|
 * resend-invite`), posting to the record route's action with an `intent`. With JavaScript the forms are
 * validated in the browser with the server's schemas and sent by a fetcher (the page behind stays); a
 * refusal shows inline; success redirects back with a toast.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import type { SerializeFrom } from "../../../route-data";
import { Form, useActionData, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { useState, type ReactNode } from "react";
import type { PatientRecord } from "../../../api/patients.server";
import { displayName } from "../../../domain/names";
import { recordPath } from "../rules/patient-detail";
import { canResendInvite, dischargeWindow, editPlanWindow, formatDay, newPlanWindow, type DayWindow } from "../rules/patient-record";
import { BODY_PARTS, BODY_PART_LABELS, NEW_PLAN_PRODUCTS, SIDE_OPTIONS, choiceOfSide, newPlanProducts, patientFormDefaults, patientFormSourceOf } from "../forms/patient-options";
import { FormToken } from "../../../forms/form-token";
import { Dialog } from "../../../components/dialog";
import { withoutParams, withParams } from "../../../shell/dialog-url";
import { ErrorList, Field, SelectField, optionsKeeping, type SelectOption } from "../../../components/field";
import { PatientFields } from "../list/patient-fields";
import type { PatientFormChoices } from "./choices.server";
import { DialogSubmit, useDialogSubmission } from "./dialog-form";
import { isRecordDialog } from "./record-dialog-names";

type RecordData = SerializeFrom<PatientRecord>;

export const BILLING_PRACTITIONER_FIELD = "rtmBillingPractitionerId";
export const BILLING_PRACTITIONER_LABEL = "RTM billing practitioner";
export const PRIMARY_PROVIDER_DEFAULT = "The primary provider";
export const BILLING_PRACTITIONER_HINT =
  "The rendering practitioner RTM claims for this patient name (NPI, credential). Only one practitioner bills a patient's device supply in 30 days: the billing rules compare this practitioner, not who marks a code billed.";

export { isRecordDialog, RECORD_DIALOGS, type RecordDialog } from "./record-dialog-names";

/** Params of the record's dialogs (removed when one closes). */
const DIALOG_PARAMS = ["dialog", "step", "products"];

const PRODUCT_NAMES: { [k: string]: string } = { HEALTH: "Health", GAIT: "Gait", PRO: "PRO" };
const BODY_PART_OPTIONS = BODY_PARTS.map((p) => ({ value: p, label: BODY_PART_LABELS[p] }));

export interface RecordDialogProps {
  record: RecordData;
  today: string;
  /** The organization's products (New Plan of Care offers them). */
  orgProducts: readonly string[];
  choices: PatientFormChoices | null;
}

/** The open dialog of the URL, if it is one of the record's. */
export function RecordDialogs(props: RecordDialogProps & { dialog: string | null }) {
  const { dialog } = props;
  if (!isRecordDialog(dialog)) return null;
  switch (dialog) {
    case "discharge":
      return <PlanEndDialog {...props} intent="discharge" />;
    case "edit-plan":
      return <PlanEndDialog {...props} intent="edit-plan" />;
    case "new-plan":
      return <NewPlanDialog {...props} />;
    case "edit-details":
      return <EditDetailsDialog {...props} />;
    case "resend-invite":
      return <ResendInviteDialog {...props} />;
  }
}

/** The close link and the form's way back: the page without the dialog. */
function useDialogUrls(record: RecordData) {
  const location = useLocation();
  // After a refused form without JavaScript the page is the form's URL: the way back is the one it carried.
  const back = (useActionData() as { back?: string } | undefined)?.back;
  const closeHref = back ?? withoutParams(location, DIALOG_PARAMS);
  // The action's URL keeps the dialog's params, so that a refused form renders it again without JavaScript.
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams([...params].filter(([k]) => DIALOG_PARAMS.includes(k)));
  const actionUrl = `${recordPath(record.id)}?${kept}`;
  return { location, closeHref, actionUrl };
}

function DialogActions({ closeHref, children }: { closeHref: string; children: ReactNode }) {
  return (
    <div className="modal-actions">
      <Link to={closeHref} className="button" preventScrollReset>
        Cancel
      </Link>
      {children}
    </div>
  );
}

const windowHint = (w: DayWindow) => (w.min ? `From ${formatDay(w.min)} to ${formatDay(w.max)}.` : `On or before ${formatDay(w.max)}.`);

export const SAME_DAY_DISCHARGE_NOTE = "Discharging today or on a past date keeps the patient active through the end of that day.";

function PlanEndDialog({ record, today, intent }: RecordDialogProps & { intent: "discharge" | "edit-plan" }) {
  const { closeHref, actionUrl } = useDialogUrls(record);
  const { fetcher, lastResult, busy } = useDialogSubmission(intent);
  const window = intent === "discharge" ? dischargeWindow(record, today) : editPlanWindow(today);
  const current = record.dischargeDate;
  const initial = intent === "edit-plan" && current && current >= (window.min ?? current) && current <= window.max ? current : today >= (window.min ?? today) ? today : (window.min ?? today);
  const [chosen, setChosen] = useState(initial);
  const [form, fields] = useForm({
    id: `patient-${intent}`,
    lastResult,
    defaultValue: { end: initial },
    ...useLazyValidation(`patient-${intent}`, () => import("../forms/plan-of-care"), (m) => m.planEndSchema(window), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  const title = intent === "discharge" ? "Discharge" : "Edit Plan of Care";
  const label = intent === "discharge" ? "Discharge Date" : "End Date";
  return (
    <Dialog title={title} closeHref={closeHref} description={`${displayName(record.patient)}: the patient is discharged after this date.`} changes>
      <fetcher.Form method="post" action={actionUrl} {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value={intent} />
        <FormToken />
        <input type="hidden" name="redirectTo" value={closeHref} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={label}
          meta={fields.end}
          type="date"
          hint={
            <>
              {windowHint(window)} {chosen <= today ? SAME_DAY_DISCHARGE_NOTE : null}
            </>
          }
          inputProps={{ min: window.min ?? undefined, max: window.max, required: true, onChange: (e) => setChosen(e.currentTarget.value) }}
        />
        <DialogActions closeHref={closeHref}>
          <DialogSubmit busy={busy} busyText="Saving…">
            {intent === "discharge" ? "Discharge" : "Save"}
          </DialogSubmit>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}

/** New Plan of Care: step 1 products (a GET form: the URL carries the choice), step 2 the details. */
function NewPlanDialog(props: RecordDialogProps) {
  const { record, orgProducts } = props;
  const { location, closeHref } = useDialogUrls(record);
  const params = new URLSearchParams(location.search);
  const offered = NEW_PLAN_PRODUCTS.filter((p) => orgProducts.includes(p) || record.products.includes(p));
  const chosen = newPlanProducts(params.getAll("products"), record.products);
  if (params.get("step") !== "2") {
    const keep = [...params].filter(([k]) => !["step", "products"].includes(k));
    return (
      <Dialog title="New Plan of Care" closeHref={closeHref} description="Step 1 of 2: choose the products of the new plan." changes>
        <Form method="get" className="stack" preventScrollReset>
          {keep.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="step" value="2" />
          <fieldset className="checkbox-group">
            <legend>Products</legend>
            {offered.map((p) => {
              const held = record.products.includes(p);
              return (
                <label key={p} className="checkbox-field">
                  <input type="checkbox" name="products" value={p} defaultChecked={held || chosen.includes(p)} disabled={held} />
                  {PRODUCT_NAMES[p]}
                  {held ? <span className="visually-hidden"> (already assigned)</span> : null}
                </label>
              );
            })}
          </fieldset>
          <DialogActions closeHref={closeHref}>
            <button type="submit" className="button primary">
              Next
            </button>
          </DialogActions>
        </Form>
      </Dialog>
    );
  }
  return <NewPlanDetails {...props} chosen={chosen} backHref={withParams(location, { step: null })} closeHref={closeHref} />;
}

function NewPlanDetails({ record, today, choices, chosen, backHref, closeHref }: RecordDialogProps & { chosen: string[]; backHref: string; closeHref: string }) {
  const { actionUrl } = useDialogUrls(record);
  const { fetcher, lastResult, busy } = useDialogSubmission("new-plan");
  const window = newPlanWindow(record, today);
  const health = chosen.includes("HEALTH");
  const healthData = record.productData.health;
  const [form, fields] = useForm({
    id: "patient-new-plan",
    lastResult,
    defaultValue: {
      start: today,
      locationId: record.location?.id ?? "",
      primaryPractitionerId: record.practitioner?.id ?? "",
      injuredSideOfBody: healthData ? choiceOfSide(healthData.injuredSideOfBody, true) : "",
      injuredBodyPart: healthData?.injuredBodyPart ?? "",
    },
    ...useLazyValidation("patient-new-plan", () => import("../forms/plan-of-care"), (m) => m.newPlanSchema({ window, held: record.products }), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Dialog title="New Plan of Care" closeHref={closeHref} description={`Step 2 of 2: ${chosen.map((p) => PRODUCT_NAMES[p]).join(", ") || "no products"}.`} changes>
      <fetcher.Form method="post" action={actionUrl} {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="new-plan" />
        <FormToken />
        <input type="hidden" name="redirectTo" value={closeHref} />
        {chosen.map((p) => (
          <input key={p} type="hidden" name="products" value={p} />
        ))}
        <ChoiceErrors choices={choices} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Start Date" meta={fields.start} type="date" hint={windowHint(window)} inputProps={{ min: window.min ?? undefined, max: window.max, required: true }} />
        <SelectField label="Location" meta={fields.locationId} options={choices?.locations ?? []} placeholder="Select a location" storedLabel={record.location?.name} />
        <SelectField label="Primary Provider" meta={fields.primaryPractitionerId} options={choices?.providers ?? []} placeholder="None" storedLabel={record.practitioner ? displayName(record.practitioner) : undefined} />
        {health ? (
          <>
            <SelectField label="Side of Body" meta={fields.injuredSideOfBody} options={SIDE_OPTIONS} placeholder="Select a side" />
            <SelectField label="Involved Body Part" meta={fields.injuredBodyPart} options={BODY_PART_OPTIONS} placeholder="Select a body part" />
          </>
        ) : null}
        <div className="modal-actions">
          <Link to={backHref} className="button" preventScrollReset>
            Back
          </Link>
          <DialogSubmit busy={busy} busyText="Creating…">
            Create
          </DialogSubmit>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function ChoiceErrors({ choices }: { choices: PatientFormChoices | null }) {
  if (!choices?.errors.length) return null;
  return (
    <div className="notice notice-error" role="alert">
      {choices.errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

function EditDetailsDialog({ record, today, choices }: RecordDialogProps) {
  const { closeHref, actionUrl } = useDialogUrls(record);
  const { fetcher, lastResult, busy } = useDialogSubmission("edit-details");
  const { patient } = record;
  const locked = patient.hasAccount;
  const [form, fields] = useForm({
    id: "patient-edit-details",
    lastResult,
    defaultValue: patientFormDefaults(patientFormSourceOf(record)),
    ...useLazyValidation("patient-edit-details", () => import("../forms/patient"), (m) => m.patientFormSchema({ mode: "edit", today, products: record.products, emailLocked: locked }), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Dialog title="Edit Patient Details" closeHref={closeHref} size="wide" changes>
      <fetcher.Form method="post" action={actionUrl} {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="edit-details" />
        <FormToken />
        <input type="hidden" name="redirectTo" value={closeHref} />
        <ChoiceErrors choices={choices} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <PatientFields
          fields={fields as never}
          products={record.products}
          today={today}
          locations={withCurrent(choices?.locations ?? [], record.location ? { value: record.location.id, label: record.location.name } : null)}
          providers={withCurrent(choices?.providers ?? [], record.practitioner ? { value: record.practitioner.id, label: displayName(record.practitioner) } : null)}
          providerPlaceholder="None"
          emailLocked={locked ? (patient.email ?? "") : null}
        />
        {record.products.includes("HEALTH") ? <BillingPractitionerField record={record} providers={choices?.providers ?? []} /> : null}
        <DialogActions closeHref={closeHref}>
          <DialogSubmit busy={busy} busyText="Saving…">
            Save
          </DialogSubmit>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}

/**
 * The practitioner the patient's RTM codes are billed under (issue 32, ADR 044): the primary provider unless another
 * is chosen. Provider admins, the primary provider and the billing practitioner may change it (the API refuses others,
 * and a PTA, with its reason in the form's errors). Sent only when it changes.
 */
function BillingPractitionerField({ record, providers }: { record: RecordDialogProps["record"]; providers: { value: string; label: string }[] }) {
  const billing = record.rtmBillingPractitioner;
  const chosen = billing && billing.id !== record.practitioner?.id ? billing.id : "";
  const options = withCurrent(providers, billing && chosen ? { value: billing.id, label: displayName(billing) } : null);
  return (
    <div className="field">
      <label htmlFor="patient-rtm-billing-practitioner">{BILLING_PRACTITIONER_LABEL}</label>
      <select id="patient-rtm-billing-practitioner" name={BILLING_PRACTITIONER_FIELD} defaultValue={chosen} aria-describedby="patient-rtm-billing-practitioner-hint">
        <option value="">{PRIMARY_PROVIDER_DEFAULT}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <input type="hidden" name={`${BILLING_PRACTITIONER_FIELD}Was`} value={chosen} />
      <p className="field-hint" id="patient-rtm-billing-practitioner-hint">
        {BILLING_PRACTITIONER_HINT}
      </p>
    </div>
  );
}

/** The current value stays choosable even when the list could not be loaded or no longer has it. */
const withCurrent = (options: readonly SelectOption[], current: SelectOption | null) => (current ? optionsKeeping(options, current.value, current.label) : options);

function ResendInviteDialog({ record }: RecordDialogProps) {
  const { closeHref, actionUrl } = useDialogUrls(record);
  const { fetcher, lastResult, busy } = useDialogSubmission("resend-invite");
  const allowed = canResendInvite(record);
  const errors = (lastResult?.error?.[""] ?? null) as string[] | null;
  return (
    <Dialog title="Resend Health Invite" closeHref={closeHref} alert changes>
      <fetcher.Form method="post" action={actionUrl} className="stack">
        <input type="hidden" name="intent" value="resend-invite" />
        <FormToken />
        <input type="hidden" name="redirectTo" value={closeHref} />
        {allowed ? (
          <p>
            Send the Exer Health app invite to {displayName(record.patient)} at {record.patient.email} again?
          </p>
        ) : (
          <p>The invite can be sent again only while the patient has no account and no activity.</p>
        )}
        <div role="alert">
          <ErrorList errors={errors} />
        </div>
        <DialogActions closeHref={closeHref}>
          {allowed ? (
            <DialogSubmit busy={busy} busyText="Sending…">
              Send Invite
            </DialogSubmit>
          ) : null}
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
