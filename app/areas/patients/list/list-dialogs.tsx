/**
 * The list's row dialogs: add to the other product (`?addProduct={id}`; 'Add' when the patient already has
 * what the product needs, else 'Next' to the details form, 000 §2.6) and the account invite confirmation
 * (`?invite={id}`). Both post to the list's action and go back to the list with a toast.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import type { loadPatientList, patientListAction } from "./list-route.server";
import { listHref, type ListState } from "../rules/patient-list";
import { PRODUCT_NAMES } from "../rules/patient-rows";
import { patientFormDefaults, PATIENT_PRODUCTS } from "../forms/patient-options";
import { Dialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import type { SelectOption as Option } from "../../../components/field";
import { PatientFields } from "./patient-fields";

type Data = SerializeFrom<typeof loadPatientList>;
type AddProduct = NonNullable<Data["addProduct"]>;
type Invite = NonNullable<Data["invite"]>;

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function AddProductDialog({ dialog, state, today, locations }: { dialog: AddProduct; state: ListState; today: string; locations: Option[] }) {
  const closeHref = listHref(state);
  const actionData = useActionData<typeof patientListAction>();
  const reply = actionData && actionData.intent === "add-product" ? actionData : null;
  const busy = useSubmitting("add-product");
  if (dialog.kind === "error") {
    return (
      <Dialog title="Add To Product" closeHref={closeHref} changes>
        <p role="alert">{dialog.message}</p>
        <div className="modal-actions">
          <Link to={closeHref} className="button">
            Close
          </Link>
        </div>
      </Dialog>
    );
  }
  const product = PRODUCT_NAMES[dialog.product];
  const title = `Add To ${product}`;
  if (dialog.step === "details") return <AddProductDetails dialog={dialog} state={state} today={today} locations={locations} title={title} />;
  return (
    <Dialog title={title} closeHref={closeHref} description={`Add ${dialog.patient.name} to ${product}.`} changes>
      {dialog.complete ? (
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="add-product" />
          <input type="hidden" name="patientRecordId" value={dialog.patient.id} />
          <input type="hidden" name="formToken" value={dialog.token} />
          {reply?.error ? <p className="field-error" role="alert">{reply.error}</p> : null}
          <div className="modal-actions">
            <Link to={closeHref} className="button">
              Cancel
            </Link>
            <button type="submit" className="button primary" disabled={busy}>
              Add
            </button>
          </div>
        </Form>
      ) : (
        <>
          <p>{`${product} needs a few more details about this patient.`}</p>
          <div className="modal-actions">
            <Link to={closeHref} className="button">
              Cancel
            </Link>
            <Link to={listHref(state, { addProduct: dialog.patient.id, step: "details" })} className="button primary" preventScrollReset>
              Next
            </Link>
          </div>
        </>
      )}
    </Dialog>
  );
}

type AddProductOpen = Extract<AddProduct, { kind: "add-product" }>;

function AddProductDetails({ dialog, state, today, locations, title }: { dialog: AddProductOpen; state: ListState; today: string; locations: Option[]; title: string }) {
  const actionData = useActionData<typeof patientListAction>();
  const lastResult = actionData && actionData.intent === "add-product" ? (actionData.result ?? undefined) : undefined;
  const busy = useSubmitting("add-product");
  const p = dialog.patient;
  const products = [...p.products.filter((x) => (PATIENT_PRODUCTS as readonly string[]).includes(x)), dialog.product];
  const [form, fields] = useForm({
    id: `add-product-${p.id}`,
    lastResult,
    defaultValue: patientFormDefaults(p),
    ...useLazyValidation(`add-product-${p.id}`, () => import("../forms/patient"), (m) => m.patientFormSchema({ mode: "edit", today, products, emailLocked: p.hasAccount }), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  const closeHref = listHref(state);
  return (
    <Dialog title={title} closeHref={closeHref} description={`Complete ${p.name}'s details for ${PRODUCT_NAMES[dialog.product]}.`} size="wide" changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="add-product" />
        <input type="hidden" name="step" value="details" />
        <input type="hidden" name="patientRecordId" value={p.id} />
        <input type="hidden" name="formToken" value={dialog.token} />
        {p.locationId ? <input type="hidden" name={fields.locationId.name} value={p.locationId} /> : null}
        <PatientFields
          fields={fields as never}
          products={[dialog.product]}
          today={today}
          showPersonal={false}
          locations={p.locationId ? undefined : locations}
          emailLocked={p.hasAccount ? (p.email ?? "") : null}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="modal-actions">
          <Link to={listHref(state, { addProduct: p.id })} className="button" preventScrollReset>
            Back
          </Link>
          <button type="submit" className="button primary" disabled={busy}>
            Add
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

export function InviteDialog({ dialog, state }: { dialog: Invite; state: ListState }) {
  const closeHref = listHref(state);
  const actionData = useActionData<typeof patientListAction>();
  const error = actionData && actionData.intent === "invite" ? actionData.error : null;
  const busy = useSubmitting("invite");
  if (dialog.kind === "error") {
    return (
      <Dialog title="Send Invite" closeHref={closeHref} changes>
        <p role="alert">{dialog.message}</p>
      </Dialog>
    );
  }
  return (
    <Dialog title="Send Invite" closeHref={closeHref} alert description={`Send ${dialog.patient.name} an e-mail invitation to create their account in the patient app?`} changes>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="patientRecordId" value={dialog.patient.id} />
        <input type="hidden" name="formToken" value={dialog.token} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <Link to={closeHref} className="button">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={busy}>
            Send Invite
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
