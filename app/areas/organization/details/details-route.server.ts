/**
 * The organization's details (001 §2.6): the loader's part for the details page and the action of the
 * 'Edit Organization Details' dialog (name, logo upload with the crop, logo delete). To be built.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "../../../auth/user.server";
import { requireOrganizationAdmin } from "../access.server";

export async function loadOrganizationDetails({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { name: user.organization.name };
}

export type OrganizationDetailsData = SerializeFrom<typeof loadOrganizationDetails>;

export async function organizationDetailsAction({ request, context }: ActionFunctionArgs) {
  await requireOrganizationAdmin(request, context);
  return data({ error: "Not built yet." }, { status: 400 });
}
