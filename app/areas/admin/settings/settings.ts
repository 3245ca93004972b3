/**
 * Admin Settings (003 §2, §4, §8): the scan-modules organization override — which organization's scan modules
 * the scan clients of the product's own staff are served (`GET v2/scan/modules`; customers always get their
 * own). Support staff may set and reset it (ADR 015).
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";

export * from "./settings-values";

export const OVERRIDE_LOAD_FAILED = "Could not get scan modules org override.";
export const OVERRIDE_SET_FAILED = "Could not set override organization.";
export const OVERRIDE_RESET_FAILED = "Could not reset override.";
export const OVERRIDE_SET = "Override organization set.";
export const OVERRIDE_RESET = "Override reset.";
export const ORGANIZATION_REQUIRED = "Choose an organization.";


export const overrideSchema = z.object({
  organizationId: z.string({ error: missing(ORGANIZATION_REQUIRED) }).trim().min(1, ORGANIZATION_REQUIRED),
});

/** A failed call's line: the spec's words, then the server's message. */
export const withServerMessage = (spec: string, message: string) => `${spec} ${message}`;

/** The name of the override organization (its id when it is not in the list), or null when none is set. */
export function overrideName(organizationId: string | null, organizations: readonly { id: string; name: string }[]): string | null {
  if (!organizationId) return null;
  return organizations.find((o) => o.id === organizationId)?.name ?? organizationId;
}
