/**
 * Every file route (a loader that answers a file, not a page: PDFs, logs, CSVs, images, downloads) goes through
 * `fileRoute`, so that a failure never reaches a person as React Router's raw answer of a resource route
 * (`{"message":"Unexpected Server Error","stack":…}` for a thrown `data()`, plain text for an exception) or as a
 * bare JSON refusal:
 *
 * - a browser navigation (a link opened in the tab or a new one, an address typed): a page in the portal's design
 *   (the sign-in family's frame, as the root's error boundary) with the spec's words and the failure's status
 *   (4xx as it is, anything else 5xx);
 * - any other request (the replay viewer's fetch, a script's download): `{ message }` with the same status, so
 *   the page can show the server's message (002 §8 'Failed log download: the server message in an alert').
 *
 * Redirects (sign-in, Post/Redirect/Get with a toast) pass through unchanged. Never cached.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { errorFields, log, redactPath } from "../log.server";
import { ErrorScreen, errorTitle, FATAL_MESSAGE, NOT_FOUND_MESSAGE, type ErrorScreenKind } from "../shell/error-screens";
import appStyles from "../styles/app.css?url";
import { requestUrl } from "../request-url";

export interface FileRouteOptions {
  /** The spec's words for any failure of this file (e.g. 'Failed to fetch PDF', 002 §8); without it, the answer's own message. */
  failed?: string;
}

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A request a browser makes to show the answer as a page (not a script's fetch nor an `<img>`). */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** A failure as the status and the message a person reads. */
interface Failure {
  status: number;
  message: string | null;
}

const messageOf = (body: unknown): string | null =>
  body && typeof body === "object" && "message" in body && typeof (body as { message: unknown }).message === "string" && (body as { message: string }).message.trim()
    ? (body as { message: string }).message.trim()
    : null;

/** An HTTP error status as it is; anything else (0, 2xx, 3xx without a location) as a failed gateway. */
const errorStatus = (status: number) => (status >= 400 && status <= 599 ? status : 502);

async function failureOfResponse(res: Response): Promise<Failure> {
  let message: string | null = null;
  if ((res.headers.get("Content-Type") ?? "").includes("json")) message = messageOf(await res.json().catch(() => null));
  else await res.body?.cancel().catch(() => {});
  return { status: errorStatus(res.status), message };
}

/** React Router's `data(value, init)` (its class is not exported). */
const isDataWithInit = (v: unknown): v is { data: unknown; init: ResponseInit | null } => !!v && typeof v === "object" && (v as { type?: unknown }).type === "DataWithResponseInit";

const isRedirect = (res: Response) => res.status >= 300 && res.status < 400 && res.headers.has("Location");

/** The page a person sees for a failed file: the error screen in the sign-in family's frame, with the stylesheet. */
export function fileErrorPage(request: Request, status: number, message: string): Response {
  const screen: ErrorScreenKind = { kind: "file", status, message };
  const title = errorTitle(screen);
  const url = requestUrl(request);
  const page: ReactElement = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Exer Provider Portal`}</title>
        <link rel="stylesheet" href={appStyles || undefined} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <MemoryRouter initialEntries={[`${url.pathname}${url.search}`]}>
          <AuthLayout title={title}>
            <ErrorScreen screen={screen} bare />
          </AuthLayout>
        </MemoryRouter>
      </body>
    </html>
  );
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(page)}`, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE, "X-Content-Type-Options": "nosniff" },
  });
}

/** A failure as the answer: a page for a navigation, `{ message }` for anything else. */
export function fileFailure(request: Request, failure: Failure, options: FileRouteOptions = {}): Response {
  const message = options.failed ?? failure.message ?? (failure.status === 404 ? NOT_FOUND_MESSAGE : FATAL_MESSAGE);
  if (isNavigation(request)) return fileErrorPage(request, failure.status, message);
  return Response.json({ message }, { status: failure.status, headers: NO_STORE });
}

/** Wraps a file route's loader (see the module's comment). */
export function fileRoute<A extends { request: Request }>(loader: (args: A) => Promise<Response> | Response, options: FileRouteOptions = {}) {
  return async (args: A): Promise<Response> => {
    const { request } = args;
    let failure: Failure;
    try {
      const res = await loader(args);
      if (res.status < 400) return res;
      failure = await failureOfResponse(res);
    } catch (thrown) {
      if (thrown instanceof Response) {
        if (isRedirect(thrown) || thrown.status < 300) throw thrown;
        failure = await failureOfResponse(thrown);
      } else if (isDataWithInit(thrown)) {
        failure = { status: errorStatus(thrown.init?.status ?? 500), message: messageOf(thrown.data) };
      } else {
        if (request.signal.aborted) throw thrown;
        log.error("file route failed", { path: redactPath(requestUrl(request).pathname), ...errorFields(thrown) });
        failure = { status: 500, message: null };
      }
    }
    return fileFailure(request, failure, options);
  };
}
