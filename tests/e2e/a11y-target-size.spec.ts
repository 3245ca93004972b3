/**
 * The accessibility check leaves axe's `target-size` rule out on a page where targetSizeSuspects (helpers/a11y.ts)
 * finds no control that could fail it. That is only sound if the shortcut never lets through what axe fails: here,
 * on small pages made for it, what it finds is held to what axe says — it must flag every page axe fails, and on each
 * page it lets through axe must find nothing. Project `js` only: it runs in the page.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.js";
import { targetSizeSuspects } from "./helpers/a11y.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's `target-size` alone: the controls it fails. */
async function axeFails(page: Page): Promise<number> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { nodes: unknown[] }[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "rule", values: ["target-size"] }, resultTypes: ["violations"] });
    return results.violations.reduce((n, v) => n + v.nodes.length, 0);
  });
}

const BASE = "<style>body { margin: 20px; font: 16px/1.5 sans-serif; } button { padding: 0; border: 1px solid; }</style>";

const PAGES: { name: string; html: string; suspect: boolean }[] = [
  {
    name: "controls of 40 px and more, apart",
    html: `<button style="width:40px;height:40px">A</button> <button style="width:40px;height:40px">B</button><p><a href="/x" style="display:inline-block;padding:8px 12px">A link of its own</a></p><input aria-label="Name" style="height:32px">`,
    suspect: false,
  },
  {
    name: "two 16 px buttons side by side",
    html: `<button style="width:16px;height:16px">a</button><button style="width:16px;height:16px;margin-left:2px">b</button>`,
    suspect: true,
  },
  {
    name: "a control mostly covered by a later one",
    html: `<div style="position:relative"><button style="width:40px;height:40px">A</button><button style="position:absolute;left:0;top:0;width:40px;height:30px">B</button></div>`,
    suspect: true,
  },
  {
    name: "rows whose later row covers 10 px of the one before (painted above it, as in axe)",
    html: `<nav>${Array.from({ length: 4 }, (_, i) => `<a href="/row/${i}" style="display:block;height:40px;margin-bottom:-10px;border:1px solid">Row ${i}</a>`).join("")}</nav>`,
    suspect: false,
  },
  {
    name: "rows that leave 20 px free",
    html: `<nav>${Array.from({ length: 4 }, (_, i) => `<a href="/row/${i}" style="display:block;height:40px;margin-bottom:-20px;border:1px solid">Row ${i}</a>`).join("")}</nav>`,
    suspect: true,
  },
  {
    name: "small controls in a drawer that is hidden",
    html: `<div style="visibility:hidden"><button style="width:10px;height:10px">x</button><button style="width:10px;height:10px">y</button></div><button style="width:40px;height:40px">Open</button>`,
    suspect: false,
  },
  {
    name: "small controls in an inert part",
    html: `<div inert><button style="width:10px;height:10px">x</button><button style="width:10px;height:10px">y</button></div><button style="width:40px;height:40px">Close</button>`,
    suspect: false,
  },
  {
    name: "a link inside text (axe exempts it; the shortcut runs the rule)",
    html: `<p>Read the <a href="/terms">terms</a> first.</p>`,
    suspect: true,
  },
];

test.describe("the accessibility check's target-size shortcut", () => {
  for (const { name, html, suspect } of PAGES) {
    test(`@js-only ${name}`, async ({ page }) => {
      await page.setContent(`<!doctype html><html lang="en"><head><title>t</title>${BASE}</head><body><main>${html}</main></body></html>`);
      const suspects = await page.evaluate(targetSizeSuspects);
      const failed = await axeFails(page);
      expect(suspects.length > 0, `suspects: ${suspects.join("; ")}`).toBe(suspect);
      // Sound: a page the shortcut lets through is one axe passes.
      if (!suspects.length) expect(failed).toBe(0);
    });
  }
  test("@js-only the pages axe fails are among those it flags", async ({ page }) => {
    let axeFailed = 0;
    for (const { html } of PAGES) {
      await page.setContent(`<!doctype html><html lang="en"><head><title>t</title>${BASE}</head><body><main>${html}</main></body></html>`);
      if (await axeFails(page)) {
        axeFailed++;
        expect(await page.evaluate(targetSizeSuspects), html).not.toEqual([]);
      }
    }
    // The pages above include ones axe fails (else this would hold for nothing).
    expect(axeFailed).toBeGreaterThanOrEqual(2);
  });
});
