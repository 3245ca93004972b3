/**
 * Add New Patient (000 §2.7) at `/patients/?add=true`: tabs Single Add and Bulk Add; the product step for users
 * with Health and Gait (a GET form: `step=details&products=…`), skipped by single-product users; the patient
 * form (app/areas/patients/forms/patient.ts) posting `intent=add-patient` ('Save' goes to the new patient, 'Save and add
 * another' comes back to an empty form); Bulk Add posting the CSV (multipart) with the template downloads.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useActionData, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import type { patientListAction } from "./list-route.server";
import { listHref, type ListState } from "../rules/patient-list";
import { PRODUCT_NAMES } from "../rules/patient-rows";
import type { PatientProduct } from "../forms/patient-options";
import { Dialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import type { SelectOption as Option } from "../../../components/field";
import { PatientFields } from "./patient-fields";
import { StateInputs } from "./state-inputs";

export interface AddState {
  step: "products" | "details" | "bulk";
  addable: PatientProduct[];
  products: PatientProduct[];
  productError: string | null;
  token: string;
}

export const TEMPLATES: Record<"HEALTH" | "GAIT", string> = { HEALTH: "/templates/patients-health.csv", GAIT: "/templates/patients-gait.csv" };

interface Props {
  add: AddState;
  state: ListState;
  providers: Option[];
  locations: Option[];
  today: string;
  languageOption: boolean;
  defaultLocationId: string | null;
}

export function AddPatientDialog(props: Props) {
  const { add, state } = props;
  const single = listHref(state, { add: "true" });
  return (
    <Dialog title="Add New Patient" closeHref={listHref(state)} size="wide" changes>
      <nav aria-label="Add New Patient" className="tabs">
        <Link className="tab" to={single} aria-current={add.step !== "bulk" ? "page" : undefined} preventScrollReset>
          Single Add
        </Link>
        <Link className="tab" to={listHref(state, { add: "true", mode: "bulk" })} aria-current={add.step === "bulk" ? "page" : undefined} preventScrollReset>
          Bulk Add
        </Link>
      </nav>
      {add.step === "products" ? <ProductStep {...props} /> : add.step === "details" ? <DetailsForm key={add.token} {...props} /> : <BulkForm key={add.token} {...props} />}
    </Dialog>
  );
}

function ProductStep({ add, state }: Props) {
  const errorId = "add-products-error";
  return (
    <Form method="get" action="/patients/" className="stack" preventScrollReset>
      <StateInputs state={state} />
      <input type="hidden" name="add" value="true" />
      <input type="hidden" name="step" value="details" />
      <fieldset className="field" aria-describedby={add.productError ? errorId : undefined}>
        <legend>Which products is this patient for?</legend>
        {add.addable.map((p) => (
          <label key={p} className="checkbox">
            <input type="checkbox" name="products" value={p} defaultChecked={add.products.includes(p)} /> {PRODUCT_NAMES[p]}
          </label>
        ))}
        <ErrorList id={errorId} errors={add.productError ? [add.productError] : []} />
      </fieldset>
      <div className="modal-actions">
        <Link to={listHref(state)} className="button">
          Cancel
        </Link>
        <button type="submit" className="button primary">
          Next
        </button>
      </div>
    </Form>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (navigation.formData?.get("intent") === intent || (intent === "bulk-upload" && navigation.formEncType === "multipart/form-data"));
}

function DetailsForm({ add, state, providers, locations, today, languageOption, defaultLocationId }: Props) {
  const actionData = useActionData<typeof patientListAction>();
  const lastResult = actionData && actionData.intent === "add-patient" ? actionData.result : undefined;
  const busy = useBusy("add-patient");
  const products = add.products;
  const defaultLocation = defaultLocationId && locations.some((l) => l.value === defaultLocationId) ? defaultLocationId : locations.length === 1 ? locations[0]!.value : "";
  const [form, fields] = useForm({
    id: "add-patient",
    lastResult,
    defaultValue: { locationId: defaultLocation, language: languageOption ? "en" : undefined },
    ...useLazyValidation("add-patient", () => import("../forms/patient"), (m) => m.patientFormSchema({ mode: "add", today, products }), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  const formErrors = [...(form.errors ?? []), ...(fields.products.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
      <input type="hidden" name="intent" value="add-patient" />
      <input type="hidden" name="formToken" value={add.token} />
      {products.map((p) => (
        <input key={p} type="hidden" name="products" value={p} />
      ))}
      {add.addable.length > 1 ? (
        <p className="form-note">
          {`Products: ${products.map((p) => PRODUCT_NAMES[p]).join(", ")}. `}
          <Link to={listHref(state, { add: "true" })} preventScrollReset>
            Change products
          </Link>
        </p>
      ) : null}
      <PatientFields fields={fields as never} products={products} today={today} locations={locations} providers={providers} showLanguage={languageOption} />
      <ErrorList id={form.errorId} errors={formErrors} />
      <div className="modal-actions">
        <Link to={listHref(state)} className="button">
          Cancel
        </Link>
        <button type="submit" name="next" value="another" className="button" disabled={busy}>
          Save and add another
        </button>
        <button type="submit" name="next" value="patient" className="button primary" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}

function BulkForm({ add, state }: Props) {
  const actionData = useActionData<typeof patientListAction>();
  const reply = actionData && actionData.intent === "bulk-upload" ? actionData : null;
  const busy = useBusy("bulk-upload");
  const choices = add.addable.filter((p): p is "HEALTH" | "GAIT" => p === "HEALTH" || p === "GAIT");
  const problemsId = "bulk-problems";
  return (
    <Form method="post" encType="multipart/form-data" className="stack" preventScrollReset aria-describedby={reply ? problemsId : undefined}>
      <input type="hidden" name="formToken" value={add.token} />
      <p className="form-note">Add many patients at once from a CSV file made from the template. Every row is checked before anything is saved.</p>
      {choices.length > 1 ? (
        <fieldset className="field radio-group">
          <legend>Product</legend>
          {choices.map((p) => (
            <label key={p} className="radio">
              <input type="radio" name="product" value={p} defaultChecked={(reply?.product ?? choices[0]) === p} /> {PRODUCT_NAMES[p]}
            </label>
          ))}
        </fieldset>
      ) : choices.length === 1 ? (
        <input type="hidden" name="product" value={choices[0]} />
      ) : null}
      <ul className="template-links">
        {choices.map((p) => (
          <li key={p}>
            <a href={TEMPLATES[p]} download>{`Download the ${PRODUCT_NAMES[p]} template (CSV)`}</a>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor="bulk-file">CSV file</label>
        <input id="bulk-file" type="file" name="file" accept=".csv,text/csv" required aria-describedby={reply ? problemsId : undefined} aria-invalid={reply ? true : undefined} />
      </div>
      {reply ? (
        <div id={problemsId} className="upload-problems" role="alert">
          <p>Nothing was imported. Please correct the file and upload it again:</p>
          <ul>
            {reply.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="modal-actions">
        <Link to={listHref(state)} className="button">
          Cancel
        </Link>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Uploading…" : "Upload"}
        </button>
      </div>
    </Form>
  );
}
