/**
 * Scan Client Versions (003 §2): the Client List — each entry's Version ID, 'Update Required: Yes/No' and
 * 'Updated by {name}' — with an Edit link (product admins; none for the latest version) that opens 'Edit Scan
 * Version' at `?edit={versionId}` (client-versions-dialogs.tsx).
 */
import type { SerializeFrom } from "../../../route-data";
import { Suspense } from "react";
import { Link } from "../../../components/link";
import { LoadErrorView } from "../../../components/load-error";
import { lazyPart } from "../../../components/lazy-part";
import { clientVersionsHref, editVersionHref } from "./client-versions-paths";
import type { loadClientVersions } from "./client-versions-route.server";

// The dialog (its form, conform) loads with the first one opened (ADR 038); one in the URL of the first page is
// rendered by the server and hydrates once its code has come.
const EditVersionAtUrl = lazyPart(() => import("./client-versions-dialogs").then((m) => ({ default: m.EditVersionAtUrl })));

type Data = SerializeFrom<typeof loadClientVersions>;

export function ClientVersionsPage({ data }: { data: Data }) {
  return (
    <div className="page client-versions">
      <h1>Scan Client Versions</h1>
      {data.loadError ? (
        <LoadErrorView message={data.loadError.message} hint={data.loadError.detail} retryHref={clientVersionsHref()} />
      ) : (
        <section aria-labelledby="client-list-title">
          <h2 id="client-list-title">Client List</h2>
          <ul className="client-list" aria-labelledby="client-list-title">
            {(data.versions ?? []).map((v) => (
              <li key={v.versionId} className="card client-list-item">
                <div className="client-list-text">
                  <p className="client-list-version">
                    <span className="client-list-label">Version ID:</span> {v.versionId}
                    {v.isLatest ? <span className="badge client-list-latest">Latest</span> : null}
                  </p>
                  <p>Update Required: {v.updateRequired ? "Yes" : "No"}</p>
                  {v.updatedBy ? <p className="client-list-by">Updated by {`${v.updatedBy.firstName} ${v.updatedBy.lastName}`.trim()}</p> : null}
                </div>
                {data.canChange && !v.isLatest ? (
                  <Link className="button" to={editVersionHref(v.versionId)} preventScrollReset>
                    Edit<span className="visually-hidden"> version {v.versionId}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Suspense fallback={null}>{data.edit ? <EditVersionAtUrl edit={data.edit} /> : null}</Suspense>
    </div>
  );
}
