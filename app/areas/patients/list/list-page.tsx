/**
 * The patient list page (000 §2.6): tabs, the search and filters (a GET form: works without JavaScript; with
 * it, a filter change applies at once), the table with sortable headers and a row menu and the pager
 * (list-results.tsx), and the dialog the URL asks for.
 */
import { Form, useRouteLoaderData, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense } from "react";
import type { loadPatientList } from "./list-route.server";
import type { PortalShellData } from "../../../shell/shell-loader.server";
import { useReadOnly } from "../../../shell/read-only";
import { listHref, TABS, type ListState } from "../rules/patient-list";
import { StateInputs } from "./state-inputs";
import { LocationOptions } from "../../../components/location-options";
import { lazyPart } from "../../../components/lazy-part";
import { useChangeHandler } from "../../../components/use-change-handler";

// The dialogs (and the form library and schemas they bring) are their own chunk: the list alone does not load
// them. A dialog the server rendered stays as it is until its code arrives (React keeps the server's HTML).
const AddPatientDialog = lazyPart(() => import("./add-patient-dialog").then((m) => ({ default: m.AddPatientDialog })));
const AddProductDialog = lazyPart(() => import("./list-dialogs").then((m) => ({ default: m.AddProductDialog })));
const InviteDialog = lazyPart(() => import("./list-dialogs").then((m) => ({ default: m.InviteDialog })));
// The table, its row menus and the pager (list-results.tsx) load after the page is interactive: the server renders
// them, and React keeps that HTML (links, native disclosures, the Go to page form) until their code has come.
const PatientListResults = lazyPart(() => import("./list-results").then((m) => ({ default: m.PatientListResults })));

export type ListData = SerializeFrom<typeof loadPatientList>;

export function PatientListPage({ data }: { data: ListData }) {
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  const locations = (shell?.filter.locations ?? []).map((l) => ({ value: l.id, label: l.name }));
  const { state } = data;
  const readOnly = useReadOnly();
  return (
    <section className="patients" aria-labelledby="patients-title">
      <div className="page-header">
        <h1 id="patients-title">Patients</h1>
        {readOnly ? null : (
          <Link className="button primary" to={listHref(state, { add: "true" })} preventScrollReset>
            Add New Patient
          </Link>
        )}
      </div>
      <nav aria-label="Patient status" className="tabs">
        {TABS.map((t) => (
          <Link key={t.value} className="tab" to={listHref({ ...state, tab: t.value, page: 1 })} aria-current={t.value === state.tab ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <ListFilters state={state} providers={data.providers} locations={locations} globalLocationId={data.globalLocationId} />
      {data.providersError ? (
        <p className="notice" role="alert">
          {data.providersError}
        </p>
      ) : null}
      <Suspense fallback={null}>
        <PatientListResults data={data} />
      </Suspense>
      <Suspense fallback={null}>
        {data.add ? <AddPatientDialog add={data.add} state={state} providers={data.providers} locations={locations} today={data.today} languageOption={data.languageOption} defaultLocationId={data.globalLocationId} /> : null}
        {data.addProduct ? <AddProductDialog dialog={data.addProduct} state={state} today={data.today} locations={locations} /> : null}
        {data.invite ? <InviteDialog dialog={data.invite} state={state} /> : null}
      </Suspense>
    </section>
  );
}

/** Hidden inputs carrying the list's state through a GET form (the form's own fields are left out). */
function ListFilters({ state, providers, locations, globalLocationId }: { state: ListState; providers: { value: string; label: string }[]; locations: { value: string; label: string }[]; globalLocationId: string | null }) {
  const submit = useSubmit();
  // With JavaScript a select applies at once (the search box waits for Search).
  const changes = useChangeHandler((control, form: HTMLFormElement) => control instanceof HTMLSelectElement && submit(form));
  const location = state.location ?? globalLocationId ?? "all";
  return (
    <Form {...changes} method="get" action="/patients/" role="search" aria-label="Filter patients" className="list-filters">
      <StateInputs state={{ ...state, page: 1 }} omit={["q", "provider", "location", "page"]} />
      <div className="field">
        <label htmlFor="patients-search">Search Patients</label>
        <input id="patients-search" type="search" name="q" defaultValue={state.q} maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor="patients-provider">Provider</label>
        <select id="patients-provider" name="provider" defaultValue={state.provider ?? ""} key={`p-${state.provider}`}>
          <option value="">All Providers</option>
          {providers.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="patients-location">Location</label>
        <select id="patients-location" name="location" defaultValue={location} key={`l-${location}`}>
          <LocationOptions locations={locations.map((l) => ({ id: l.value, name: l.label }))} allValue="all" />
        </select>
      </div>
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}
