/** The details part of the Organization Details page (001 §2.6) and its edit dialog. To be built. */
import type { OrganizationDetailsData } from "./details-route.server";

export function OrganizationDetailsSection({ data }: { data: OrganizationDetailsData }) {
  return <h1>Organization Details{data.name ? null : null}</h1>;
}
