/**
 * The portal's `<Link>`: React Router's, except that the server renders a link to a path of the portal as the anchor
 * React Router's Link renders for it — the same element, attributes and order, so hydration finds what it would
 * have — without Link's hooks. On the server a Link only ever becomes markup, yet each one resolved its path against
 * the matched routes, built a click handler and read the location (useHref, useResolvedPath, useLinkClickHandler):
 * ~7% of the portal's CPU per patient-list page (~70 links: every row's name, menu and dialog links). In the browser
 * it is React Router's Link, with its client-side navigation, route discovery and prefetching.
 *
 * Only a plain case takes the short way: `to` a path from the root (`/…`, no `.`/`..` segments, no empty query or
 * hash), no prefetching, no mask, no relative resolution. Anything else is React Router's Link on the server too.
 * `link.test.ts` renders both for the portal's shapes of link and compares the markup.
 */
import { useContext, type ComponentProps } from "react";
// eslint-disable-next-line no-restricted-syntax -- the one place React Router's Link is imported (see above)
import { Link as RouterLink, UNSAFE_NavigationContext } from "react-router";

export type LinkProps = ComponentProps<typeof RouterLink>;

/** React Router's Link in the browser; on the server, `ServerLink` (the browser's build leaves that out). */
export const Link = (import.meta.env.SSR ? ServerLink : RouterLink) as typeof RouterLink;

/** The server's Link: the plain anchor where it can be, else React Router's Link. */
export function ServerLink(props: LinkProps) {
  const plain = useContext(UNSAFE_NavigationContext).basename === "/" ? plainAnchor(props) : undefined;
  return plain ?? <RouterLink {...props} />;
}

/**
 * Whether Link renders `to` as it is: a path from the root without empty or `.`/`..` segments (which it would
 * resolve), and a query and hash, if any, that are not empty (which it would drop).
 */
export function plainPath(to: string): boolean {
  if (!to.startsWith("/") || to.startsWith("//")) return false;
  const cut = to.search(/[?#]/);
  const path = cut < 0 ? to : to.slice(0, cut);
  const tail = cut < 0 ? "" : to.slice(cut);
  const segments = path.split("/");
  if (segments.some((s, i) => s === "." || s === ".." || (s === "" && i > 0 && i < segments.length - 1))) return false;
  return !(tail === "?" || tail.startsWith("?#") || tail.endsWith("#"));
}

/** The anchor React Router's Link renders on the server for `props`, or undefined when that takes its own work. */
function plainAnchor(props: LinkProps) {
  const {
    // What React Router's Link reads and does not pass on to its anchor.
    to,
    discover = "render",
    prefetch = "none",
    relative,
    mask,
    target,
    onClick: _onClick,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    children,
    ...rest
  } = props;
  if (typeof to !== "string" || !plainPath(to) || prefetch !== "none" || mask !== undefined || relative !== undefined) return undefined;
  // In Link's order: its other props, then href, target and data-discover (the server renders no ref or handler).
  return (
    <a {...rest} href={to} target={target} data-discover={discover === "render" ? "true" : undefined}>
      {children}
    </a>
  );
}
