/**
 * The patient list page (000 §2.6): tabs, the search and filters (a GET form: works without JavaScript; with
 * it, a filter change applies at once), the table with sortable headers and a row menu, the pager, and the
 * dialog the URL asks for.
 */
import { ActionMenu } from "../../../components/action-menu";
import { Form, Link, useRouteLoaderData, useSubmit } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { lazy, Suspense } from "react";
import type { loadPatientList } from "./list-route.server";
import type { PortalShellData } from "../../../shell/shell-loader.server";
import { useReadOnly } from "../../../shell/read-only";
import { displayName } from "../../../domain/names";
import {
  ariaSort,
  COLUMN_LABELS,
  emptyListMessage,
  LIST_LOAD_FAILED,
  listHref,
  nextSort,
  patientDialogHref,
  patientHref,
  productList,
  rowActions,
  STATUS_LABELS,
  TABS,
  type ColumnKey,
  type ListState,
  type RowAction,
} from "../rules/patient-list";
import { assignProgramHref } from "../../../domain/program-builder";
import { formatDate } from "../../../domain/zoned-day";
import { StateInputs } from "./state-inputs";
import { useHydrated } from "../../../components/use-hydrated";
import { LocationOptions } from "../../../components/location-options";
import { EmptyList, Pager } from "../../../components/pager";
import { LoadErrorView } from "../../../components/load-error";
import { tableWrap } from "../../../components/table-wrap";

// The dialogs (and the form library and schemas they bring) are their own chunk: the list alone does not load
// them. A dialog the server rendered stays as it is until its code arrives (React keeps the server's HTML).
const AddPatientDialog = lazy(() => import("./add-patient-dialog").then((m) => ({ default: m.AddPatientDialog })));
const AddProductDialog = lazy(() => import("./list-dialogs").then((m) => ({ default: m.AddProductDialog })));
const InviteDialog = lazy(() => import("./list-dialogs").then((m) => ({ default: m.InviteDialog })));

export type ListData = SerializeFrom<typeof loadPatientList>;
type Row = NonNullable<ListData["list"]>["items"][number];

export function PatientListPage({ data }: { data: ListData }) {
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  const locations = (shell?.filter.locations ?? []).map((l) => ({ value: l.id, label: l.name }));
  const { state, list } = data;
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
      {data.listError || !list ? (
        <LoadErrorView message={data.listError ?? LIST_LOAD_FAILED} retryHref={listHref(state)} retryLabel="Reload this page" />
      ) : list.items.length === 0 ? (
        <EmptyList page={state.page} metadata={list.metadata} hrefFor={(page) => listHref({ ...state, page })} noun={["patient", "patients"]}>
          {emptyListMessage(state, (state.location ?? data.globalLocationId ?? "all") !== "all")}
        </EmptyList>
      ) : (
        <>
          <PatientTable data={data} rows={list.items} />
          <Pager page={state.page} metadata={list.metadata} hrefFor={(page) => listHref({ ...state, page })} noun={["patient", "patients"]} />
        </>
      )}
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
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = state.location ?? globalLocationId ?? "all";
  return (
    <Form method="get" action="/patients/" role="search" aria-label="Filter patients" className="list-filters" onChange={(e) => hydrated && (e.target as HTMLElement).tagName === "SELECT" && submit(e.currentTarget)}>
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

function PatientTable({ data, rows }: { data: ListData; rows: Row[] }) {
  const { state } = data;
  // Every row action changes the patient (assign, invite, edit, add to a product, discharge): a read-only user
  // has none, so no Action column either.
  const readOnly = useReadOnly();
  const columns = readOnly ? data.columns.filter((c) => c !== "action") : data.columns;
  return (
    <div {...tableWrap(`${state.tab === "active" ? "Active" : "Discharged"} patients`)}>
      <table className="stacked-table patients-table">
        <caption className="visually-hidden">{`${state.tab === "active" ? "Active" : "Discharged"} patients`}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              c === "action" ? (
                <th key={c} scope="col">
                  {COLUMN_LABELS[c]}
                </th>
              ) : (
                <th key={c} scope="col" aria-sort={ariaSort(state, c)}>
                  <Link to={listHref(nextSort(state, c))} className="sort-link" preventScrollReset>
                    {COLUMN_LABELS[c]}
                    <span aria-hidden="true" className="sort-icon">
                      {state.sort === c ? (state.dir === "asc" ? "▲" : "▼") : ""}
                    </span>
                  </Link>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <Cell key={c} column={c} row={row} data={data} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ column, row, data }: { column: ColumnKey; row: Row; data: ListData }) {
  const name = displayName(row.patient);
  switch (column) {
    case "action":
      return (
        <td>
          <ActionMenu
            className="row-menu"
            label={`Actions for ${name}`}
            items={rowActions(row, data.userProducts).map((a) => ({ label: a.label, href: actionHref(a, row.id, data.state), dialog: a.kind === "invite" || a.kind === "add-product", changes: true }))}
          />
        </td>
      );
    case "name":
      return (
        <th scope="row">
          <Link to={patientHref(row.id)}>{name}</Link>
        </th>
      );
    case "email":
      return <td data-label={COLUMN_LABELS[column]}>{row.patient.email ?? "—"}</td>;
    case "product":
      return <td data-label={COLUMN_LABELS[column]}>{productList(row.products)}</td>;
    case "program":
      return <td data-label={COLUMN_LABELS[column]}>{row.productData.health?.heps.map((h) => h.name).join(", ") || "None"}</td>;
    case "location":
      return <td data-label={COLUMN_LABELS[column]}>{row.location?.name ?? "—"}</td>;
    case "lastActivity":
      return <td data-label={COLUMN_LABELS[column]}>{formatDate(row.mostRecentActivity, data.timeZone) ?? "No activity"}</td>;
    case "status": {
      const status = row.productData.health?.status;
      return <td data-label={COLUMN_LABELS[column]}>{status ? (STATUS_LABELS[status] ?? status) : "—"}</td>;
    }
  }
}

function actionHref(action: RowAction, id: string, state: ListState): string {
  switch (action.kind) {
    case "assign-program":
      return assignProgramHref(id);
    case "invite":
      return listHref(state, { invite: id });
    case "edit":
      return patientDialogHref(id, "edit-details");
    case "add-product":
      return listHref(state, { addProduct: id });
    case "discharge":
      return patientDialogHref(id, "discharge");
  }
}
