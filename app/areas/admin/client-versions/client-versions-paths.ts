/** The Scan Client Versions page's URLs (003 §2): the list and its 'Edit Scan Version' dialog at `?edit={versionId}`. Browser-safe. */
import { ADMIN_ROUTES } from "../../../shell/admin-nav";

export const EDIT_PARAM = "edit";

/** Not in the spec: the dialog's URL names a version the list does not hold, or the latest one. */
export const VERSION_NOT_EDITABLE = "This scan version cannot be edited: it is the latest version or it does not exist.";

export const clientVersionsHref = () => ADMIN_ROUTES.scanClientVersions;
export const editVersionHref = (versionId: string) => `${ADMIN_ROUTES.scanClientVersions}?${new URLSearchParams({ [EDIT_PARAM]: versionId }).toString()}`;
