/**
 * `/organization/details/`: Organization Details (001 §2.6) and the organization's Locations (§2.7) on one
 * page. Dialogs at URLs: `?dialog=edit-organization` (name and logo), `?dialog=add-location`,
 * `?dialog=edit-location&location={id}`; the locations' tab is `?tab=mine`. Posts go to the action of the
 * dialog they come from. The loaders and actions live in the area.
 */
import { loadOrganizationDetails, organizationDetailsAction } from "../areas/organization/details/details-route.server";
import { OrganizationDetailsSection } from "../areas/organization/details/details-section";
import { loadLocations, locationsAction } from "../areas/organization/locations/locations-route.server";
import { LocationsSection } from "../areas/organization/locations/locations-section";
import { detailsDialogOf, isLocationsDialog } from "../areas/organization/organization-paths";
import locationsStyles from "../areas/organization/locations/locations.css?url";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.organization.details";

export const links = () => [{ rel: "stylesheet", href: locationsStyles }];

export const meta = (): Route.MetaDescriptors => [{ title: "Organization Details | Exer Provider Portal" }];

export async function loader(args: Route.LoaderArgs) {
  const [details, locations] = await Promise.all([loadOrganizationDetails(args), loadLocations(args)]);
  return { details, locations };
}

export function action(args: Route.ActionArgs) {
  const dialog = detailsDialogOf(requestUrl(args.request).searchParams);
  return isLocationsDialog(dialog) ? locationsAction(args) : organizationDetailsAction(args);
}

export default function OrganizationDetailsRoute({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <OrganizationDetailsSection data={data.details} />
      <LocationsSection data={data.locations} />
    </>
  );
}
