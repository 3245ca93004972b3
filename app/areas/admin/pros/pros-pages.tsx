/**
 * The PRO pages (003 §2): the registered Typeform forms with 'Has Exer Webhook Enabled' (Confirmed / Missing)
 * and the 'Add New Typeform Form' dialog at `?add=true` (pros-dialogs.tsx); the unprocessed responses table.
 */
import type { SerializeFrom } from "../../../route-data";
import { useLocation } from "react-router";
import { Suspense } from "react";
import { Link } from "../../../components/link";
import { withoutParams, withParams } from "../../../shell/dialog-url";
import { LoadErrorView } from "../../../components/load-error";
import { lazyPart } from "../../../components/lazy-part";
import type { loadProForms, loadProResponses } from "./pros-route.server";
import { tableWrap } from "../../../components/table-wrap";

// The dialog (its form, conform) loads with the first one opened (ADR 038); one in the URL of the first page is
// rendered by the server and hydrates once its code has come.
const AddFormDialog = lazyPart(() => import("./pros-dialogs").then((m) => ({ default: m.AddFormDialog })));

export function ProFormsPage({ data }: { data: SerializeFrom<typeof loadProForms> }) {
  const location = useLocation();
  return (
    <section aria-labelledby="pro-forms-title">
      <div className="page-header">
        <h1 id="pro-forms-title">PRO Forms</h1>
        {data.canChange ? (
          <Link className="button primary" to={withParams(location, { add: "true" })} preventScrollReset>
            Add New Typeform Form
          </Link>
        ) : null}
      </div>
      {data.forms ? (
        data.forms.length === 0 ? (
          <p className="empty-state">No Typeform forms are registered.</p>
        ) : (
          <div {...tableWrap("Registered Typeform forms")}>
            <table className="data-table stacked-table">
              <caption className="visually-hidden">Registered Typeform forms</caption>
              <thead>
                <tr>
                  <th scope="col">Form ID</th>
                  <th scope="col">Has Exer Webhook Enabled</th>
                </tr>
              </thead>
              <tbody>
                {data.forms.map((f) => (
                  <tr key={f.id}>
                    <th scope="row">{f.id}</th>
                    <td data-label="Has Exer Webhook Enabled">{f.webhook}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <LoadErrorView message={data.error ?? ""} retryHref={location.pathname + location.search} />
      )}
      <Suspense fallback={null}>{data.adding ? <AddFormDialog closeHref={withoutParams(location, ["add"])} /> : null}</Suspense>
    </section>
  );
}

export function ProResponsesPage({ data }: { data: SerializeFrom<typeof loadProResponses> }) {
  const location = useLocation();
  return (
    <section aria-labelledby="pro-responses-title">
      <div className="page-header">
        <h1 id="pro-responses-title">PRO Responses</h1>
      </div>
      <p className="muted">Typeform responses that could not be attached to a patient.</p>
      {data.responses ? (
        data.responses.length === 0 ? (
          <p className="empty-state">There are no unprocessed responses.</p>
        ) : (
          <div {...tableWrap("Unprocessed Typeform responses")}>
            <table className="data-table stacked-table">
              <caption className="visually-hidden">Unprocessed Typeform responses</caption>
              <thead>
                <tr>
                  <th scope="col">Form</th>
                  <th scope="col">User</th>
                  <th scope="col">Location</th>
                  <th scope="col">Date Time</th>
                </tr>
              </thead>
              <tbody>
                {data.responses.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      {r.formTitle} <span className="muted">({r.formId})</span>
                    </th>
                    <td data-label="User">{r.userId ?? "—"}</td>
                    <td data-label="Location">{r.location ?? "—"}</td>
                    <td data-label="Date Time">
                      <time dateTime={r.dateTime}>{r.when}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <LoadErrorView message={data.error ?? ""} retryHref={location.pathname + location.search} />
      )}
    </section>
  );
}
