/**
 * The loader of the Your Organization layout (routes/_app.organization.tsx re-exports it): the organization
 * header of 001 §2.6 — name, timezone and logo — from the current user's profile (no call of its own: the
 * profile is loaded once per request and holds the organization), and whether the user may edit it.
 */
import type { LoaderFunctionArgs } from "react-router";
import type { SerializeFrom } from "../../route-data";
import { currentUser } from "../../auth/current-user.server";
import { canManageOrganization } from "./access.server";

export async function loadOrganizationLayout({ context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  const { name, timezone, webLogoUrl } = user.organization;
  return { organization: { name, timezone, webLogoUrl }, canEdit: canManageOrganization(user) };
}

export type OrganizationLayoutData = SerializeFrom<typeof loadOrganizationLayout>;
