import { createElement as h, createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DrawerBackdrop, DrawerClose, DrawerOpener, useDrawer, type Drawer } from "./drawer";

const drawer = (over: Partial<Drawer>): Drawer => ({
  hydrated: false,
  open: false,
  show: () => {},
  close: () => {},
  dismiss: () => {},
  onKeyDown: () => {},
  opener: createRef(),
  closer: createRef(),
  ...over,
});
const controls = (d: Drawer) =>
  renderToStaticMarkup(
    h("div", null, h(DrawerOpener, { drawer: d, controls: "panel", className: "button panel-open", children: "Filters" }), h(DrawerClose, { drawer: d, label: "Close filters", className: "panel-close" }), h(DrawerBackdrop, { drawer: d, className: "panel-backdrop" })),
  );

describe("a :target drawer's controls", () => {
  it("without JavaScript are links: to the drawer (opens it as the :target) and to '#' (closes it)", () => {
    const html = controls(drawer({}));
    expect(html).toContain('<a class="button panel-open" href="#panel">Filters</a>');
    expect(html).toContain('<a href="#" class="icon-button panel-close" aria-label="Close filters"><span aria-hidden="true">×</span></a>');
    expect(html).toContain('<a href="#" class="panel-backdrop" aria-hidden="true" tabindex="-1"></a>');
    expect(html).not.toContain("<button");
  });

  it("with JavaScript are buttons: the opener says what it controls and whether it is open; the backdrop shows while open", () => {
    const closed = controls(drawer({ hydrated: true }));
    expect(closed).toContain('<button type="button" class="button panel-open" aria-expanded="false" aria-controls="panel">Filters</button>');
    expect(closed).toContain('<button type="button" class="icon-button panel-close" aria-label="Close filters"><span aria-hidden="true">×</span></button>');
    expect(closed).toContain('<div class="panel-backdrop" aria-hidden="true"></div>');
    const open = controls(drawer({ hydrated: true, open: true }));
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('<div class="panel-backdrop is-open" aria-hidden="true"></div>');
  });

  it("the close control takes an icon of its own, and the opener a label", () => {
    const d = drawer({});
    expect(renderToStaticMarkup(h(DrawerClose, { drawer: d, label: "Close menu", className: "drawer-close", children: h("svg") }))).toBe('<a href="#" class="icon-button drawer-close" aria-label="Close menu"><svg></svg></a>');
    expect(renderToStaticMarkup(h(DrawerOpener, { drawer: d, controls: "sidebar", className: "menu-button", label: "Open menu", children: "≡" }))).toBe('<a class="menu-button" href="#sidebar" aria-label="Open menu">≡</a>');
  });

  it("useDrawer starts closed, and not hydrated on the server", () => {
    let seen: Drawer | undefined;
    const Probe = () => {
      seen = useDrawer();
      return null;
    };
    renderToStaticMarkup(h(Probe));
    expect(seen).toMatchObject({ hydrated: false, open: false });
  });
});
