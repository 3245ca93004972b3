/**
 * The details part of the Organization Details page (001 §2.6): the page's title, the organization's name,
 * timezone and logo (250×140, or 'No logo'), and for admins the dialog the URL asks for —
 * 'Edit Organization Details' (`?dialog=edit-organization`) or its delete-logo confirmation
 * (`&confirm=delete-logo`). The header above the page holds the Edit link.
 */
import type { OrganizationDetailsData } from "./details-route.server";
import { EditOrganizationDialog, DeleteLogoDialog } from "./edit-organization-dialog";
import { OrganizationLogo } from "./organization-logo";
import { MfaRequirementSection } from "./mfa-requirement";

export function OrganizationDetailsSection({ data }: { data: OrganizationDetailsData }) {
  const { organization, canEdit, dialog } = data;
  return (
    <section className="organization-details" aria-labelledby="organization-details-title">
      <h1 id="organization-details-title">Organization Details</h1>
      <dl className="details-list">
        <div>
          <dt>Name</dt>
          <dd>{organization.name}</dd>
        </div>
        <div>
          <dt>Timezone</dt>
          <dd>{organization.timezone}</dd>
        </div>
        <div>
          <dt>Logo</dt>
          <dd>
            <OrganizationLogo url={organization.webLogoUrl} name={organization.name} />
          </dd>
        </div>
      </dl>
      <MfaRequirementSection required={organization.mfaRequired} canEdit={canEdit} />
      {canEdit && dialog === "edit" ? <EditOrganizationDialog organization={organization} /> : null}
      {canEdit && dialog === "confirm-delete-logo" ? <DeleteLogoDialog /> : null}
    </section>
  );
}
