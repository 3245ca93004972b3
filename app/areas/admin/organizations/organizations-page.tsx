/**
 * `/admin/organizations/` (003 §2): the table of organizations (name, timezone, products, access) with Enable
 * (a form post) and Disable (its confirmation at `?disable={id}`, then the post) for product admins; support
 * staff see the table only (ADR 015). Add New Organization: step 1 the form (`?add=1`), step 2 'Upload image
 * for {org name}' (`?add=logo&organization={id}`, the shared crop island: with JavaScript the admin positions and
 * zooms the crop; without, the server crops the centre) — the dialogs are in organizations-dialogs.tsx. Plain links
 * and form posts: everything works without JavaScript.
 */
import { Form } from "react-router";
import { Suspense } from "react";
import { Link } from "../../../components/link";
import { SubmitButton } from "../../../components/submit-button";
import { FormToken } from "../../../forms/form-token";
import { lazyPart } from "../../../components/lazy-part";
import { INTENTS, ORGANIZATION_ID_FIELD, ORGANIZATION_MESSAGES, organizationsHref, type OrganizationRow } from "./organizations";
import type { AdminOrganizationsData } from "./organizations-route.server";
import { tableWrap } from "../../../components/table-wrap";

// The dialogs (the add form with conform, the logo step's crop island, the disable confirmation) load with the first
// one opened (ADR 038); one in the URL of the first page is rendered by the server and hydrates once its code has come.
const OrganizationsDialog = lazyPart(() => import("./organizations-dialogs").then((m) => ({ default: m.OrganizationsDialog })));

export function OrganizationsPage({ data }: { data: AdminOrganizationsData }) {
  const { rows, loadError, canChange, dialog } = data;
  return (
    <section className="admin-organizations" aria-labelledby="organizations-title">
      <div className="admin-organizations-header">
        <h1 id="organizations-title">Organizations</h1>
        {canChange ? (
          <Link className="button primary" to={organizationsHref({ kind: "add" })} preventScrollReset>
            Add New Organization
          </Link>
        ) : null}
      </div>
      {loadError ? (
        <div className="notice notice-error" role="alert">
          <p>{loadError}</p>
          <Link to={organizationsHref()}>Try again</Link>
        </div>
      ) : rows.length === 0 ? (
        <p className="empty-state">{ORGANIZATION_MESSAGES.noOrganizations}</p>
      ) : (
        <OrganizationsTable rows={rows} canChange={canChange} />
      )}
      <Suspense fallback={null}>{dialog ? <OrganizationsDialog dialog={dialog} /> : null}</Suspense>
    </section>
  );
}

function OrganizationsTable({ rows, canChange }: { rows: OrganizationRow[]; canChange: boolean }) {
  return (
    <div {...tableWrap("Organizations")}>
      <table className="data-table stacked-table admin-organizations-table">
        <caption className="visually-hidden">Organizations ({rows.length})</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Timezone</th>
            <th scope="col">Products</th>
            <th scope="col">Access</th>
            {canChange ? (
              <th scope="col">
                <span className="visually-hidden">Enable or disable</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td data-label="Timezone">{row.timezone}</td>
              <td data-label="Products">{row.products}</td>
              <td data-label="Access">{row.disabled ? <span className="organization-disabled">Disabled</span> : "Enabled"}</td>
              {canChange ? (
                <td className="admin-organizations-action">
                  {row.disabled ? (
                    <Form method="post" action={organizationsHref()} preventScrollReset>
                      <input type="hidden" name="intent" value={INTENTS.enable} />
                      <input type="hidden" name={ORGANIZATION_ID_FIELD} value={row.id} />
                      <FormToken />
                      <SubmitButton className="button" pendingText="Enabling…" name={ORGANIZATION_ID_FIELD} value={row.id}>
                        Enable<span className="visually-hidden"> {row.name}</span>
                      </SubmitButton>
                    </Form>
                  ) : (
                    <Link className="button" to={organizationsHref({ kind: "disable", organizationId: row.id })} preventScrollReset>
                      Disable<span className="visually-hidden"> {row.name}</span>
                    </Link>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
