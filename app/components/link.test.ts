/**
 * The server's Link renders what React Router's Link renders on the server, byte for byte, for the portal's shapes of
 * link (hydration then finds the anchor Link would have made), and leaves every other shape to Link.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink, StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink, plainPath, type LinkProps } from "./link";

/** `element` rendered on the server inside a router at /patients/ (as a route's component). */
async function render(element: ReactNode): Promise<string> {
  const { query, dataRoutes } = createStaticHandler([{ path: "/patients/*", Component: () => element }]);
  const context = await query(new Request("http://localhost/patients/?tab=active"));
  if (context instanceof Response) throw new Error("the route answered a Response");
  return renderToStaticMarkup(h(StaticRouterProvider, { router: createStaticRouter(dataRoutes, context), context, hydrate: false }));
}

const SHAPES: LinkProps[] = [
  { to: "/patients/", children: "Patients" },
  { to: "/", children: "Home", className: "sidebar-brand", "data-tooltip": "Exer" } as LinkProps,
  { to: "/patients/8656e547-c35b-4c72-a63e-5b474f9299da/?dialog=discharge", children: "Discharge", preventScrollReset: true },
  { to: "/patients/?tab=active&sort=name&dir=asc", className: "sort-link", preventScrollReset: true, children: ["Name", h("span", { key: "s", "aria-hidden": "true" }, "▲")] },
  { to: "/patients/?tab=active&page=2", rel: "next", "aria-label": "Next page", className: "pager-link", children: "›" },
  { to: "/patients/?tab=active", "aria-current": "page", className: "tab", children: "Active" },
  { to: "/reports/x.pdf", reloadDocument: true, download: "x.pdf", children: "Download" },
  { to: "/help/#section", target: "_blank", rel: "noreferrer", replace: true, state: { from: "list" }, children: "Help" },
  { to: "/user/account/info/", discover: "none", viewTransition: true, onClick: () => undefined, children: "Account" },
];

describe("the server's Link", () => {
  it.each(SHAPES.map((props) => [String(props.to), props] as const))("renders %s as React Router's Link does", async (_to, props) => {
    const ours = await render(h(ServerLink, props));
    const theirs = await render(h(RouterLink, props));
    expect(ours).toBe(theirs);
    expect(ours).toContain(`href="${String(props.to).replaceAll("&", "&amp;")}"`);
  });

  it("takes the short way only for plain paths from the root", () => {
    for (const to of ["/", "/patients/", "/patients/a/b?x=1", "/a?x=1#h", "/a#h", "/a/file.pdf", "/a/.well-known/x"]) expect(plainPath(to), to).toBe(true);
    for (const to of ["", "patients/", "./a", "../a", "//host/a", "https://example.com/", "/a/../b", "/a/./b", "/a/..", "/a//b", "/a?", "/a?#h", "/a#", "/a?x=1#"]) expect(plainPath(to), to).toBe(false);
  });

  it("leaves every other shape to React Router's Link (the same markup)", async () => {
    const others: LinkProps[] = [
      { to: "details/", children: "Relative" },
      { to: "/a/../b/", children: "Dots" },
      { to: { pathname: "/patients/", search: "?tab=discharged" }, children: "Object" },
      { to: "/patients/", prefetch: "intent", children: "Prefetched" },
      { to: "/patients/", relative: "path", children: "Relative to the path" },
      { to: "https://help.example.com", children: "External" },
    ];
    for (const props of others) expect(await render(h(ServerLink, props))).toBe(await render(h(RouterLink, props)));
  });
});
