/**
 * `/admin/locations/`: locations of every organization (003 §2). URL: `org`, `sort`, `order`, `page`, `edit`
 * (app/areas/admin/locations/locations-state.ts). The keyword edit is for product admins only (ADR 015).
 */
import { LocationsPage } from "../areas/admin/locations/locations-page";
import { adminLocationsAction, loadAdminLocations } from "../areas/admin/locations/locations-route.server";
import locationsStyles from "../areas/admin/locations/locations.css?url";
import type { Route } from "./+types/admin.locations";

export const meta = (): Route.MetaDescriptors => [{ title: "Locations | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: locationsStyles }];
export const loader = loadAdminLocations;
export const action = adminLocationsAction;

export default function AdminLocationsRoute({ loaderData }: Route.ComponentProps) {
  return <LocationsPage data={loaderData} />;
}
