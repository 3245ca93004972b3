/**
 * The 'Edit Organization Details' form (001 §2.6, §5): the name ('Name is required', at most the contract's 200
 * characters) and the logo file. Used by the action (authoritative) and by conform in the browser. The logo is
 * checked by the server's image pipeline (app/media/logo-image.server.ts), not here: a file's bytes decide.
 */
import * as z from "zod";
import { missing, singleLine } from "../../../forms/fields";
import { NAME_MAX, NAME_TOO_LONG } from "./organization-values";

export * from "./organization-values";

export const NAME_REQUIRED = "Name is required";


export const organizationSchema = z.object({
  // conform turns an empty input into undefined: the required message then applies.
  name: singleLine(z.string({ error: missing(NAME_REQUIRED) }).trim().min(1, { error: NAME_REQUIRED }).max(NAME_MAX, { error: NAME_TOO_LONG }), "Name"),
  // The file (or nothing): its checks are the image pipeline's.
  logo: z.unknown().optional(),
});

export type OrganizationFormValue = z.infer<typeof organizationSchema>;
