/**
 * The provider forms of the Providers page (001 §2.8, §5, §6): 'Add Provider' (invite) and the edit of a
 * provider, one schema for both (the edit has no names and, for a current user, no e-mail). Shared by the
 * browser (conform) and the server (authoritative). Messages are 001 §5's, verbatim.
 */
import * as z from "zod";
import "../../../forms/fields"; // jitless in the browser, the fallback messages: before this module builds a schema
import type { Role } from "../../../auth/roles";
import { isSingleLine, notSingleLine } from "../../../domain/single-line";
import { NAME_TOO_LONG } from "../../../forms/messages";
import { PROVIDER_ROLES, type ProviderRole } from "./provider-values";
import { CREDENTIALS, npiProblem, type Credential } from "../../../domain/rtm-claim";

export * from "./provider-values";

export const PROVIDER_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  // 001 §5 says the e-mail "must be valid" without a message of its own: the portal's wording (000 §5).
  emailInvalid: "Email must be valid.",
  roleRequired: "Role is required",
  locationsRequired: "Location(s) are required",
  nameTooLong: NAME_TOO_LONG,
} as const;



/**
 * The roles `userRole` may give. 001 §6 lists EXER_ADMIN among the selectable roles, but only product admins
 * may give it: the API answers 403 when a provider admin (or support) invites or promotes anyone to EXER_ADMIN
 * (ADR 010, `checkStaffBoundary`). Offering a choice that always fails would be a trap, so a provider admin
 * chooses between Provider and Admin, and a product admin (EXER_ADMIN, who may act in an organization) also
 * gets EXER_ADMIN. Practitioners choose nothing: they cannot invite or edit.
 */
export function selectableRoles(userRole: Role | null | undefined): ProviderRole[] {
  if (userRole === "EXER_ADMIN") return [...PROVIDER_ROLES];
  if (userRole === "PORTAL_PROVIDER_ADMIN" || userRole === "EXER_SUPPORT") return ["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"];
  return [];
}

export interface ProviderFormOptions {
  mode: "invite" | "edit";
  /** The roles this user may choose (selectableRoles). */
  roles: readonly ProviderRole[];
  /** Edit of a current user: the e-mail cannot change (001 §5), any value sent is ignored. */
  emailLocked?: boolean;
  /** Invite: the organization supports single sign-on (the useSSO box is shown, default on). */
  supportsSSO?: boolean;
}

export interface ProviderFormValue {
  /** Invite only. */
  firstName?: string;
  lastName?: string;
  /** Invite; edit of an invited user. */
  email?: string;
  role: ProviderRole;
  locationIds: string[];
  /** Invite in an organization that supports SSO. */
  useSSO?: boolean;
  /** Edit: the NPI and credential an RTM claim names (issue 32); null clears them. */
  npi?: string | null;
  credential?: Credential | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The location rule of 001 §5: a practitioner needs at least one location. */
export const locationsRequired = (role: string | undefined, locationIds: readonly string[]) => role === "PORTAL_PRACTITIONER" && locationIds.length === 0;

const emailSchema = z.email();

export function providerFormSchema(options: ProviderFormOptions) {
  const m = PROVIDER_MESSAGES;
  const invite = options.mode === "invite";
  const withEmail = invite || !options.emailLocked;
  return z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
      role: z.string().optional(),
      locationIds: z.array(z.string()).optional(),
      useSSO: z.boolean().optional(),
      npi: z.string().optional(),
      credential: z.string().optional(),
    })
    .superRefine((input, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (invite) {
        const first = (input.firstName ?? "").trim();
        const last = (input.lastName ?? "").trim();
        if (!first) issue("firstName", m.firstNameRequired);
        else if (first.length > 100) issue("firstName", m.nameTooLong);
        else if (!isSingleLine(first)) issue("firstName", notSingleLine("First name"));
        if (!last) issue("lastName", m.lastNameRequired);
        else if (last.length > 100) issue("lastName", m.nameTooLong);
        else if (!isSingleLine(last)) issue("lastName", notSingleLine("Last name"));
      }
      if (withEmail) {
        const email = (input.email ?? "").trim();
        if (!email) issue("email", m.emailRequired);
        else if (email.length > 254 || !emailSchema.safeParse(email).success) issue("email", m.emailInvalid);
      }
      if (!(options.roles as readonly string[]).includes(input.role ?? "")) issue("role", m.roleRequired);
      const ids = input.locationIds ?? [];
      if (ids.some((id) => !UUID.test(id))) issue("locationIds", m.locationsRequired);
      else if (locationsRequired(input.role, ids)) issue("locationIds", m.locationsRequired);
      if (!invite) {
        const npi = (input.npi ?? "").trim();
        const problem = npi ? npiProblem(npi) : null;
        if (problem) issue("npi", problem);
        const credential = input.credential ?? "";
        if (credential && !(CREDENTIALS as readonly string[]).includes(credential)) issue("credential", "Choose a credential.");
      }
    })
    .transform((input): ProviderFormValue => {
      const value: ProviderFormValue = {
        role: input.role as ProviderRole,
        locationIds: [...new Set((input.locationIds ?? []).map((id) => id.toLowerCase()))],
      };
      if (invite) {
        value.firstName = (input.firstName ?? "").trim();
        value.lastName = (input.lastName ?? "").trim();
        if (options.supportsSSO) value.useSSO = input.useSSO === true;
      }
      if (withEmail) value.email = (input.email ?? "").trim();
      // Sent only when the form has the fields (blank clears them).
      if (!invite && input.npi !== undefined) value.npi = input.npi.trim() || null;
      if (!invite && input.credential !== undefined) value.credential = (input.credential || null) as Credential | null;
      return value;
    });
}
