/**
 * The details part of the Organization Details page (001 §2.6): the page's title, the organization's name,
 * timezone and logo (250×140, or 'No logo'), and for admins the dialog the URL asks for —
 * 'Edit Organization Details' (`?dialog=edit-organization`) or its delete-logo confirmation
 * (`&confirm=delete-logo`). The header above the page holds the Edit link.
 */
import { Suspense } from "react";
import type { OrganizationDetailsData } from "./details-route.server";
import { OrganizationLogo } from "./organization-logo";
import { MfaRequirementSection } from "./mfa-requirement";
import { lazyPart } from "../../../components/lazy-part";

// The dialogs (the form with conform, the logo's crop island) load with the first one opened (ADR 038); one in the
// URL of the first page is rendered by the server and hydrates once its code has come.
const EditOrganizationDialog = lazyPart(() => import("./edit-organization-dialog").then((m) => ({ default: m.EditOrganizationDialog })));
const DeleteLogoDialog = lazyPart(() => import("./edit-organization-dialog").then((m) => ({ default: m.DeleteLogoDialog })));

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
      <Suspense fallback={null}>
        {canEdit && dialog === "edit" ? <EditOrganizationDialog organization={organization} /> : null}
        {canEdit && dialog === "confirm-delete-logo" ? <DeleteLogoDialog /> : null}
      </Suspense>
    </section>
  );
}
