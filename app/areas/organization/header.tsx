/**
 * The organization header of 001 §2.6, above every Your Organization page: the logo (when there is one), the
 * organization's name and timezone, and for admins 'Edit Organization Details' (a link to the dialog's URL).
 * Its data comes from the current user's profile, loaded again after every post: a new name or logo shows at once.
 */
import { Link } from "../../components/link";
import type { OrganizationLayoutData } from "./layout-route.server";
import { editOrganizationHref } from "./organization-paths";

export function OrganizationHeader({ data }: { data: OrganizationLayoutData }) {
  const { organization, canEdit } = data;
  return (
    <section className="organization-header" aria-label="Organization">
      {organization.webLogoUrl ? <img src={organization.webLogoUrl} alt="" width={250} height={140} className="organization-logo" /> : null}
      <div className="organization-header-text">
        <p className="organization-name">{organization.name}</p>
        <p className="organization-timezone">
          <span className="visually-hidden">Timezone: </span>
          {organization.timezone}
        </p>
      </div>
      {canEdit ? (
        <Link className="button" to={editOrganizationHref()} preventScrollReset>
          Edit Organization Details
        </Link>
      ) : null}
    </section>
  );
}
