/**
 * The signed-in part of the portal. Every page under this layout requires a user with a known role and renders
 * inside the shell (000 §2.2): the sidebar by the user's products and role, the header with the global filter,
 * the toasts (root), and a warning before the inactivity logoff. Errors of the pages below render inside the
 * shell, as does the unknown-URL page (routes/_app.$.tsx). Its middleware resolves the session and the user once
 * per request (ADR 037: every loader and action below reads them with `currentUser(context)`) and refuses every
 * change by a read-only role (support staff: ADR 026) before any action below runs.
 */
import { Suspense, type ReactNode } from "react";
import { authenticate } from "../auth/current-user.server";
import { refuseReadOnlyChanges } from "../auth/read-only.server";
import { shellRoute } from "../shell/shell-route";
import { portalNav, ROUTES } from "../shell/nav";
import { loadPortalShell, type PortalShellData } from "../shell/shell-loader.server";
import { Shell } from "../shell/shell";
import shellStyles from "../shell/shell.css?url";
import type { Route } from "./+types/_app";
import { lazyPart } from "../components/lazy-part";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

/** The session and the user, resolved once for every loader and action below (ADR 037); then a read-only role's changes refused. */
export const middleware: Route.MiddlewareFunction[] = [authenticate, refuseReadOnlyChanges];

export const loader = loadPortalShell;

// The filter controls load after the page is interactive (ADR 038): the server renders them and React keeps that HTML
// — the form they are without JavaScript, which posts and redirects back — until their code has come.
const FilterControls = lazyPart(() => import("../shell/filter-controls").then((m) => ({ default: m.FilterControls })));

function PortalShell({ data, children }: { data: PortalShellData; children: ReactNode }) {
  return (
    <Shell
      items={portalNav(data.nav)}
      navLabel="Main"
      sidebar={data.sidebar}
      title={data.user.organization.name}
      logoUrl={data.user.organization.webLogoUrl}
      homeHref={ROUTES.home}
      buildLabel={data.buildLabel}
      tools={
        <Suspense fallback={null}>
          <FilterControls {...data.filter} />
        </Suspense>
      }
    >
      {children}
    </Shell>
  );
}

const area = shellRoute<PortalShellData>("routes/_app", PortalShell);
export default area.Layout;
export const ErrorBoundary = area.ErrorBoundary;
