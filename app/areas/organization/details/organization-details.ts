/**
 * The rules of the organization's details (001 §2.6, §8): the dialog URLs, the spec's messages (verbatim), and
 * how a refused logo or a failed call becomes the message and the status the 'Edit Organization Details'
 * dialog answers with. Shared by the server and the browser (no server imports).
 */
// The logo's messages and refusals are shared with the admin area's Add New Organization (media/logo-image.ts).
export { LOGO_UPLOAD_FAILED, logoFailedMessage, logoRefusal, uploadFailure } from "../../../media/logo-image";
import { editOrganizationHref, ORGANIZATION_PATHS } from "../organization-paths";

export const DETAILS_UPDATED = "Successfully updated organization details.";
export const LOGO_DELETE_FAILED = "Something went wrong deleting your image, please try again.";
export const ORGANIZATION_UPDATE_FAILED = "Something went wrong editing the org, please refresh and try again.";
/** Not the spec's: a multipart body the server could not read at all (a broken or cut-off upload). */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

/** The intents the details action answers. */
export const EDIT_INTENT = "edit-organization";
export const DELETE_LOGO_INTENT = "delete-logo";

/** `?dialog=edit-organization&confirm=delete-logo`: the delete-logo confirmation, at its own URL. */
export const CONFIRM_PARAM = "confirm";
export const deleteLogoHref = () => `${editOrganizationHref()}&${CONFIRM_PARAM}=${DELETE_LOGO_INTENT}`;
export const detailsHref = () => ORGANIZATION_PATHS.details;

export type DetailsDialogState = "edit" | "confirm-delete-logo";

/** Which step of the organization's dialog a URL asks for (`dialog` is already known to be edit-organization). */
export function editDialogStep(params: URLSearchParams, hasLogo: boolean): DetailsDialogState {
  return hasLogo && params.get(CONFIRM_PARAM) === DELETE_LOGO_INTENT ? "confirm-delete-logo" : "edit";
}

