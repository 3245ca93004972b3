/** Validation messages of the sign-in family of forms (spec 000 §5), verbatim. */
export const EMAIL_REQUIRED = "Email is required.";
export const EMAIL_INVALID = "Email must be valid.";
export const PASSWORD_REQUIRED = "Password is required.";
export const CODE_REQUIRED = "Verification code is required.";
export const FIRST_NAME_REQUIRED = "First name is required.";
export const LAST_NAME_REQUIRED = "Last name is required.";
export const PASSWORD_MISMATCH = "Password does not match.";
export const OLD_PASSWORD_REQUIRED = "Old password is required";
export const NEW_PASSWORD_REQUIRED = "New password is required";
export const PASSWORDS_MUST_MATCH = "Passwords must match";
/** Not in the spec (the original only disables the button): the server's refusal when the box is not ticked. */
export const TERMS_REQUIRED = "Please accept the Terms of Service and Privacy Policy to sign up.";
export const NAME_TOO_LONG = "Use at most 100 characters.";
