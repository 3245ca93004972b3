/**
 * The document's links as the server renders them (ADR 038): the matched routes' stylesheets carried inline with the
 * response's nonce when the build has them, the other links (and a sheet the build has not) as `<link>`s — the same
 * descriptors, in the same order, as React Router's `<Links>`, up to the route that shows an error.
 */
import { createElement, type ContextType, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_DataRouterDataContext, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext, type LinkDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { DocumentLinks, InlineCssProvider } from "./document-links";

type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;
type RouterState = NonNullable<ContextType<typeof UNSAFE_DataRouterStateContext>>;
type RouterData = NonNullable<ContextType<typeof UNSAFE_DataRouterDataContext>>;

const LINKS: Record<string, LinkDescriptor[]> = {
  root: [
    { rel: "stylesheet", href: "/build/app-a.css" },
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ],
  "routes/_app": [{ rel: "stylesheet", href: "/build/shell-b.css" }],
  "routes/_app.patients._index": [
    { rel: "stylesheet", href: "/build/patients-c.css" },
    { rel: "stylesheet", href: "/build/app-a.css" }, // the same sheet again: once
  ],
};
const CSS: Record<string, string> = { "/build/app-a.css": "body{margin:0}", "/build/patients-c.css": ".list{gap:1rem}" };

function render({ inline = true, errors = null }: { inline?: boolean; errors?: Record<string, unknown> | null } = {}): string {
  const ids = Object.keys(LINKS);
  const framework = {
    manifest: { routes: Object.fromEntries(ids.map((id) => [id, { id, css: [] }])) },
    routeModules: Object.fromEntries(ids.map((id) => [id, { default: () => null, links: () => LINKS[id] }])),
  } as unknown as Framework;
  const state = { matches: ids.map((id) => ({ route: { id } })) } as unknown as RouterState;
  const data = { loaderData: {}, actionData: null, errors } as unknown as RouterData;
  const tree: ReactNode = createElement(
    UNSAFE_FrameworkContext.Provider,
    { value: framework },
    createElement(
      UNSAFE_DataRouterStateContext.Provider,
      { value: state },
      createElement(
        UNSAFE_DataRouterDataContext.Provider,
        { value: data },
        createElement(InlineCssProvider, { value: inline ? (href: string) => CSS[href] : undefined, children: createElement(DocumentLinks, { nonce: "n0nce" }) }),
      ),
    ),
  );
  return renderToStaticMarkup(tree);
}

// React hoists the icon's <link> (not a stylesheet) out of place; the styles and stylesheets stay in order.
const ICON = '<link nonce="" rel="icon" href="/favicon.svg" type="image/svg+xml"/>';
const withoutIcon = (html: string) => {
  expect(html).toContain(ICON);
  return html.replace(ICON, "");
};

describe("DocumentLinks on the server", () => {
  it("carries each stylesheet the build has inline, with the response's nonce, in the routes' order, once", () => {
    expect(withoutIcon(render())).toBe(
      '<style data-href="/build/app-a.css" nonce="n0nce">body{margin:0}</style>' +
        '<link nonce="" rel="stylesheet" href="/build/shell-b.css"/>' + // not in the build's reader: a link
        '<style data-href="/build/patients-c.css" nonce="n0nce">.list{gap:1rem}</style>',
    );
  });

  it("renders links, as React Router's <Links>, when nothing is carried inline (development)", () => {
    expect(withoutIcon(render({ inline: false }))).toBe(
      '<link nonce="" rel="stylesheet" href="/build/app-a.css"/><link nonce="" rel="stylesheet" href="/build/shell-b.css"/><link nonce="" rel="stylesheet" href="/build/patients-c.css"/>',
    );
  });

  it("stops at the route that shows an error (its children do not render)", () => {
    const html = render({ errors: { "routes/_app": new Error("boom") } });
    expect(html).toContain('data-href="/build/app-a.css"');
    expect(html).toContain("shell-b.css");
    expect(html).not.toContain("patients-c.css");
  });
});
