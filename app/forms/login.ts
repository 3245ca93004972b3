import * as z from "zod";
import { emailField } from "./fields";
import { PASSWORD_REQUIRED } from "./messages";

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, { error: PASSWORD_REQUIRED }),
  redirectTo: z.string().optional(),
});
