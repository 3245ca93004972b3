/**
 * The admin area (003 §2): `/admin/` and everything below it. Admin-type users (EXER_ADMIN, EXER_SUPPORT)
 * get the shell with the admin sidebar; anyone else is redirected to the root (000 §6, 003 §2). The pages
 * themselves come in a later issue: until then each of the area's routes shows a placeholder.
 */
import type { SerializeFrom } from "../route-data";
import type { ReactNode } from "react";
import { isAdminType } from "../auth/roles";
import { authenticate, requireRole } from "../auth/current-user.server";
import { getConfig } from "../config.server";
import { shellRoute } from "../shell/shell-route";
import { buildLabel } from "../shell/nav";
import { adminNav, ADMIN_ROUTES } from "../shell/admin-nav";
import { sidebarFromCookieHeader } from "../shell/preferences";
import { Shell } from "../shell/shell";
import shellStyles from "../shell/shell.css?url";
import type { Route } from "./+types/admin";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

/** The session and the user, resolved once for every loader and action of the area (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, isAdminType);
  return { firstName: user.firstName, sidebar: sidebarFromCookieHeader(request.headers.get("Cookie")), buildLabel: buildLabel(getConfig().build) };
}

function AdminShell({ data, children }: { data: SerializeFrom<typeof loader>; children: ReactNode }) {
  return (
    <Shell items={adminNav()} navLabel="Admin" sidebar={data.sidebar} title="Exer Admin" homeHref={ADMIN_ROUTES.organizations} buildLabel={data.buildLabel}>
      {children}
    </Shell>
  );
}

const area = shellRoute<SerializeFrom<typeof loader>>("routes/admin", AdminShell);
export default area.Layout;
export const ErrorBoundary = area.ErrorBoundary;
