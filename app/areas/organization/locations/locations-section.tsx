/**
 * The Locations part of the Organization Details page (001 §2.7): the title, 'All Locations' / 'My Locations'
 * tabs (links), admins' Add Location, then the table streaming in (Location Name, Address, Default Provider,
 * Timezone, and an Edit link per row for admins), and the dialog the URL asks for. Everything is a link or a
 * form: it works without JavaScript; with it, the same links and forms navigate without a full reload.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Await, Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { ErrorList, Field, SelectField } from "../../../components/field";
import { STATE_OPTIONS } from "../../../domain/us-states";
import { TIMEZONE_OPTIONS } from "../../../domain/us-timezones";
import { FormToken } from "../../../forms/form-token";
import type { LocationActionData, LocationDialogData, LocationList, LocationsData } from "./locations-route.server";
import { LOCATIONS_LOAD_FAILED, locationsHref, NO_LOCATIONS, NO_MY_LOCATIONS, type LocationRow, type LocationsTab } from "./locations";
import { LoadErrorView } from "../../../components/load-error";
import { SubmitButton } from "../../../components/submit-button";
import { tableWrap } from "../../../components/table-wrap";

const TITLE_ID = "locations-title";

export function LocationsSection({ data }: { data: LocationsData }) {
  const { tab, canManage } = data;
  return (
    <section className="locations" aria-labelledby={TITLE_ID}>
      <div className="locations-header">
        <h2 id={TITLE_ID}>Locations</h2>
        {canManage ? (
          <Link className="button primary" to={locationsHref(tab, { kind: "add-location" })} preventScrollReset>
            Add Location
          </Link>
        ) : null}
      </div>
      {data.showMine ? (
        <nav className="tabs locations-tabs" aria-label="Location lists">
          <Link className="tab" to={locationsHref("all")} aria-current={tab === "all" ? "page" : undefined} preventScrollReset>
            All Locations
          </Link>
          <Link className="tab" to={locationsHref("mine")} aria-current={tab === "mine" ? "page" : undefined} preventScrollReset>
            My Locations
          </Link>
        </nav>
      ) : null}
      <Suspense fallback={<p role="status">Loading locations…</p>}>
        <Await resolve={data.list} errorElement={<LoadError tab={tab} />}>
          {(list) => <LocationsTable list={list as LocationList} tab={tab} canManage={canManage} />}
        </Await>
      </Suspense>
      {data.dialog ? <LocationDialog dialog={data.dialog as LocationDialogData} tab={tab} /> : null}
    </section>
  );
}

function LoadError({ tab }: { tab: LocationsTab }) {
  return <LoadErrorView message={LOCATIONS_LOAD_FAILED} retryHref={locationsHref(tab)} level={3} />;
}

function LocationsTable({ list, tab, canManage }: { list: LocationList; tab: LocationsTab; canManage: boolean }) {
  if (list.error !== null) return <LoadError tab={tab} />;
  if (list.rows.length === 0) return <p className="empty-state">{tab === "mine" ? NO_MY_LOCATIONS : NO_LOCATIONS}</p>;
  return (
    <div {...tableWrap({ labelledBy: TITLE_ID })}>
      <table className="data-table stacked-table locations-table" aria-labelledby={TITLE_ID}>
        <thead>
          <tr>
            <th scope="col">Location Name</th>
            <th scope="col">Address</th>
            <th scope="col">Default Provider</th>
            <th scope="col">Timezone</th>
            {canManage ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <LocationTableRow key={row.id} row={row} tab={tab} canManage={canManage} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LocationTableRow({ row, tab, canManage }: { row: LocationRow; tab: LocationsTab; canManage: boolean }) {
  return (
    <tr>
      <th scope="row">{row.name}</th>
      <td data-label="Address">{row.address || <span className="locations-none">No address</span>}</td>
      <td data-label="Default Provider">{row.defaultProvider ?? <span className="locations-none">None</span>}</td>
      <td data-label="Timezone">{row.timezone}</td>
      {canManage ? (
        <td className="locations-actions">
          <Link to={locationsHref(tab, { kind: "edit-location", id: row.id })} preventScrollReset>
            Edit<span className="visually-hidden"> {row.name}</span>
          </Link>
        </td>
      ) : null}
    </tr>
  );
}

function LocationDialog({ dialog, tab }: { dialog: LocationDialogData; tab: LocationsTab }) {
  const closeHref = locationsHref(tab);
  if (dialog.kind === "message") return <MessageDialog title={dialog.title} closeHref={closeHref} message={dialog.message} />;
  // A new form per location (and per opening: the component mounts again).
  return <LocationForm key={dialog.kind === "edit" ? dialog.id : "add"} dialog={dialog} tab={tab} closeHref={closeHref} />;
}

function LocationForm({ dialog, tab, closeHref }: { dialog: Exclude<LocationDialogData, { kind: "message" }>; tab: LocationsTab; closeHref: string }) {
  const dialogName = dialog.kind === "add" ? "add-location" : "edit-location";
  const actionHref = locationsHref(tab, dialog.kind === "add" ? { kind: "add-location" } : { kind: "edit-location", id: dialog.id });
  const actionData = useActionData() as LocationActionData | Record<string, unknown> | undefined;
  const reply = actionData && actionData.form === "location" && actionData.dialog === dialogName ? (actionData as LocationActionData) : undefined;
  const [form, fields] = useForm({
    id: dialog.kind === "add" ? "add-location" : `edit-location-${dialog.id}`,
    lastResult: reply?.result,
    defaultValue: dialog.defaults,
    // Errors on submit, then as the user corrects them: a message appearing on blur moves the buttons under the
    // pointer (a click that lands on nothing).
    ...useLazyValidation(dialog.kind === "add" ? "add-location" : `edit-location-${dialog.id}`, () => import("../forms/location"), (m) => m.locationFormSchema({ providerIds: dialog.providers.map((p) => p.value) }), { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const stateOptions = dialog.defaults.stateCode && !STATE_OPTIONS.some((o) => o.value === dialog.defaults.stateCode) ? [...STATE_OPTIONS, { value: dialog.defaults.stateCode, label: dialog.defaults.stateCode }] : STATE_OPTIONS;
  return (
    <Dialog title={dialog.kind === "add" ? "Add Location" : "Edit Location"} closeHref={closeHref} size="wide" description={dialog.kind === "edit" ? dialog.name : undefined} changes>
      <Form method="post" action={actionHref} {...getFormProps(form)} className="stack location-form" preventScrollReset>
        <FormToken />
        <Field label="Name" meta={fields.name} inputProps={{ maxLength: 200 }} />
        <div className="location-form-grid">
          <Field label="Address 1" meta={fields.address1} inputProps={{ maxLength: 200 }} />
          <Field label="Address 2" meta={fields.address2} inputProps={{ maxLength: 200 }} />
          <Field label="City" meta={fields.city} inputProps={{ maxLength: 100 }} />
          <SelectField label="State" meta={fields.stateCode} options={stateOptions} placeholder="No state" />
          <Field label="ZIP Code" meta={fields.zipCode} hint="5 digits, or ZIP+4 (80202-1234)." inputProps={{ inputMode: "numeric", maxLength: 10 }} />
        </div>
        <SelectField label="Default Provider" meta={fields.defaultProviderId} options={dialog.providers} placeholder="None" hint={dialog.kind === "add" ? "The organization's admins." : "Providers who work at this location, and the organization's admins."} />
        <SelectField label="Timezone" meta={fields.timezone} options={TIMEZONE_OPTIONS} placeholder="Select a timezone" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">{dialog.kind === "add" ? "Add Location" : "Save"}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
