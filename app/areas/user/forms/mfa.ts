import * as z from "zod";
import { missing } from "../../../forms/fields";

/** Not the spec's (it has no two-step verification): the messages of the authenticator-code forms (ADR 027). */
export const MFA_CODE_REQUIRED = "Enter the 6-digit code from your authenticator app.";
export const MFA_CODE_FORMAT = "The code is the 6 digits your authenticator app shows.";

/** A 6-digit code as an authenticator app shows it (spaces and a middle dash, as some apps group it, are ignored). */
export const mfaCodeField = () =>
  z
    .string({ error: missing(MFA_CODE_REQUIRED) })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().min(1, { error: MFA_CODE_REQUIRED }).regex(/^\d{6}$/, { error: MFA_CODE_FORMAT }));

export const mfaCodeSchema = z.object({ code: mfaCodeField() });

export const RECOVERY_CODE_REQUIRED = "Enter one of your recovery codes.";
export const recoveryCodeSchema = z.object({
  recoveryCode: z.string({ error: missing(RECOVERY_CODE_REQUIRED) }).trim().min(1, { error: RECOVERY_CODE_REQUIRED }).max(64, { error: "That recovery code is not valid." }),
});
