/**
 * The 'Add New Typeform Form' form (003 §5): the form's id ('Form ID is required') and the certification that
 * the product's webhook was added under the form's Connect > Webhooks section (required; 003 gives it no
 * message: ours is WEBHOOK_REQUIRED). Shared by the browser (conform) and the action (authoritative).
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";
import { FORM_ID_MAX } from "./typeform-form-values";

export * from "./typeform-form-values";

export const FORM_ID_REQUIRED = "Form ID is required";
export const WEBHOOK_REQUIRED = "Please confirm that you added the webhook under the form's Connect > Webhooks section.";
export const FORM_ADDED = "Form Added.";
/** A Typeform form id is a code (ADR 031): the API's rule and words. */
export const FORM_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const FORM_ID_CHARACTERS = "Form ID may only contain letters, digits, _ and -";

export const typeformFormSchema = z.object({
  id: z
    .string({ error: missing(FORM_ID_REQUIRED) })
    .trim()
    .min(1, FORM_ID_REQUIRED)
    .max(FORM_ID_MAX, `Form ID must be at most ${FORM_ID_MAX} characters`)
    .refine((v) => v === "" || FORM_ID_PATTERN.test(v), FORM_ID_CHARACTERS),
  webhookConfirmed: z.literal("on", { error: WEBHOOK_REQUIRED }),
});

/** 'Has Exer Webhook Enabled' as the table shows it (003 §2). */
export const webhookLabel = (enabled: boolean) => (enabled ? "Confirmed" : "Missing");

/** The API names the refused field first ("id: …"): under the form the message reads without it. */
export const withoutFieldPrefix = (message: string) => message.replace(/^[A-Za-z]+: /, "");
