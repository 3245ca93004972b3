/**
 * Gait Events - Add Patient (002 §2): one form — the location, the patient's names and an optional Unique Gait
 * ID — and, once a location is picked, the table of its gait patients (Name, Location, Gait UID, Last Activity),
 * each row a link to the patient's gait tab.
 *
 * Without JavaScript the location is picked with 'Show patients' (a post answered with `?location=`); with it,
 * choosing a location loads its table at once (the typed names stay). After 'Add Patient' the page comes back
 * to the same location (Post/Redirect/Get): the form is new (the ID field empty, a new form token) and the table
 * reloaded — with JavaScript the form is mounted again for the same effect (002 §4 "Gait add").
 *
 * A read-only user (support staff, ADR 026) adds no patient: they get the location picker alone, a GET form (the
 * post of 'Show patients' would be refused to them), the table, and the notice why there is no form.
 */
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import type { SerializeFrom } from "../../../route-data";
import { Await, Form, useActionData, useNavigate, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import { Suspense, useEffect, useRef, useState } from "react";
import { ErrorList, Field } from "../../../components/field";
import { LoadErrorView } from "../../../components/load-error";
import { SubmitButton } from "../../../components/submit-button";
import { useHydrated } from "../../../components/use-hydrated";
import { FormToken } from "../../../forms/form-token";
import { RECONCILE_PATH } from "../reconcile/reconcile";
import { READ_ONLY_NOTICE, useReadOnly } from "../../../shell/read-only";
import { GAIT_UID_MAX, NAME_MAX } from "./gait-patient-form-values";
import { GAIT_PATIENTS_EMPTY, GAIT_PATIENTS_LOAD_FAILED, GAIT_PATIENTS_PATH, gaitPatientsHref, PICK_LOCATION } from "./gait-patients";
import type { GaitPatientsLoaderData, GaitPatientsTable, gaitPatientsAction } from "./gait-patients-route.server";
import { tableWrap } from "../../../components/table-wrap";
import { useChangeHandler } from "../../../components/use-change-handler";

type Data = SerializeFrom<GaitPatientsLoaderData>;
const TITLE_ID = "gait-patients-title";
const TABLE_TITLE_ID = "gait-patients-table-title";

export function GaitPatientsPage({ data }: { data: Data }) {
  const generation = useAddedGeneration();
  const readOnly = useReadOnly();
  return (
    <section className="gait-patients" aria-labelledby={TITLE_ID}>
      <div className="page-header">
        <h1 id={TITLE_ID}>Gait Events - Add Patient</h1>
        {readOnly ? null : <Link to={RECONCILE_PATH}>Reconcile Gait Patients</Link>}
      </div>
      {readOnly ? <LocationPicker data={data} /> : <AddPatientForm key={generation} data={data} />}
      {data.location ? (
        <section aria-labelledby={TABLE_TITLE_ID} className="gait-patients-list">
          <h2 id={TABLE_TITLE_ID}>Gait patients{locationName(data) ? ` at ${locationName(data)}` : ""}</h2>
          <Suspense fallback={<p role="status">Loading gait patients…</p>}>
            <Await resolve={data.table as unknown as Promise<GaitPatientsTable>} errorElement={<LoadError location={data.location} />}>
              {(table) => <GaitPatientsTableView table={table} location={data.location!} />}
            </Await>
          </Suspense>
        </section>
      ) : (
        <p className="empty-state">{PICK_LOCATION}</p>
      )}
    </section>
  );
}

const locationName = (data: Data) => data.locations.find((l) => l.id === data.location)?.name ?? null;

/** A counter that goes up each time an add succeeded with JavaScript (the action redirected: no action data). */
function useAddedGeneration(): number {
  const navigation = useNavigation();
  const actionData = useActionData<typeof gaitPatientsAction>();
  const [generation, setGeneration] = useState(0);
  const adding = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "add") adding.current = true;
    else if (navigation.state === "idle" && adding.current) {
      adding.current = false;
      if (!actionData) setGeneration((g) => g + 1);
    }
  }, [navigation.state, navigation.formData, actionData]);
  return generation;
}

