/**
 * Loaders of the admin user pages (003 §2 "Users"): `/admin/users/find-by-uuid` (`?uuid=` or `?email=`: GET v2/admin/user-profile)
 * and `/admin/users/signup-link` (`?email=`: GET v2/admin/invite-code). Plain GET forms: the answer is part of
 * the page (works without JavaScript, the URL can be shared with a colleague). A refused value answers 400
 * with the message at its field; nobody found 404 with 003 §8's message; a failed call its status (5xx → 502).
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { findUserProfile, getInviteCode } from "../../../api/admin-lists.server";
import { getApi } from "../../../api/user-api.server";
import type { ApiError } from "../../../api/result";
import { ROLE_LABELS, type Role } from "../../../auth/roles";
import { failedStatus } from "../../../forms/api-error";
import { requireAdmin } from "../access.server";
import { emailSchema, lookupUuid, NO_USER_FOR_EMAIL, NO_USER_FOR_UUID, readLookup, signupLink, uuidSchema } from "./lookup";
import { requestUrl } from "../../../request-url";

export interface ProfileView {
  userId: string;
  practitionerId: string;
  name: string;
  email: string;
  role: string;
  groups: string[];
  organization: { id: string; name: string; timezone: string; products: string[] };
  locations: string[];
}

type Outcome<T> = { found: T | null; message: string | null; status: number };

const failed = (error: ApiError, notFound: string): Outcome<never> =>
  error.status === 404 ? { found: null, message: notFound, status: 404 } : { found: null, message: error.message, status: failedStatus(error) };

export async function loadFindUser({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context);
  const params = requestUrl(request).searchParams;
  const uuid = readLookup(params, "uuid", uuidSchema);
  const email = uuid.kind === "none" ? readLookup(params, "email", emailSchema) : ({ kind: "none" } as const);
  const api = getApi(request, context);
  let outcome: Outcome<ProfileView> = { found: null, message: null, status: 200 };
  const by = uuid.kind !== "none" ? "uuid" : email.kind !== "none" ? "email" : null;
  if (uuid.kind === "invalid" || email.kind === "invalid") outcome = { found: null, message: null, status: 400 };
  else if (uuid.kind === "ok") {
    const id = lookupUuid(uuid.value);
    if (!id) outcome = { found: null, message: NO_USER_FOR_UUID, status: 404 };
    else {
      const r = await findUserProfile(api, { uuid: id });
      outcome = r.error ? failed(r.error, NO_USER_FOR_UUID) : { found: toProfile(r.data), message: null, status: 200 };
    }
  } else if (email.kind === "ok") {
    const r = await findUserProfile(api, { email: email.value });
    outcome = r.error ? failed(r.error, NO_USER_FOR_EMAIL) : { found: toProfile(r.data), message: null, status: 200 };
  }
  return data(
    {
      by,
      uuid: { input: uuid.kind === "none" ? "" : uuid.input, error: uuid.kind === "invalid" ? uuid.error : null },
      email: { input: email.kind === "none" ? "" : email.input, error: email.kind === "invalid" ? email.error : null },
      profile: outcome.found,
      message: outcome.message,
    },
    { status: outcome.status },
  );
}

function toProfile(p: Awaited<ReturnType<typeof findUserProfile>>["data"] & object): ProfileView {
  return {
    userId: p.userId,
    practitionerId: p.practitionerId,
    name: `${p.firstName} ${p.lastName}`.trim(),
    email: p.email,
    role: p.role ? (ROLE_LABELS[p.role as Role] ?? p.role) : "None",
    groups: p.groups,
    organization: { id: p.organization.id, name: p.organization.name, timezone: p.organization.timezone, products: p.organization.products },
    locations: p.locations.map((l) => l.name),
  };
}

export async function loadSignupLink({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context);
  const url = requestUrl(request);
  const email = readLookup(url.searchParams, "email", emailSchema);
  let status = 200;
  let message: string | null = null;
  let invite: { firstName: string; lastName: string; email: string; inviteCode: string | null; hasAccount: boolean; link: string | null } | null = null;
  if (email.kind === "invalid") status = 400;
  else if (email.kind === "ok") {
    const r = await getInviteCode(getApi(request, context), email.value);
    if (r.error) {
      status = failedStatus(r.error);
      message = r.error.message;
    } else invite = { ...r.data, link: r.data.inviteCode ? signupLink(url.origin, r.data.inviteCode) : null };
  }
  return data({ email: { input: email.kind === "none" ? "" : email.input, error: email.kind === "invalid" ? email.error : null }, invite, message }, { status });
}
