/** The scan organizations list (003 §2): only organizations holding SCAN, sorted by name; their editor URLs. */
import { ADMIN_ROUTES } from "../../../shell/nav";
import { compareText } from "../../../domain/collate";

export const ORGANIZATIONS_LOAD_FAILED = "Could not get organizations.";

export interface OrganizationLike {
  id: string;
  name: string;
  products: readonly string[];
}

/** Organizations that include the scan product, by name (case-insensitive, then id). */
export const scanOrganizations = <T extends OrganizationLike>(all: readonly T[]): T[] =>
  all
    .filter((o) => o.products.includes("SCAN"))
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));

export const modulesHref = (organizationId: string) => `${ADMIN_ROUTES.scanOrganizations}${encodeURIComponent(organizationId)}/modules`;
export const analysisHref = (organizationId: string) => `${ADMIN_ROUTES.scanOrganizations}${encodeURIComponent(organizationId)}/analysis`;