function AddPatientForm({ data }: { data: Data }) {
  const hydrated = useHydrated();
  const followLocation = useFollowLocation("locationId");
  const actionData = useActionData<typeof gaitPatientsAction>();
  const [form, fields] = useForm({
    id: "gait-add-patient",
    lastResult: actionData?.result,
    defaultValue: { locationId: data.location ?? "" },
    ...useLazyValidation("gait-add-patient", () => import("./gait-patient-form"), (m) => m.gaitPatientFormSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key: locationKey, ...locationProps } = getSelectProps(fields.locationId);
  return (
    <Form method="post" action={gaitPatientsHref(data.location)} {...getFormProps(form)} {...followLocation} className="gait-add-form" preventScrollReset>
      <FormToken />
      <div className="gait-add-fields">
        <div className="field">
          <label htmlFor={fields.locationId.id}>Location</label>
          <select key={locationKey} {...locationProps}>
            <LocationOptions locations={data.locations} />
          </select>
          <ErrorList id={fields.locationId.errorId} errors={fields.locationId.errors} />
        </div>
        {hydrated ? null : (
          <button type="submit" name="intent" value="show" className="button gait-show" formNoValidate>
            Show patients
          </button>
        )}
      </div>
      <div className="gait-add-fields">
        <Field label="First Name" meta={fields.firstName} inputProps={{ maxLength: NAME_MAX, autoComplete: "off" }} />
        <Field label="Last Name" meta={fields.lastName} inputProps={{ maxLength: NAME_MAX, autoComplete: "off" }} />
        <Field label="Unique Gait ID (optional)" meta={fields.gaitUid} inputProps={{ maxLength: GAIT_UID_MAX, autoComplete: "off" }} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SubmitButton name="intent" value="add" pendingText="Adding…">
          Add Patient
        </SubmitButton>
      </div>
    </Form>
  );
}


/** The location select's options: none chosen first, then the user's locations. */
function LocationOptions({ locations }: { locations: Data["locations"] }) {
  return (
    <>
      <option value="">Select Location</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </>
  );
}

/** A form's change handler: with JavaScript the table follows the location chosen at once (a GET; whatever else was typed stays). */
function useFollowLocation(field: string) {
  const navigate = useNavigate();
  return useChangeHandler<HTMLFormElement>((control) => {
    if (control.name === field) void navigate(gaitPatientsHref(control.value || null), { replace: true, preventScrollReset: true });
  });
}

/** For a read-only user: the location alone, a GET form (`?location=`), and why there is nothing to add. */
function LocationPicker({ data }: { data: Data }) {
  const hydrated = useHydrated();
  const followLocation = useFollowLocation("location");
  return (
    <>
      <p className="notice notice-info" role="note">
        {READ_ONLY_NOTICE}
      </p>
      <Form method="get" action={GAIT_PATIENTS_PATH} className="gait-add-form" preventScrollReset {...followLocation}>
        <div className="gait-add-fields">
          <div className="field">
            <label htmlFor="gait-location">Location</label>
            <select
              id="gait-location"
              name="location"
              defaultValue={data.location ?? ""}
              key={data.location ?? ""}
            >
              <LocationOptions locations={data.locations} />
            </select>
          </div>
          {hydrated ? null : (
            <button type="submit" className="button gait-show">
              Show patients
            </button>
          )}
        </div>
      </Form>
    </>
  );
}

function LoadError({ location }: { location: string }) {
  return <LoadErrorView message={GAIT_PATIENTS_LOAD_FAILED} retryHref={gaitPatientsHref(location)} level={3} />;
}

function GaitPatientsTableView({ table, location }: { table: GaitPatientsTable; location: string }) {
  if (!table.ok) return <LoadError location={location} />;
  if (table.rows.length === 0) return <p className="empty-state">{GAIT_PATIENTS_EMPTY}</p>;
  return (
    <div {...tableWrap({ labelledBy: TABLE_TITLE_ID })}>
      <table className="data-table" aria-labelledby={TABLE_TITLE_ID}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Location</th>
            <th scope="col">Gait UID</th>
            <th scope="col">Last Activity</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={row.href}>{row.name}</Link>
              </th>
              <td>{row.location}</td>
              <td>{row.gaitUid}</td>
              <td>{row.lastActivity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
