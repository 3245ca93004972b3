import * as z from "zod";
import { requiredString, whenValid } from "../../../forms/fields";
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, NEW_PASSWORD_REQUIRED, OLD_PASSWORD_REQUIRED, PASSWORDS_MUST_MATCH } from "../../../forms/messages";

export const accountInfoSchema = z.object({
  firstName: requiredString(FIRST_NAME_REQUIRED, 100),
  lastName: requiredString(LAST_NAME_REQUIRED, 100),
});

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: OLD_PASSWORD_REQUIRED }).min(1, { error: OLD_PASSWORD_REQUIRED }).max(256),
    newPassword: z.string({ error: NEW_PASSWORD_REQUIRED }).min(1, { error: NEW_PASSWORD_REQUIRED }).max(256),
    confirmPassword: z.string({ error: PASSWORDS_MUST_MATCH }).max(256),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: PASSWORDS_MUST_MATCH, when: whenValid("newPassword", "confirmPassword") });
