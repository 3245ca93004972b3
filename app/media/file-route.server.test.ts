import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { FATAL_MESSAGE, NOT_FOUND_MESSAGE } from "../shell/error-screens";
import { fileRoute, isNavigation } from "./file-route.server";
import appStyles from "../styles/app.css?url";

/** The text as the page's HTML writes it. */
const html = (text: string) => text.replace(/'/g, "&#x27;");

const URL_ = "http://portal.test/rtm-billing/cycles/11111111-1111-4111-8111-111111111111.pdf";
/** What a browser sends when a link to the file is opened. */
const navigation = () => new Request(URL_, { headers: { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
/** What a script's fetch sends. */
const fetchCall = () => new Request(URL_, { headers: { "Sec-Fetch-Mode": "cors", Accept: "*/*" } });
const run = (loader: () => Promise<Response>, request: Request, failed?: string) => fileRoute(loader, failed ? { failed } : {})({ request });

describe("file routes answer a failed navigation with a page in the portal's design", () => {
  it("a thrown data(null, 404) (React Router answered it as {'message':'Unexpected Server Error','stack':…}): the page with the spec's words, 404", async () => {
    const res = await run(async () => { throw data(null, { status: 404 }); }, navigation(), "Failed to fetch PDF");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    // The portal's stylesheet (vitest leaves the CSS out: its URL is "" here; the build's hashed file otherwise).
    expect(html).toContain(appStyles ? `<link rel="stylesheet" href="${appStyles}"/>` : '<link rel="stylesheet"/>');
    expect(html).toContain('class="auth-card"');
    expect(html).toContain("<h1>Page not found</h1>");
    expect(html).toContain('<p role="alert">Failed to fetch PDF</p>');
    expect(html).toContain("Go Home");
    expect(html).not.toMatch(/stack|Unexpected Server Error/);
  });

  it("a JSON refusal keeps its message (a log: 'No pose logs available'); a script's request gets it as {message}", async () => {
    const refuse = async () => Response.json({ message: "No pose logs available" }, { status: 404 });
    const page = await run(refuse, navigation());
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<p role="alert">No pose logs available</p>');
    const json = await run(refuse, fetchCall());
    expect(json.status).toBe(404);
    expect(await json.json()).toEqual({ message: "No pose logs available" });
    const thrown = await run(async () => { throw Response.json({ message: "The log store did not answer." }, { status: 502 }); }, navigation());
    expect(thrown.status).toBe(502);
    const html = await thrown.text();
    expect(html).toContain("<h1>Something went wrong</h1>");
    expect(html).toContain("The log store did not answer.");
    expect(html).toContain("Reload this page.");
  });

  it("without a message: the not-found words for 404, the fatal words otherwise; an exception is a 500 page without its stack", async () => {
    expect(await (await run(async () => { throw data(null, { status: 404 }); }, navigation())).text()).toContain(NOT_FOUND_MESSAGE);
    expect(NOT_FOUND_MESSAGE).not.toContain("'");
    const crash = await run(async () => { throw new Error("secret detail at file.ts:12"); }, navigation());
    expect(crash.status).toBe(500);
    const page = await crash.text();
    expect(page).toContain(html(FATAL_MESSAGE));
    expect(page).not.toContain("secret detail");
    const json = await run(async () => { throw new Error("secret"); }, fetchCall());
    expect(await json.json()).toEqual({ message: FATAL_MESSAGE });
  });

  it("a file, a redirect (sign-in, a toast back on the list) pass through", async () => {
    const pdf = new Response("%PDF", { headers: { "Content-Type": "application/pdf" } });
    expect(await run(async () => pdf, navigation())).toBe(pdf);
    await expect(run(async () => { throw redirect("/user/login/"); }, navigation())).rejects.toMatchObject({ status: 302 });
  });

  it("tells a navigation from a script's request, also without Sec-Fetch headers", () => {
    expect(isNavigation(navigation())).toBe(true);
    expect(isNavigation(fetchCall())).toBe(false);
    expect(isNavigation(new Request(URL_, { headers: { Accept: "text/html" } }))).toBe(true);
    expect(isNavigation(new Request(URL_))).toBe(false);
  });
});

describe("every file route goes through fileRoute", () => {
  it("each route module without a page (a resource route) either answers through fileRoute or only redirects", () => {
    const dir = join(process.cwd(), "app", "routes");
    const resources = readdirSync(dir)
      .filter((f) => f.endsWith(".tsx"))
      .map((f) => ({ f, source: readFileSync(join(dir, f), "utf8") }))
      .filter(({ source }) => !/export default|export function ErrorBoundary/.test(source) && /export (const|async function|function) loader/.test(source));
    const files = resources.filter(({ source }) => source.includes("fileRoute(")).map(({ f }) => f);
    const others = resources.filter(({ source }) => !source.includes("fileRoute(")).map(({ f, source }) => ({ f, redirects: /redirect\(/.test(source), files: /new Response|Response\.json|Response>/.test(source) }));
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(others.filter((o) => !o.redirects || o.files)).toEqual([]);
    for (const f of readdirSync(dir).filter((f) => /\[\.(pdf|json|svg|csv|png)\]|\$export/.test(f))) expect(files, f).toContain(f);
  });
});
