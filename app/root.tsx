/**
 * The document: head, the progress indicator, the toast region, the page (`<Outlet />`), scripts with the CSP nonce. Signed-in
 * pages render inside routes/_app.tsx (the shell's slot). The error boundary shows the spec's not-found and
 * fatal-error screens.
 */
import { type LinksFunction, type LoaderFunctionArgs, Meta, type MiddlewareFunction, type MetaFunction, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useLoaderData, useRouteError } from "react-router";
import type { ReactNode } from "react";
import { getConfig, publicConfig } from "./config.server";
import { activeAuth, guardSession } from "./auth/user.server";
import { getSession } from "./auth/session.server";
import { useNonce } from "./components/nonce";
import { ToastRegion } from "./components/toast";
import { AuthLayout } from "./components/auth-layout";
import { classifyError, ErrorScreen, errorTitle } from "./shell/error-screens";
import { ProgressIndicator } from "./shell/progress";
import { DocumentLinks } from "./shell/document-links";
import appStyles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Exer Provider Portal" },
  { name: "description", content: "Motion intelligence software for the modern health enterprise." },
];

/**
 * Before any loader or action of any route (pages, data requests, resource routes): a timed-out or revoked session
 * ends here, so nothing is served under it (ADR 025).
 */
export const middleware: MiddlewareFunction<Response>[] = [
  async ({ request, context }, next) => {
    await guardSession(request, context);
    return next();
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = getSession(request, context);
  const signedIn = activeAuth(session) !== undefined;
  const toast = session.takeFlash("toast") ?? null;
  return { ENV: publicConfig(getConfig()), signedIn, toast };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The routes' links (React Router's <Links>), the stylesheets carried inline with the response's nonce on the
            first document, so that it paints without another round trip (ADR 038); the icon and a later page's sheets
            are same-origin links (CSP style-src 'self') and need no nonce. */}
        <DocumentLinks nonce={nonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <ProgressIndicator />
      <ToastRegion toast={toast} />
      <Outlet />
    </>
  );
}

export { FATAL_MESSAGE, NOT_FOUND_MESSAGE } from "./shell/error-screens";

/**
 * The root's loader runs on every navigation: a toast flashed by any loader or action (not only those after
 * a form post) reaches the toast region. It is cheap (configuration and the session cookie, no API call).
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/** Errors outside the signed-in layouts (which show theirs inside the shell): in the sign-in family's frame. */
export function ErrorBoundary() {
  const screen = classifyError(useRouteError());
  return (
    <AuthLayout title={errorTitle(screen)}>
      <ErrorScreen screen={screen} bare />
    </AuthLayout>
  );
}
