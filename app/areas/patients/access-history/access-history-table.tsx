/**
 * The access-history table (ADR 018), newest first: when (the organization's time zone), who (name and role),
 * what (a readable label, and the outcome when refused), and optionally which patient (the admin search). A
 * plain table with plain pager links: works without JavaScript.
 */
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import type { AccessHistoryPage } from "../../../api/access-history.server";
import { EmptyList, Pager } from "../../../components/pager";
import { formatDateTime } from "../../../domain/zoned-day";
import { operationLabel, outcomeLabel, roleLabel, whoLabel } from "./labels";

export function AccessHistoryTable({
  history,
  names,
  timeZone,
  page,
  hrefFor,
  patientHref,
  caption,
}: {
  history: SerializeFrom<AccessHistoryPage>;
  names: Record<string, string>;
  timeZone: string;
  page: number;
  hrefFor: (page: number) => string;
  /** With a link per patient: the admin search. */
  patientHref?: (patientRecordId: string) => string;
  caption: string;
}) {
  if (history.items.length === 0) {
    return (
      <EmptyList className="access-history-empty" page={page} metadata={history.metadata} hrefFor={hrefFor} noun={["access", "accesses"]}>
        No accesses recorded{page > 1 ? " on this page" : ""}.
      </EmptyList>
    );
  }
  return (
    <>
      <table className="data-table stacked-table access-history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            {patientHref ? <th scope="col">Patient</th> : null}
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {history.items.map((e) => {
            const outcome = outcomeLabel(e.status);
            return (
              <tr key={e.id}>
                <td data-label="When">
                  <time dateTime={e.at}>{formatDateTime(e.at, timeZone)}</time>
                </td>
                <td data-label="Who">
                  {whoLabel(e.userId, names)} <span className="access-history-role">({roleLabel(e.role)})</span>
                </td>
                <td data-label="What">
                  {operationLabel(e.operationId)}
                  {outcome ? <span className="access-history-outcome"> — {outcome}</span> : null}
                </td>
                {patientHref ? (
                  <td data-label="Patient">
                    <Link to={patientHref(e.patientRecordId)}>{e.patientRecordId}</Link>
                  </td>
                ) : null}
                <td data-label="Request">
                  <code>{e.requestId ?? "—"}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager page={page} metadata={history.metadata} hrefFor={hrefFor} noun={["access", "accesses"]} />
    </>
  );
}
