/**
 * The admin area (003 §2): `/admin/` and everything below it. Admin-type users (EXER_ADMIN, EXER_SUPPORT)
 * get the shell with the admin sidebar; anyone else is redirected to the root (000 §6, 003 §2). The pages
 * themselves come in a later issue: until then each of the area's routes shows a placeholder.
 */
import type { LinksFunction, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { isAdminType } from "../auth/roles";
import { requireRole } from "../auth/user.server";
import { AuthLayout } from "../ui/auth-layout";
import { InactivityWarning } from "../ui/inactivity-warning";
import { classifyError, ErrorScreen, errorTitle } from "../ui/shell/error-screens";
import { adminNav, ADMIN_ROUTES } from "../ui/shell/nav";
import { sidebarFromCookieHeader } from "../ui/shell/preferences";
import { Shell } from "../ui/shell/shell";
import shellStyles from "../styles/shell.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, isAdminType);
  return { firstName: user.firstName, sidebar: sidebarFromCookieHeader(request.headers.get("Cookie")) };
}

function AdminShell({ data, children }: { data: SerializeFrom<typeof loader>; children: ReactNode }) {
  return (
    <Shell items={adminNav()} navLabel="Admin" sidebar={data.sidebar} title="Exer Admin" homeHref={ADMIN_ROUTES.organizations}>
      {children}
    </Shell>
  );
}

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <AdminShell data={data}>
        <Outlet />
      </AdminShell>
      <InactivityWarning />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  const screen = classifyError(error);
  if (!data) {
    return (
      <AuthLayout title={errorTitle(screen)}>
        <ErrorScreen screen={screen} bare />
      </AuthLayout>
    );
  }
  return (
    <AdminShell data={data}>
      <ErrorScreen screen={screen} />
    </AdminShell>
  );
}
