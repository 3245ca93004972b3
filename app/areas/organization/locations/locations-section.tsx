/**
 * The Locations part of the Organization Details page (001 §2.7): the title, 'All Locations' / 'My Locations'
 * tabs (links), admins' Add Location, then the table streaming in (Location Name, Address, Default Provider,
 * Timezone, and an Edit link per row for admins), and the dialog the URL asks for (locations-dialogs.tsx).
 * Everything is a link or a form: it works without JavaScript; with it, the same links and forms navigate without
 * a full reload.
 */
import { Await } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import type { LocationDialogData, LocationList, LocationsData } from "./locations-route.server";
import { LOCATIONS_LOAD_FAILED, locationsHref, NO_LOCATIONS, NO_MY_LOCATIONS, type LocationRow, type LocationsTab } from "./locations";
import { LoadErrorView } from "../../../components/load-error";
import { tableWrap } from "../../../components/table-wrap";
import { lazyPart } from "../../../components/lazy-part";

// The dialogs (the location form with conform) load with the first one opened (ADR 038); one in the URL of the first
// page is rendered by the server and hydrates once its code has come.
const LocationDialog = lazyPart(() => import("./locations-dialogs").then((m) => ({ default: m.LocationDialog })));

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
      <Suspense fallback={null}>{data.dialog ? <LocationDialog dialog={data.dialog as LocationDialogData} tab={tab} /> : null}</Suspense>
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
