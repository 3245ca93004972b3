import * as z from "zod";
import { emailField, requiredName, whenValid, missing } from "../../../forms/fields";
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, PASSWORD_MISMATCH, PASSWORD_REQUIRED, TERMS_REQUIRED } from "../../../forms/messages";
import { newPasswordField, type PasswordRuleOptions } from "../../../domain/password";

/**
 * Sign-up by invite code. Name and e-mail are shown prefilled and disabled (disabled inputs are not
 * submitted): the server takes them from the invitation and validates them with the same rules. The password by
 * the password rule (app/domain/password.ts); `rule` adds the server's half (the common-password list).
 */
export const makeSignUpSchema = (rule: PasswordRuleOptions = {}) =>
  z
    .object({
      intent: z.literal("sign-up"),
      firstName: requiredName(FIRST_NAME_REQUIRED, "First name", 100).optional(),
      lastName: requiredName(LAST_NAME_REQUIRED, "Last name", 100).optional(),
      email: emailField().optional(),
      password: newPasswordField(PASSWORD_REQUIRED, rule),
      confirmPassword: z.string({ error: missing(PASSWORD_REQUIRED) }).min(1, { error: PASSWORD_REQUIRED }).max(256),
      terms: z.literal("on", { error: TERMS_REQUIRED }),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: PASSWORD_MISMATCH, when: whenValid("password", "confirmPassword") });
export const signUpSchema = makeSignUpSchema();

/** The invitee's details, checked with the form's rules before signing up. */
export const inviteeSchema = z.object({
  firstName: requiredName(FIRST_NAME_REQUIRED, "First name", 100),
  lastName: requiredName(LAST_NAME_REQUIRED, "Last name", 100),
  email: emailField(),
});
