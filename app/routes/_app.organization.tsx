/**
 * Your Organization (001 §2.6–2.8): the organization header above its pages (details with locations,
 * providers). Every signed-in user sees them; admin-only controls and posts are checked on the server
 * (areas/organization/access.server.ts).
 */
import { Outlet } from "react-router";
import { loadOrganizationLayout } from "../areas/organization/layout-route.server";
import { OrganizationHeader } from "../areas/organization/header";
import organizationStyles from "../areas/organization/organization.css?url";
import imageCropStyles from "../islands/image-crop.css?url";
import type { Route } from "./+types/_app.organization";

// The logo crop island's styles (the details page's edit dialog) with the area's, so the details route, shared
// by two sections, does not need links of its own.
export const links = () => [{ rel: "stylesheet", href: organizationStyles }, { rel: "stylesheet", href: imageCropStyles }];

export const loader = loadOrganizationLayout;

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="organization-area">
      <OrganizationHeader data={loaderData} />
      <Outlet />
    </div>
  );
}
