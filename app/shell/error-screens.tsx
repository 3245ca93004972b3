/**
 * The unknown-URL page and the fatal-error screen (000 §2.1, §2.3, 003 §8). Rendered by the root's error
 * boundary (signed out: in the sign-in family's frame) and by the signed-in layouts' boundaries (inside the
 * shell, so the sidebar stays usable).
 */
import { isRouteErrorResponse, useLocation } from "react-router";

export const NOT_FOUND_MESSAGE = "Looks like our form is a little off. We had trouble finding that URL.";
export const FATAL_MESSAGE = "There was an issue we couldn't recover from.";

export type ErrorScreenKind =
  | { kind: "not-found" }
  | { kind: "forbidden"; message: string }
  | { kind: "unavailable"; message: string }
  /** A request the page could not use (an unreadable form: app/forms/read-form.server.ts), with its message. */
  | { kind: "bad-request"; message: string }
  /** A file (a PDF, a log, a CSV, an image) a browser navigated to and could not get (app/media/file-route.server.tsx). */
  | { kind: "file"; status: number; message: string }
  | { kind: "fatal" };

/** A 403 without a message of its own (an admin-only action refused to another role). */
export const FORBIDDEN_MESSAGE = "You do not have permission to do that.";

/** What to show for an error thrown by a loader, an action or a render. */
export function classifyError(error: unknown): ErrorScreenKind {
  if (isRouteErrorResponse(error) && error.status === 404) return { kind: "not-found" };
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message = error.data && typeof error.data === "object" && "message" in error.data ? String((error.data as { message: unknown }).message) : FORBIDDEN_MESSAGE;
    return { kind: "forbidden", message };
  }
  if (isRouteErrorResponse(error) && (error.status === 400 || error.status === 415) && error.data && typeof error.data === "object" && "message" in error.data) {
    return { kind: "bad-request", message: String((error.data as { message: unknown }).message) };
  }
  if (isRouteErrorResponse(error) && error.status === 503 && error.data && typeof error.data === "object" && "message" in error.data) {
    return { kind: "unavailable", message: String((error.data as { message: unknown }).message) };
  }
  return { kind: "fatal" };
}

export const errorTitle = (screen: ErrorScreenKind) =>
  screen.kind === "file"
    ? screen.status === 404
      ? "Page not found"
      : screen.status === 403
        ? "Not allowed"
        : "Something went wrong"
    : screen.kind === "not-found"
      ? "Page not found" : screen.kind === "forbidden" ? "Not allowed" : screen.kind === "unavailable" ? "Unable to connect" : screen.kind === "bad-request" ? "Request not understood" : "Something went wrong";

/** The error screen's content (the caller supplies the frame). */
export function ErrorScreen({ screen, bare = false }: { screen: ErrorScreenKind; /** The frame already shows the title. */ bare?: boolean }) {
  const heading = bare ? null : <h1>{errorTitle(screen)}</h1>;
  if (screen.kind === "not-found") {
    return (
      <div className="error-screen">
        {heading}
        <p>{NOT_FOUND_MESSAGE}</p>
        <p>
          <a href="/" className="button primary">
            Go to the homepage
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="error-screen">
      {heading}
      <p role="alert">{screen.kind === "unavailable" || screen.kind === "forbidden" || screen.kind === "bad-request" || screen.kind === "file" ? screen.message : FATAL_MESSAGE}</p>
      <ReloadButtons home={screen.kind !== "unavailable"} />
    </div>
  );
}

/** 'Go Home' and 'Reload this page.': plain GET forms, so both are full page loads, with or without JavaScript. */
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
