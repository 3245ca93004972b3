/** The scan organizations list (003 §2): only organizations holding SCAN, sorted by name; their editor URLs. */
import { ADMIN_ROUTES } from "../../../shell/admin-nav";
import { compareKeys, compareText } from "../../../domain/collate";

export const ORGANIZATIONS_LOAD_FAILED = "Could not get organizations.";

export interface OrganizationLike {
  id: string;
  name: string;
  products: readonly string[];
}

/**
 * Whether an organization's scan editors (modules, analysis) exist: only for one holding SCAN (the list offers no
 * others; issue 34: a typed URL opened them for any organization and saved). A loaded organization without SCAN: no.
 */
export const holdsScan = (organization: { products: readonly string[] } | null | undefined): boolean => !organization || organization.products.includes("SCAN");

/** Organizations that include the scan product, by name (case-insensitive, then id). */
export const scanOrganizations = <T extends OrganizationLike>(all: readonly T[]): T[] =>
  all
    .filter((o) => o.products.includes("SCAN"))
    .sort((a, b) => compareText(a.name, b.name) || compareKeys(a.id, b.id));

export const modulesHref = (organizationId: string) => `${ADMIN_ROUTES.scanOrganizations}${encodeURIComponent(organizationId)}/modules`;
export const analysisHref = (organizationId: string) => `${ADMIN_ROUTES.scanOrganizations}${encodeURIComponent(organizationId)}/analysis`;
