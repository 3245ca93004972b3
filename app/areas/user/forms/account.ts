import * as z from "zod";
import { requiredName, whenValid, missing } from "../../../forms/fields";
import { newPasswordField, type PasswordRuleOptions } from "../../../domain/password";
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, NEW_PASSWORD_REQUIRED, OLD_PASSWORD_REQUIRED, PASSWORDS_MUST_MATCH } from "../../../forms/messages";

export const accountInfoSchema = z.object({
  firstName: requiredName(FIRST_NAME_REQUIRED, "First name", 100),
  lastName: requiredName(LAST_NAME_REQUIRED, "Last name", 100),
});

/**
 * Change password: the new one by the password rule (app/domain/password.ts). `rule` adds the server's half (the
 * common-password list); the browser validates without it.
 */
export const makeChangePasswordSchema = (rule: PasswordRuleOptions = {}) =>
  z
    .object({
      oldPassword: z.string({ error: missing(OLD_PASSWORD_REQUIRED) }).min(1, { error: OLD_PASSWORD_REQUIRED }).max(256),
      newPassword: newPasswordField(NEW_PASSWORD_REQUIRED, rule),
      confirmPassword: z.string({ error: missing(PASSWORDS_MUST_MATCH) }).max(256),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: PASSWORDS_MUST_MATCH, when: whenValid("newPassword", "confirmPassword") });
export const changePasswordSchema = makeChangePasswordSchema();
