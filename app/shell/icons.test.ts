import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Icon, ICON_NAMES, type AnyIcon } from "./icons";
import type { IconName } from "./nav";

const css = readFileSync(new URL("./shell.css", import.meta.url), "utf8");
const drawn = new Map([...css.matchAll(/^\.icon-([a-z]+) \{ --icon: url\("data:image\/svg\+xml,([^"]+)"\); \}$/gm)].map((m) => [m[1]!, m[2]!]));

describe("icons", () => {
  it("every icon has its drawing in the shell's stylesheet, and every drawing is an icon", () => {
    expect([...drawn.keys()].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("each drawing is an SVG of the same view box and strokes, with nothing that runs or loads", () => {
    for (const [name, uri] of drawn) {
      const svg = decodeURIComponent(uri);
      expect(svg, name).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='1\.8' stroke-linecap='round' stroke-linejoin='round'>.*<\/svg>$/);
      expect(svg, name).not.toMatch(/script|href|url\(|on[a-z]+=/i);
      // Only the characters a CSS string in a data URI may hold unescaped (quotes are single; # escaped).
      expect(uri, name).not.toMatch(/["#<>]/);
    }
  });

  it("renders an empty element named after its drawing, hidden from assistive technology", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "home" }))).toBe('<span class="icon icon-home" aria-hidden="true"></span>');
    expect(renderToStaticMarkup(createElement(Icon, { name: "chevron", className: "chevron" }))).toBe('<span class="icon icon-chevron chevron" aria-hidden="true"></span>');
  });

  it("every sidebar item's icon is one of them (and the compiler checks it too: `npm run typecheck` fails otherwise)", () => {
    const sidebarIcons: readonly AnyIcon[] = [] as IconName[];
    expect(sidebarIcons).toEqual([]);
    const nav = readFileSync(new URL("./nav.ts", import.meta.url), "utf8");
    const union = /export type IconName =([^;]+);/.exec(nav)?.[1] ?? "";
    const names = [...union.matchAll(/"([a-z]+)"/g)].map((m) => m[1]!);
    expect(names.length, "IconName's members").toBeGreaterThan(20);
    for (const name of names) expect(ICON_NAMES, name).toContain(name);
  });
});
