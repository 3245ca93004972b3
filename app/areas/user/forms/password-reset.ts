import * as z from "zod";
import { emailField } from "../../../forms/fields";
import { CODE_REQUIRED, PASSWORD_REQUIRED } from "../../../forms/messages";

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, { error: CODE_REQUIRED }).max(64),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, { error: PASSWORD_REQUIRED }).max(256),
});
