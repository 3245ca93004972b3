/**
 * A list or section whose data could not be loaded: the spec's message as a heading, and a link that loads
 * the same URL again as a full page (with or without JavaScript). Announced as an alert.
 */
import { Link } from "./link";

export interface LoadErrorViewProps {
  /** The spec's message ('Could not get locations.' …). */
  message: string;
  /** The URL to load again (the page's current state). */
  retryHref: string;
  retryLabel?: "Try again" | "Reload this page";
  /** The heading's level under the page's own headings (a section's list: 3). */
  level?: 2 | 3;
  /** A line under the heading ('Please try again.'), or none. */
  hint?: string | null;
}

export function LoadErrorView({ message, retryHref, retryLabel = "Try again", level = 2, hint = "Please try again." }: LoadErrorViewProps) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <div className="error-view" role="alert">
      <Heading>{message}</Heading>
      {hint ? <p>{hint}</p> : null}
      <Link className="button" to={retryHref} reloadDocument>
        {retryLabel}
      </Link>
    </div>
  );
}
