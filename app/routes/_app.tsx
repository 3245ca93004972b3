/**
 * The signed-in part of the portal. Every page under this layout requires a user with a known role and renders
 * inside the shell (000 §2.2): the sidebar by the user's products and role, the header with the global filter,
 * the toasts (root), and a warning before the inactivity logoff. Errors of the pages below render inside the
 * shell, as does the unknown-URL page (routes/_app.$.tsx).
 */
import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { getConfig } from "../config.server";
import { requireUser } from "../auth/user.server";
import { isAdminType } from "../auth/roles";
import { shellRoute } from "../shell/shell-route";
import { FilterControls } from "../shell/filter-controls";
import { loadFilterState } from "../shell/filter.server";
import { isListedStaff, portalNav, ROUTES } from "../shell/nav";
import { sidebarFromCookieHeader } from "../shell/preferences";
import { Shell } from "../shell/shell";
import shellStyles from "../shell/shell.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
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
    filter,
  };
}

type ShellData = SerializeFrom<typeof loader>;

function PortalShell({ data, children }: { data: ShellData; children: ReactNode }) {
  return (
    <Shell
      items={portalNav(data.nav)}
      navLabel="Main"
      sidebar={data.sidebar}
      title={data.user.organization.name}
      homeHref={ROUTES.home}
      tools={<FilterControls {...data.filter} />}
    >
      {children}
    </Shell>
  );
}

const area = shellRoute<SerializeFrom<typeof loader>>("routes/_app", PortalShell);
export default area.Layout;
export const ErrorBoundary = area.ErrorBoundary;
