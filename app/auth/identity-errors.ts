/**
 * What the identity service's errors mean for the forms (spec 000 §5, §8). Pure: takes the SDK error's
 * name and message.
 */
/** The identity service could not be reached at sign-in (the login form, its code step, the sign-up). */
export const IDENTITY_UNAVAILABLE_MESSAGE = "We could not reach the sign-in service. Please try again in a moment.";
export const LOGIN_FAILED_MESSAGE = "There was a problem signing in.  Please check your email and password.";
export const NO_ACCESS_MESSAGE = "That account does not have access to the portal.";
/**
 * Not the spec's (003 §4 says only that a disabled organization's access is revoked): the words shown on the login
 * page when the API refuses the user's organization (403 on GET v2/users/current), at sign-in and on the next request.
 */
export const ORGANIZATION_DISABLED_MESSAGE = "Your organization's access has been disabled. Contact support.";
export const PASSWORD_UPDATE_FAILED_MESSAGE = "Could not update password.";

export const errorName = (err: unknown): string | undefined =>
  err && typeof err === "object" && "name" in err && typeof (err as { name: unknown }).name === "string" ? (err as { name: string }).name : undefined;

export const errorMessage = (err: unknown): string | undefined =>
  err && typeof err === "object" && "message" in err && typeof (err as { message: unknown }).message === "string" ? (err as { message: string }).message : undefined;

/**
 * A wrong e-mail or password: Cognito says NotAuthorizedException (also for unknown users with
 * PreventUserExistenceErrors); unpatched cognito-local says InvalidPasswordException / UserNotFoundException.
 */
export const isWrongCredentials = (err: unknown): boolean =>
  ["NotAuthorizedException", "InvalidPasswordException", "UserNotFoundException"].includes(errorName(err) ?? "") && !isLockedOut(err);

/**
 * The identity service locked the account for a moment after repeated failures, whatever the password now (Amazon
 * Cognito: NotAuthorizedException "Password attempts exceeded", 1 s doubling; the development service does the same,
 * ADR 035). Not a wrong password: the attempt was not checked, so it is not counted, and the owner is told to wait
 * rather than to check a password that may be right.
 */
export const isLockedOut = (err: unknown): boolean => errorName(err) === "NotAuthorizedException" && /attempts exceeded/i.test(errorMessage(err) ?? "");
export const LOCKED_OUT_MESSAGE = "Too many sign-in attempts. Please wait a moment and try again.";

/** Errors the identity service raised itself (as opposed to network or configuration failures). */
const SERVICE_ERRORS = new Set([
  "CodeMismatchException",
  "ExpiredCodeException",
  "InvalidPasswordException",
  "InvalidParameterException",
  "LimitExceededException",
  "TooManyFailedAttemptsException",
  "TooManyRequestsException",
  "NotAuthorizedException",
  "UserNotFoundException",
  "UserNotConfirmedException",
  "UsernameExistsException",
  "AliasExistsException",
  "PasswordResetRequiredException",
  "PasswordHistoryPolicyViolationException",
  "CodeDeliveryFailureException",
]);

/** The service's own message when it is one of its errors, else `fallback` (network failures, bugs). */
export function identityMessage(err: unknown, fallback: string): string {
  const name = errorName(err);
  const message = errorMessage(err);
  if (name && SERVICE_ERRORS.has(name) && message) return message;
  return fallback;
}

/**
 * An unknown account, which must look like any other to a visitor (no account enumeration). Cognito with
 * PreventUserExistenceErrors already hides it (ForgotPassword pretends to send a code; a reset fails like a wrong
 * code); cognito-local and pools without that setting say UserNotFoundException, so the portal hides it itself.
 */
export const isUnknownUser = (err: unknown): boolean => errorName(err) === "UserNotFoundException";

/** What a wrong verification code says (Cognito's CodeMismatchException message): also said for an unknown account. */
export const CODE_MISMATCH_MESSAGE = "Invalid verification code provided, please try again.";

/** The reset step's message: a wrong code and an unknown account read the same, whatever the service says. */
export const resetMessage = (err: unknown, fallback: string): string =>
  isUnknownUser(err) || errorName(err) === "CodeMismatchException" ? CODE_MISMATCH_MESSAGE : identityMessage(err, fallback);

export type ResetField = "code" | "password";
/** Which reset-password field an error belongs on. */
export function resetErrorField(err: unknown): ResetField {
  const name = errorName(err);
  return name === "InvalidPasswordException" || name === "PasswordHistoryPolicyViolationException" || (name === "InvalidParameterException" && /password/i.test(errorMessage(err) ?? ""))
    ? "password"
    : "code";
}

export type ChangePasswordField = "oldPassword" | "newPassword";
/** Which change-password field an error belongs on: a wrong current password on the old one, policy on the new. */
export function changePasswordErrorField(err: unknown): ChangePasswordField {
  const name = errorName(err);
  return name === "NotAuthorizedException" ? "oldPassword" : "newPassword";
}
