/**
 * The organization's locations (001 §2.7) on the details page: the loader's part and the action of the
 * Add Location / edit dialogs. To be built.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "../../../auth/user.server";
import { requireOrganizationAdmin } from "../access.server";

export async function loadLocations({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { items: [] as string[] };
}

export type LocationsData = SerializeFrom<typeof loadLocations>;

export async function locationsAction({ request, context }: ActionFunctionArgs) {
  await requireOrganizationAdmin(request, context);
  return data({ error: "Not built yet." }, { status: 400 });
}
