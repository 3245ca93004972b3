/**
 * The layout component and error boundary of a signed-in area (the portal, the admin area): the area's shell
 * around its pages, the inactivity warning, and errors of the pages below rendered inside the shell — or in
 * the plain sign-in frame when the layout's own data (the user) could not be loaded.
 */
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import type { ComponentType, ReactNode } from "react";
import { AuthLayout } from "../components/auth-layout";
import { InactivityWarning } from "./inactivity-warning";
import { classifyError, ErrorScreen, errorTitle } from "./error-screens";

export function shellRoute<D>(routeId: string, AreaShell: ComponentType<{ data: D; children: ReactNode }>) {
  function Layout() {
    const data = useLoaderData() as D;
    return (
      <>
        <AreaShell data={data}>
          <Outlet />
        </AreaShell>
        <InactivityWarning />
      </>
    );
  }

  function ErrorBoundary() {
    const error = useRouteError();
    const data = useRouteLoaderData(routeId) as D | undefined;
    const screen = classifyError(error);
    if (!data) {
      return (
        <AuthLayout title={errorTitle(screen)}>
          <ErrorScreen screen={screen} bare />
        </AuthLayout>
      );
    }
    return (
      <AreaShell data={data}>
        <ErrorScreen screen={screen} />
      </AreaShell>
    );
  }

  return { Layout, ErrorBoundary };
}
