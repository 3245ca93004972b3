/**
 * `/admin/scan/organizations/` (003 §2 "Scan organizations list"): the organizations holding SCAN, by name,
 * each with Modules (the modules editor) and Analysis (the analysis page). Admins (support staff read it too).
 */
import { data } from "react-router";
import { Link } from "../components/link";
import { listAdminOrganizations } from "../api/admin-modules.server";
import { getApi } from "../api/user-api.server";
import { requireAdmin } from "../areas/admin/access.server";
import { analysisHref, modulesHref, ORGANIZATIONS_LOAD_FAILED, scanOrganizations } from "../areas/admin/scan-organizations/scan-organizations";
import { LoadErrorView } from "../components/load-error";
import { failedStatus } from "../forms/api-error";
import { ADMIN_ROUTES } from "../shell/admin-nav";
import type { Route } from "./+types/admin.scan.organizations._index";
import { tableWrap } from "../components/table-wrap";

export const meta = (): Route.MetaDescriptors => [{ title: "Scan Organizations | Exer Provider Portal" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const result = await listAdminOrganizations(getApi(request, context));
  if (result.error) return data({ organizations: null, error: result.error.message }, { status: failedStatus(result.error) });
  const organizations = scanOrganizations(result.data).map(({ id, name }) => ({ id, name }));
  return { organizations, error: null };
}

export default function ScanOrganizationsRoute({ loaderData }: Route.ComponentProps) {
  const { organizations, error } = loaderData;
  return (
    <section aria-labelledby="scan-organizations-title">
      <h1 id="scan-organizations-title">Scan Organizations</h1>
      {organizations === null ? (
        <LoadErrorView message={ORGANIZATIONS_LOAD_FAILED} hint={error} retryHref={ADMIN_ROUTES.scanOrganizations} />
      ) : organizations.length === 0 ? (
        <p className="empty-state">No organization holds the scan product.</p>
      ) : (
        <div {...tableWrap("Organizations with the scan product")}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {organizations.map((o) => (
                <tr key={o.id}>
                  <th scope="row">{o.name}</th>
                  <td className="row-actions">
                    <Link className="button" to={modulesHref(o.id)}>
                      Modules<span className="visually-hidden"> of {o.name}</span>
                    </Link>{" "}
                    <Link className="button" to={analysisHref(o.id)}>
                      Analysis<span className="visually-hidden"> of {o.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
