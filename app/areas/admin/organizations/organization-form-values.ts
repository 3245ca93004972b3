/**
 * What Add New Organization offers and fills in: the products, the first provider's roles, the initial values. The
 * form's schema (./organization-form.ts, with zod) loads with the form's first use (ADR 038).
 */
import type { Schema } from "../../../api/schemas";
import { DEFAULT_TIMEZONE } from "../../../domain/us-timezones";

export type ProductKey = Schema<"ProductKey">;
export const PRODUCT_KEYS = ["HEALTH", "GAIT", "PRO", "SCAN"] as const satisfies readonly ProductKey[];
/** The roles the first provider may be given (the contract's OrganizationCreate); default Admin (003 §5). */
export const FIRST_PROVIDER_ROLES = [
  { value: "PORTAL_PROVIDER_ADMIN", label: "Admin" },
  { value: "PORTAL_PRACTITIONER", label: "Provider" },
] as const;
export type FirstProviderRole = (typeof FIRST_PROVIDER_ROLES)[number]["value"];
export const DEFAULT_FIRST_PROVIDER_ROLE: FirstProviderRole = "PORTAL_PROVIDER_ADMIN";
/** The form's initial values (003 §5: timezone America/Denver, role PORTAL_PROVIDER_ADMIN; the location's zone follows). */
export const ADD_ORGANIZATION_DEFAULTS = {
  orgTimezone: DEFAULT_TIMEZONE,
  locationTimezone: DEFAULT_TIMEZONE,
  role: DEFAULT_FIRST_PROVIDER_ROLE,
  countryCode: "US",
} as const;
