/**
 * The loader and action of `/admin/locations/` (003 §2 "Admin locations"): the organizations for the filter
 * (awaited: the filter renders with the page), the page of locations streamed after the frame ('Unable to get
 * locations' plus the server's message on failure), and the inline keyword edit (`?edit={id}`; the post sets
 * the keyword: 'Successfully updated keyword.' / 'Could not update keyword.' followed by why: not a code, or
 * already used by another location — ADR 031). The edit URL and the post are
 * for product admins only (ADR 015).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import * as z from "zod";
import { listAdminLocations, listAdminOrganizations, updateLocationKeyword } from "../../../api/admin-lists.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { apiErrorFields, failedStatus } from "../../../forms/api-error";
import { keywordField } from "../../../forms/location-keyword-field";
import { callOnce, FORM_TOKEN_FIELD } from "../../../forms/submit-once.server";
import type { PageMetadata } from "../../../components/pager";
import { canChangeAdmin } from "../access";
import { requireAdmin, requireProductAdmin } from "../access.server";
import { locationsHref, locationsQuery, parseLocationsState } from "./locations-state";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export const LOCATIONS_LOAD_FAILED = "Unable to get locations";
export const ORGANIZATIONS_LOAD_FAILED = "Could not get organizations.";
export const KEYWORD_UPDATED = "Successfully updated keyword.";
export const KEYWORD_FAILED = "Could not update keyword.";

export interface LocationRow {
  id: string;
  name: string;
  organization: string;
  keyword: string | null;
  contactList: string[];
  city: string | null;
  state: string | null;
  country: string | null;
}

export type LocationsTable = { rows: LocationRow[]; metadata: PageMetadata } | { error: string };

export async function loadAdminLocations({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const state = parseLocationsState(requestUrl(request).searchParams);
  if (state.edit) requireProductAdmin(context);
  const api = getApi(request, context);
  const table: Promise<LocationsTable> = listAdminLocations(api, locationsQuery(state)).then((r) =>
    r.error
      ? { error: `${LOCATIONS_LOAD_FAILED}: ${r.error.message}` }
      : {
          rows: r.data.items.map((l) => ({
            id: l.id,
            name: l.name,
            organization: l.organization.name,
            keyword: l.keyword,
            contactList: l.contactList,
            city: l.city,
            state: l.state,
            country: l.country,
          })),
          metadata: r.data.metadata,
        },
  );
  const orgs = await listAdminOrganizations(api);
  return {
    state,
    canChange: canChangeAdmin(user.role),
    organizations: orgs.error ? [] : orgs.data.map((o) => ({ id: o.id, name: o.name })),
    organizationsError: orgs.error ? `${ORGANIZATIONS_LOAD_FAILED} ${orgs.error.message}` : null,
    // Not awaited: the header and the filter render at once, the rows stream in.
    table,
  };
}

const keywordSchema = z.object({
  id: z.string().uuid(),
  // A code, unique across organizations (ADR 031): the shared rule; the API answers 409 when it is in use.
  keyword: keywordField(),
});

export type KeywordActionData = { id: string; keyword: string; error: string };

export async function adminLocationsAction({ request, context }: ActionFunctionArgs) {
  const user = requireProductAdmin(context);
  const form = await readForm(request);
  const state = parseLocationsState(requestUrl(request).searchParams);
  const submission = parseWithZod(form, { schema: keywordSchema });
  const typed = String(form.get("keyword") ?? "");
  if (submission.status !== "success") {
    const why = submission.error?.keyword?.[0];
    return data({ id: String(form.get("id") ?? ""), keyword: typed, error: why ? `${KEYWORD_FAILED} ${why}` : KEYWORD_FAILED } satisfies KeywordActionData, { status: 400 });
  }
  const { id, keyword } = submission.value;
  const result = await callOnce(`${user.userId}:location-keyword:${id}`, form.get(FORM_TOKEN_FIELD), () => updateLocationKeyword(getApi(request, context), id, keyword));
  if (result.error) {
    // "keyword: This keyword is already used by another location." (409) reads without the field's name.
    const why = apiErrorFields(result.error.message, ["keyword"]);
    const text = why.fieldErrors?.keyword?.[0] ?? result.error.message;
    return data({ id, keyword: typed, error: `${KEYWORD_FAILED} ${text}` } satisfies KeywordActionData, { status: failedStatus(result.error) });
  }
  getSession(request, context).flash("toast", { type: "success", message: KEYWORD_UPDATED });
  throw redirect(locationsHref({ ...state, edit: null }));
}
