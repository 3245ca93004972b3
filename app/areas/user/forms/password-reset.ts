import * as z from "zod";
import { emailField, missing } from "../../../forms/fields";
import { CODE_REQUIRED, PASSWORD_REQUIRED } from "../../../forms/messages";
import { newPasswordField, type PasswordRuleOptions } from "../../../domain/password";

export const forgotPasswordSchema = z.object({ email: emailField() });

/** The new password by the password rule (app/domain/password.ts); `rule` adds the server's half. */
export const makeResetPasswordSchema = (rule: PasswordRuleOptions = {}) =>
  z.object({
    code: z.string({ error: missing(CODE_REQUIRED) }).trim().min(1, { error: CODE_REQUIRED }).max(64),
    password: newPasswordField(PASSWORD_REQUIRED, rule),
  });
export const resetPasswordSchema = makeResetPasswordSchema();
