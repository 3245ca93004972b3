import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptyList, isPastEnd, jumpTarget, OpenPager, Pager, pastEndMessage, type PageMetadata } from "./pager";

const meta = (m: Partial<PageMetadata>): PageMetadata => ({ totalItems: 70, itemCount: 0, itemsForPage: 15, totalPages: 5, ...m });
const hrefFor = (p: number) => `/admin/scan/sessions/?page=${p}`;
// A data router: the "Go to page" form is React Router's <Form>.
const render = (el: unknown, props: object) =>
  renderToStaticMarkup(createElement(RouterProvider, { router: createMemoryRouter([{ path: "*", element: createElement(el as FunctionComponent<object>, props) }]) }));
const noun: [string, string] = ["session", "sessions"];

describe("a page past the end of a paged list (e.g. ?page=6 of 5)", () => {
  it("is told apart from an empty list and from a real page", () => {
    expect(isPastEnd(6, meta({}))).toBe(true);
    expect(isPastEnd(5, meta({ itemCount: 10 }))).toBe(false);
    expect(isPastEnd(1, meta({ totalItems: 0, totalPages: 0 }))).toBe(false);
    expect(isPastEnd(3, meta({ totalItems: 0, totalPages: 0 }))).toBe(true);
  });

  it("says where the list ends and offers the way back, with the pager, instead of 'No scan sessions match these filters.'", () => {
    const html = render(EmptyList, { page: 6, metadata: meta({}), hrefFor, noun, children: "No scan sessions match these filters." });
    expect(html).not.toContain("No scan sessions match these filters.");
    expect(html).toContain(pastEndMessage(6, meta({}), noun)!);
    expect(pastEndMessage(6, meta({}), noun)).toBe("There is no page 6: the list has 70 sessions on 5 pages.");
    expect(html).toContain('<nav aria-label="Pagination" class="pager">');
    expect(html).toMatch(/href="\/admin\/scan\/sessions\/\?page=5"[^>]*>Go to the last page \(5\)</);
  });

  it("an empty list past page 1: its own message and a link to the first page; the pager alone does the same", () => {
    const empty = render(EmptyList, { page: 3, metadata: meta({ totalItems: 0, totalPages: 0 }), hrefFor, noun, children: "No scan sessions match these filters." });
    expect(empty).toContain("No scan sessions match these filters.");
    expect(empty).toMatch(/href="\/admin\/scan\/sessions\/\?page=1"[^>]*>Go to the first page</);
    expect(render(Pager, { page: 9, metadata: meta({}), hrefFor, noun })).toMatch(/Go to the last page \(5\)/);
    // Not past the end: unchanged.
    expect(render(EmptyList, { page: 1, metadata: meta({ totalItems: 0, totalPages: 0 }), hrefFor, noun, children: "None." })).toBe('<p class="empty-state">None.</p>');
    expect(render(Pager, { page: 2, metadata: meta({ itemCount: 15 }), hrefFor, noun })).toContain("16–30 of 70 · Page 2 of 5");
  });
});

