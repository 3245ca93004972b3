/**
 * `/admin/organizations/` (003 §2): every organization with Enable/Disable, and Add New Organization. URL state:
 * `?add=1` (step 1), `?add=logo&organization={id}` (step 2, the logo), `?add=done` (the flow's end: 'Organization
 * Added.'), `?disable={id}` (the confirmation). The loader and action live in app/areas/admin/organizations/.
 */
import { adminOrganizationsAction, loadAdminOrganizations } from "../areas/admin/organizations/organizations-route.server";
import { OrganizationsPage } from "../areas/admin/organizations/organizations-page";
import organizationsStyles from "../areas/admin/organizations/organizations.css?url";
import imageCropStyles from "../islands/image-crop.css?url";
import type { Route } from "./+types/admin.organizations";

export const meta = (): Route.MetaDescriptors => [{ title: "Organizations | Exer Admin" }];
export const links = () => [{ rel: "stylesheet", href: organizationsStyles }, { rel: "stylesheet", href: imageCropStyles }];

export const loader = loadAdminOrganizations;
export const action = adminOrganizationsAction;

export default function AdminOrganizationsRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationsPage data={loaderData} />;
}
