/**
 * `/admin/access-history` (ADR 018): search who saw which patient, by user id and/or patient record id (a GET form:
 * the search and the page are in the URL, so it works without JavaScript). Users are shown by id and role (the
 * audit stores no names; users of every organization appear here); each user and patient links to a narrower search.
 */
import { Form } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { AccessHistoryTable } from "../../patients/access-history/access-history-table";
import type { AccessHistorySearchData } from "./access-history-route.server";
import { accessHistoryHref } from "./access-history-urls";

export function AdminAccessHistoryPage({ data }: { data: SerializeFrom<AccessHistorySearchData> }) {
  const { userId, patientRecordId, page, searched, error, history } = data;
  return (
    <section className="admin-access-history" aria-labelledby="access-history-title">
      <h1 id="access-history-title">Access History</h1>
      <p>Who saw or changed which patient&apos;s data, newest first. Search by user, by patient, or both.</p>
      <Form method="get" className="access-history-search">
        <div className="field">
          <label htmlFor="ah-user">User ID</label>
          <input id="ah-user" name="userId" defaultValue={userId} maxLength={128} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="ah-patient">Patient record ID</label>
          <input id="ah-patient" name="patientRecordId" defaultValue={patientRecordId} maxLength={36} autoComplete="off" />
        </div>
        <button type="submit" className="button primary">
          Search
        </button>
      </Form>
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
      {searched && history ? (
        <>
          <AccessHistoryTable
            history={history}
            names={{}}
            timeZone="UTC"
            page={page}
            hrefFor={(p) => accessHistoryHref({ userId, patientRecordId, page: p })}
            patientHref={(id) => accessHistoryHref({ patientRecordId: id })}
            caption="Access history search results, newest first (times in UTC)"
          />
          <p className="access-history-note">Times are in UTC.</p>
        </>
      ) : null}
      {searched && history && userId === "" && history.items.length > 0 ? (
        <p>
          Users on this page:{" "}
          {[...new Set(history.items.map((i) => i.userId))].map((u, i) => (
            <span key={u}>
              {i > 0 ? ", " : ""}
              <Link to={accessHistoryHref({ userId: u })}>{u}</Link>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
