/**
 * The document's links — React Router's `<Links>` (the route modules' `links` and the manifest's css of the matched
 * routes, up to the route that shows an error) — with the stylesheets of the first document carried inline (ADR 038,
 * "content at one round trip"): on a slow link a `<link rel="stylesheet">` is a render-blocking request of its own,
 * one more round trip before the first paint, and over HTTP/1.1 it shares the link with the scripts. The server
 * renders each sheet the build has (server/inline-css.ts, through the request's context) as
 * `<style data-href nonce>` with its text; the browser's first render finds those elements and renders the same, so
 * hydration matches, and keeps their text for a later render of the same sheet (a route left and entered again).
 * A sheet that is not inline (development; a later page's sheet after a client navigation) is a `<link>` as before.
 *
 * The nonce: `style-src` takes inline styles with the response's nonce only. The browser hides the attribute's value
 * from scripts but keeps it on the element's `nonce` property, which the client renders again (a `<style>` React
 * creates later needs it); hydration leaves attributes as the server wrote them.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { PrefetchPageLinks, UNSAFE_DataRouterDataContext, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext, type LinkDescriptor, type PageLinkDescriptor } from "react-router";
import { compareKeys } from "../domain/collate";

type InlineCss = (href: string) => string | undefined;

/** The attribute naming the sheet an inline `<style>` carries (its file's URL). */
export const INLINE_HREF_ATTRIBUTE = "data-href";

const InlineCssContext = createContext<InlineCss | undefined>(undefined);

/** Server: the reader of the build's stylesheets for this document. */
export function InlineCssProvider({ value, children }: { value: InlineCss | undefined; children: ReactNode }) {
  return <InlineCssContext.Provider value={value}>{children}</InlineCssContext.Provider>;
}


interface Inlined {
  css: string;
  nonce: string;
}

let inDocument: Map<string, Inlined> | undefined;
/** Browser: the sheets the server's document carried inline (read once, at the first render: hydration). */
function inlinedInDocument(): Map<string, Inlined> {
  if (!inDocument) {
    inDocument = new Map();
    for (const el of document.querySelectorAll<HTMLStyleElement>(`style[${INLINE_HREF_ATTRIBUTE}]`)) {
      inDocument.set(el.getAttribute(INLINE_HREF_ATTRIBUTE)!, { css: el.textContent ?? "", nonce: el.nonce ?? "" });
    }
  }
  return inDocument;
}

const isPageLink = (d: LinkDescriptor): d is PageLinkDescriptor => typeof (d as { page?: unknown }).page === "string";

/** The matched routes' link descriptors, deduplicated, as React Router's `<Links>` computes them. */
function useRouteLinks(): { key: string; link: LinkDescriptor }[] {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  const data = useContext(UNSAFE_DataRouterDataContext);
  if (!framework || !state || !data) throw new Error("DocumentLinks renders inside React Router's framework mode");
  const { manifest, routeModules } = framework;
  const all = state.matches;
  const errors = data.errors;
  return useMemo(() => {
    const end = errors ? all.findIndex((m) => errors[m.route.id] !== undefined) : -1;
    const matches = end >= 0 ? all.slice(0, end + 1) : all;
    const seen = new Set<string>();
    const links: { key: string; link: LinkDescriptor }[] = [];
    for (const m of matches) {
      const css = (manifest.routes[m.route.id]?.css ?? []).map((href): LinkDescriptor => ({ rel: "stylesheet", href }));
      for (const link of [...css, ...(routeModules[m.route.id]?.links?.() ?? [])]) {
        const key = JSON.stringify(Object.fromEntries(Object.entries(link).sort(([a], [b]) => compareKeys(a, b))));
        if (seen.has(key)) continue;
        seen.add(key);
        links.push({ key, link });
      }
    }
    return links;
  }, [all, errors, manifest, routeModules]);
}

/** In place of `<Links />` in the document's `<head>`. `nonce` is the response's (server); `<link>`s need none. */
export function DocumentLinks({ nonce }: { nonce: string | undefined }) {
  const links = useRouteLinks();
  const serverCss = useContext(InlineCssContext);
  // Development only: the styles React Router's dev server gathers against a flash of unstyled content (as <Links>;
  // the development CSP takes inline styles without a nonce).
  const criticalCss = useContext(UNSAFE_FrameworkContext)?.criticalCss;
  const onServer = typeof document === "undefined";
  return (
    <>
      {typeof criticalCss === "string" ? <style data-react-router-critical-css="" nonce="" dangerouslySetInnerHTML={{ __html: criticalCss }} /> : null}
      {criticalCss && typeof criticalCss === "object" ? <link data-react-router-critical-css="" rel="stylesheet" href={criticalCss.href} nonce="" /> : null}
      {links.map(({ key, link }) => {
        if (isPageLink(link)) return <PrefetchPageLinks key={key} {...link} />;
        if (link.rel === "stylesheet" && typeof link.href === "string") {
          const inline: Inlined | undefined = onServer ? (serverCss && nonce ? mapCss(serverCss(link.href), nonce) : undefined) : inlinedInDocument().get(link.href);
          if (inline) {
            const props = { [INLINE_HREF_ATTRIBUTE]: link.href };
            return <style key={key} {...props} nonce={inline.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: inline.css }} />;
          }
        }
        return <link key={key} nonce="" {...link} />;
      })}
    </>
  );
}

const mapCss = (css: string | undefined, nonce: string): Inlined | undefined => (css === undefined ? undefined : { css, nonce });
