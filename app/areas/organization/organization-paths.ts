/**
 * The URLs of Your Organization (001 §2): `/organization/` goes to the details; the details page holds the
 * organization's details and its locations (the locations page's own path is not shown in the spec), the
 * providers page its users. Every dialog has a URL: `?dialog=…` on the page that owns it (ADR 005).
 */
export const ORGANIZATION_PATHS = {
  details: "/organization/details/",
  providers: "/organization/providers/",
} as const;

/** The dialogs of the details page: the organization's own, and the locations'. */
export const DETAILS_DIALOGS = ["edit-organization", "add-location", "edit-location"] as const;
export type DetailsDialog = (typeof DETAILS_DIALOGS)[number];

export const editOrganizationHref = () => `${ORGANIZATION_PATHS.details}?dialog=edit-organization`;

/** The dialog a details-page URL asks for (null: none, or an unknown one). */
export function detailsDialogOf(params: URLSearchParams): DetailsDialog | null {
  const dialog = params.get("dialog");
  return (DETAILS_DIALOGS as readonly string[]).includes(dialog ?? "") ? (dialog as DetailsDialog) : null;
}

/** Whether a details-page dialog belongs to the locations section (its posts go to the locations action). */
export const isLocationsDialog = (dialog: DetailsDialog | null): boolean => dialog === "add-location" || dialog === "edit-location";
