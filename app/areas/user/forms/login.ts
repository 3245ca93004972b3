import * as z from "zod";
import { emailField, missing } from "../../../forms/fields";
import { PASSWORD_REQUIRED } from "../../../forms/messages";

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: missing(PASSWORD_REQUIRED) }).min(1, { error: PASSWORD_REQUIRED }),
  redirectTo: z.string().optional(),
});
