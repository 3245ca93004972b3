/**
 * The loader of the signed-in layout (routes/_app.tsx re-exports it): the user, the sidebar's items and state,
 * and the header's global filter. Pages read it with `useRouteLoaderData<PortalShellData>("routes/_app")`.
 */
import type { LoaderFunctionArgs } from "react-router";
import type { SerializeFrom } from "../route-data";
import { getConfig } from "../config.server";
import { currentUser } from "../auth/current-user.server";
import { isAdminType } from "../auth/roles";
import { loadFilterState } from "./filter.server";
import { buildLabel, isListedStaff } from "./nav";
import { sidebarFromCookieHeader } from "./preferences";

export async function loadPortalShell({ request, context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  const config = getConfig();
  const filter = await loadFilterState(request, context, user);
  return {
    user: {
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      isAdminType: isAdminType(user.role),
      organization: { name: user.organization.name, products: user.organization.products, webLogoUrl: user.organization.webLogoUrl },
    },
    nav: {
      products: user.organization.products,
      role: user.role,
      // The staff lists stay on the server: the browser learns only whether this user is on them.
      showPaths: isListedStaff(user.email, config.staff.pathsEmails),
      showModules: isListedStaff(user.email, config.staff.modulesEmails),
      helpCenterUrl: config.helpCenterUrl,
      liveChatUrl: config.liveChat?.url ?? null,
    },
    sidebar: sidebarFromCookieHeader(request.headers.get("Cookie")),
    buildLabel: buildLabel(config.build),
    filter,
  };
}

export type PortalShellData = SerializeFrom<typeof loadPortalShell>;