describe("page numbers and a jump (issue 34: lists of dozens of pages)", () => {
  const patients: [string, string] = ["patient", "patients"];
  const listHref = (p: number) => `/patients/?q=ann&sort=name&dir=asc${p > 1 ? `&page=${p}` : ""}`;
  const page12 = render(Pager, { page: 12, metadata: meta({ totalItems: 230, itemCount: 10, itemsForPage: 10, totalPages: 23 }), hrefFor: listHref, noun: patients });

  it("links the first and last page and the pages around the current one, the current one marked, with gaps", () => {
    expect(page12).toContain('<nav aria-label="Pagination" class="pager">');
    const numbers = [...page12.matchAll(/<(a|span) [^>]*class="pager-number"[^>]*>(?:<span class="visually-hidden">Page <\/span>)(\d+)</g)].map((m) => `${m[1]}:${m[2]}`);
    expect(numbers).toEqual(["a:1", "a:11", "span:12", "a:13", "a:23"]);
    expect(page12).toMatch(/<span class="pager-number" aria-current="page"><span class="visually-hidden">Page <\/span>12<\/span>/);
    expect(page12).toMatch(/href="\/patients\/\?q=ann&amp;sort=name&amp;dir=asc&amp;page=23"/);
    expect(page12).toMatch(/href="\/patients\/\?q=ann&amp;sort=name&amp;dir=asc"[^>]*><span class="visually-hidden">Page <\/span>1</);
    expect(page12.match(/class="pager-gap" aria-hidden="true">…</g)).toHaveLength(2);
    expect(page12).toContain("111–120 of 230 · Page 12 of 23");
    expect(page12).toMatch(/rel="prev"[^>]*>Previous page</);
    expect(page12).toMatch(/rel="next"[^>]*>Next page</);
  });

  it("a GET form goes to a typed page and keeps the list's other parameters (works without JavaScript)", () => {
    expect(jumpTarget(listHref)).toEqual({ action: "/patients/", fields: [["q", "ann"], ["sort", "name"], ["dir", "asc"]] });
    expect(page12).toMatch(/<form(?=[^>]*class="pager-jump")(?=[^>]*action="\/patients\/")(?=[^>]*method="get")[^>]*>/);
    expect(page12).toContain('<input type="hidden" name="q" value="ann"/>');
    expect(page12).toMatch(/<label for="([^"]+)">Go to page<\/label><input id="\1"(?=[^>]*name="page")(?=[^>]*type="text")(?=[^>]*inputMode="numeric")(?=[^>]*pattern="\[0-9\]\*")(?=[^>]*required="")[^>]*\/>/);
    // No max: a page past the end is the list's to answer ("There is no page 99: …"), as a typed URL is.
    expect(page12).not.toMatch(/name="page"[^>]*max=/);
    expect(page12).toMatch(/<button type="submit" class="button">Go<\/button>/);
  });

  it("past the end, the way back and the jump; in a POST form, pages are the form's submit buttons and there is no jump", () => {
    const past = render(Pager, { page: 99, metadata: meta({ totalItems: 230, itemCount: 0, itemsForPage: 10, totalPages: 23 }), hrefFor: listHref, noun: patients });
    expect(past).toMatch(/page=23"[^>]*>Go to the last page \(23\)</);
    expect(past).toContain('class="pager-jump"');
    const buttons = render(Pager, { page: 2, metadata: meta({ totalItems: 80, itemCount: 36, itemsForPage: 36, totalPages: 3 }), buttonName: "goToPage", noun: ["exercise", "exercises"] });
    expect(buttons).toMatch(/<button type="submit"(?=[^>]*name="goToPage")(?=[^>]*value="1")[^>]*class="button pager-step"[^>]*>Previous page<\/button>/);
    expect(buttons).toMatch(/<button type="submit"(?=[^>]*name="goToPage")(?=[^>]*value="3")[^>]*class="pager-number"[^>]*><span class="visually-hidden">Page <\/span>3<\/button>/);
    expect(buttons).not.toContain("<form");
    expect(buttons).not.toContain("<a ");
  });
});

describe("a list whose total is not known (Program Templates: the API answers an array)", () => {
  const hrefFor = (p: number) => `/programs/templates/?q=knee${p > 1 ? `&page=${p}` : ""}`;
  it("the pages up to the next one, '…' while more may follow, and the jump; nothing for a single page", () => {
    const html = render(OpenPager, { page: 3, hasNext: true, hrefFor });
    const numbers = [...html.matchAll(/class="pager-(?:number|gap)"[^>]*>(?:<span class="visually-hidden">Page <\/span>)?([\d…]+)</g)].map((m) => m[1]);
    expect(numbers).toEqual(["1", "2", "3", "4", "…"]);
    expect(html).toContain("Page 3");
    expect(html).toMatch(/rel="next"[^>]*>Next page</);
    expect(html).toMatch(/<form(?=[^>]*class="pager-jump")(?=[^>]*action="\/programs\/templates\/")(?=[^>]*method="get")[^>]*>/);
    expect(render(OpenPager, { page: 3, hasNext: false, hrefFor })).not.toContain("Next page");
    expect(render(OpenPager, { page: 1, hasNext: false, hrefFor })).toBe("");
  });
});
