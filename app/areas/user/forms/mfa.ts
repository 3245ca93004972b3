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

/** Re-authentication before a change to two-step verification (ADR 034): what it opens, the password, and the code. */
export const REAUTH_PASSWORD_REQUIRED = "Enter your password.";
export const REAUTH_PURPOSES = ["replace", "new-codes"] as const;
export type ReauthPurpose = (typeof REAUTH_PURPOSES)[number];
export const reauthSchema = z.object({
  purpose: z.enum(REAUTH_PURPOSES),
  password: z.string({ error: missing(REAUTH_PASSWORD_REQUIRED) }).min(1, { error: REAUTH_PASSWORD_REQUIRED }).max(256),
  code: mfaCodeField(),
});
