/**
 * The admin Locations page (003 §2): the Organizations filter ('All Organizations'; a GET form without the
 * page, so a change is page 1; with JavaScript it applies on change), the table (Name, Organization, Keyword,
 * Contact List, City, State, Country; sortable by the headers the API sorts by) streamed in with its pager, and
 * the inline keyword edit: Edit turns the row's keyword cell into a small form with Save and Cancel
 * (`?edit={id}`, works without JavaScript).
 */
import type { SerializeFrom } from "../../../route-data";
import { Await, Form, useActionData, useLocation, useSubmit } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { EmptyList, Pager } from "../../../components/pager";
import { SubmitButton } from "../../../components/submit-button";
import { useHydrated } from "../../../components/use-hydrated";
import { FormToken } from "../../../forms/form-token";
import type { KeywordActionData, LocationRow, LocationsTable, loadAdminLocations } from "./locations-route.server";
import { ariaSort, KEYWORD_MAX, locationsHref, sortHref, type LocationSort, type LocationsState } from "./locations-state";
import { tableWrap } from "../../../components/table-wrap";
import { useChangeHandler } from "../../../components/use-change-handler";

type Data = SerializeFrom<typeof loadAdminLocations>;

export function LocationsPage({ data }: { data: Data }) {
  const { state } = data;
  const location = useLocation();
  return (
    <section aria-labelledby="admin-locations-title">
      <div className="page-header">
        <h1 id="admin-locations-title">Locations</h1>
      </div>
      <OrganizationFilter data={data} />
      <Suspense fallback={<p role="status">Loading locations…</p>}>
        <Await resolve={data.table as unknown as Promise<LocationsTable>} errorElement={<LoadErrorView message="Unable to get locations" retryHref={location.pathname + location.search} />}>
          {(table) =>
            "error" in table ? (
              <LoadErrorView message={table.error} retryHref={location.pathname + location.search} />
            ) : (
              <LocationsTableView state={state} table={table} canChange={data.canChange} />
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

function OrganizationFilter({ data }: { data: Data }) {
  const { state } = data;
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript the organization applies at once; without it, the button.
  const changes = useChangeHandler((control, form: HTMLFormElement) => control.name === "org" && submit(form));
  return (
    <Form {...changes} method="get" className="filters admin-locations-filter" aria-label="Filter locations">
      <div className="field">
        <label htmlFor="admin-locations-org">Organizations</label>
        <select id="admin-locations-org" name="org" defaultValue={state.org ?? ""} key={state.org ?? ""}>
          <option value="">All Organizations</option>
          {data.organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {data.organizationsError ? (
          <p className="field-error" role="alert">
            {data.organizationsError}
          </p>
        ) : null}
      </div>
      {state.sort !== "name" ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {state.order === "desc" ? <input type="hidden" name="order" value="desc" /> : null}
      {hydrated ? null : (
        <button type="submit" className="button">
          Apply
        </button>
      )}
    </Form>
  );
}

function SortHeader({ state, column, children }: { state: LocationsState; column: LocationSort; children: string }) {
  const sorted = ariaSort(state, column);
  return (
    <th scope="col" aria-sort={sorted}>
      <Link to={sortHref(state, column)} className="sort-link">
        {children}
        <span aria-hidden="true">{sorted === "ascending" ? " ▲" : sorted === "descending" ? " ▼" : ""}</span>
        <span className="visually-hidden">{sorted ? `, sorted ${sorted}` : ", sort"}</span>
      </Link>
    </th>
  );
}

function LocationsTableView({ state, table, canChange }: { state: LocationsState; table: Extract<LocationsTable, { rows: unknown }>; canChange: boolean }) {
  if (table.rows.length === 0) {
    return (
      <EmptyList page={state.page} metadata={table.metadata} hrefFor={(page) => locationsHref({ ...state, edit: null, page })} noun={["location", "locations"]}>
        No locations found.
      </EmptyList>
    );
  }
  return (
    <>
      <div {...tableWrap("Locations")}>
        <table className="data-table stacked-table stacked-table-lg">
          <caption className="visually-hidden">Locations</caption>
          <thead>
            <tr>
              <SortHeader state={state} column="name">
                Name
              </SortHeader>
              <SortHeader state={state} column="organization">
                Organization
              </SortHeader>
              <th scope="col">Keyword</th>
              <th scope="col">Contact List</th>
              <SortHeader state={state} column="city">
                City
              </SortHeader>
              <SortHeader state={state} column="state">
                State
              </SortHeader>
              <th scope="col">Country</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td data-label="Organization">{row.organization}</td>
                <td data-label="Keyword">{canChange && state.edit === row.id ? <KeywordForm row={row} state={state} /> : <KeywordCell row={row} state={state} canChange={canChange} />}</td>
                <td data-label="Contact List">{row.contactList.length ? row.contactList.join(", ") : "—"}</td>
                <td data-label="City">{row.city ?? "—"}</td>
                <td data-label="State">{row.state ?? "—"}</td>
                <td data-label="Country">{row.country ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={state.page} metadata={table.metadata} hrefFor={(page) => locationsHref({ ...state, edit: null, page })} noun={["location", "locations"]} />
    </>
  );
}

function KeywordCell({ row, state, canChange }: { row: LocationRow; state: LocationsState; canChange: boolean }) {
  return (
    <span className="keyword-cell">
      <span>{row.keyword ?? "—"}</span>
      {canChange ? (
        <Link to={locationsHref({ ...state, edit: row.id })} className="link-button" preventScrollReset aria-label={`Edit keyword of ${row.name}`}>
          Edit
        </Link>
      ) : null}
    </span>
  );
}

function KeywordForm({ row, state }: { row: LocationRow; state: LocationsState }) {
  const reply = useActionData() as KeywordActionData | undefined;
  const mine = reply && reply.id === row.id ? reply : undefined;
  const inputId = `keyword-${row.id}`;
  const errorId = `${inputId}-error`;
  return (
    <Form method="post" className="keyword-form" preventScrollReset aria-label={`Keyword of ${row.name}`}>
      <input type="hidden" name="id" value={row.id} />
      <FormToken />
      <label htmlFor={inputId} className="visually-hidden">
        Keyword of {row.name}
      </label>
      <input
        id={inputId}
        name="keyword"
        defaultValue={mine ? mine.keyword : (row.keyword ?? "")}
        maxLength={KEYWORD_MAX}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the Edit link was pressed to type here
        autoFocus
        aria-invalid={mine ? true : undefined}
        aria-describedby={mine ? errorId : undefined}
      />
      <SubmitButton className="button primary small" pendingText="Saving…">
        Save
      </SubmitButton>
      <Link to={locationsHref({ ...state, edit: null })} className="button small" preventScrollReset>
        Cancel
      </Link>
      {mine ? (
        <p id={errorId} className="field-error" role="alert">
          {mine.error}
        </p>
      ) : null}
    </Form>
  );
}
