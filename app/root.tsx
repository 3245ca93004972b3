/**
 * The document: head, the toast region, the page (`<Outlet />`), scripts with the CSP nonce. Signed-in
 * pages render inside routes/_app.tsx (the shell's slot). The error boundary shows the spec's not-found and
 * fatal-error screens.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getConfig, publicConfig } from "./config.server";
import { activeAuth } from "./auth/user.server";
import { getSession } from "./auth/session.server";
import { useNonce } from "./ui/nonce";
import { ToastRegion } from "./ui/toast";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Exer Provider Portal" },
  { name: "description", content: "Motion intelligence software for the modern health enterprise." },
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
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <ToastRegion toast={toast} />
      <Outlet />
    </>
  );
}

export const NOT_FOUND_MESSAGE = "Looks like our form is a little off. We had trouble finding that URL.";
export const FATAL_MESSAGE = "There was an issue we couldn't recover from.";

/** Buttons that reload (plain GET forms: full page loads, with or without JavaScript). */
function ReloadButtons({ home }: { home: boolean }) {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)];
  return (
    <div className="error-actions">
      {home ? (
        <form method="get" action="/">
          <button type="submit" className="button primary">
            Go Home
          </button>
        </form>
      ) : null}
      <form method="get" action={location.pathname}>
        {params.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <button type="submit" className="button">
          Reload this page.
        </button>
      </form>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="error-page">
        <h1>Page not found</h1>
        <p>{NOT_FOUND_MESSAGE}</p>
        <p>
          <a href="/">Go to the homepage</a>
        </p>
      </main>
    );
  }
  const message =
    isRouteErrorResponse(error) && error.status === 503 && error.data && typeof error.data === "object" && "message" in error.data
      ? String((error.data as { message: unknown }).message)
      : null;
  return (
    <main id="main" className="error-page">
      <h1>{message ? "Unable to connect" : "Something went wrong"}</h1>
      <p role="alert">{message ?? FATAL_MESSAGE}</p>
      <ReloadButtons home={!message} />
    </main>
  );
}
