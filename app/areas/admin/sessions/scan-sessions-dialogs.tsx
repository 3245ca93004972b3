/**
 * The admin Scan Sessions page's Session Details dialog at its URL (`?details={uuid}`): the session's facts, results
 * and meta, or the loader's refusal as a message. Its own module so the page loads it with the first one opened
 * (ADR 038).
 */
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { FactList } from "../../../components/fact-list";
import type { loadAdminScanSessions } from "./scan-sessions-route.server";

type Data = SerializeFrom<typeof loadAdminScanSessions>;

export function SessionDetailsAtUrl({ details, closeHref }: { details: NonNullable<Data["details"]>; closeHref: string }) {
  return details.details ? (
    <DetailsDialog details={details.details} closeHref={closeHref} />
  ) : (
    <MessageDialog title="Session Details" closeHref={closeHref} message={details.error ?? ""} />
  );
}

function DetailsDialog({ details: d, closeHref }: { details: NonNullable<NonNullable<Data["details"]>["details"]>; closeHref: string }) {
  const facts: [string, string][] = [
    ["Organization", d.organization],
    ["Location", d.location ?? "—"],
    ["Provider", d.provider ?? "—"],
    ["Session UUID", d.sessionUUID],
    ["Created", d.created],
    ["Updated", d.updated],
    ["Assessment", d.assessment],
  ];
  return (
    <Dialog title="Session Details" closeHref={closeHref} size="wide">
      <FactList facts={facts} className="session-facts admin-session-details" />
      <h3>Results</h3>
      {d.results.length ? (
        <ul>
          {d.results.map((r) => (
            <li key={r.id}>{`${r.name}: ${r.value} ${r.units}`}</li>
          ))}
        </ul>
      ) : (
        <p className="scan-muted">No results recorded.</p>
      )}
      <h3>Meta</h3>
      <dl className="session-facts">
        <div>
          <dt>Scan version</dt>
          <dd>{d.meta.scanVersion}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{d.meta.age ?? "—"}</dd>
        </div>
        <div>
          <dt>Sex</dt>
          <dd>{d.meta.sex === "MALE" ? "Male" : d.meta.sex === "FEMALE" ? "Female" : "—"}</dd>
        </div>
      </dl>
      <div className="modal-actions">
        <Link className="button" to={closeHref} preventScrollReset>
          Close
        </Link>
      </div>
    </Dialog>
  );
}
