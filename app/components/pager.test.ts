import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptyList, isPastEnd, Pager, pastEndMessage, type PageMetadata } from "./pager";

const meta = (m: Partial<PageMetadata>): PageMetadata => ({ totalItems: 70, itemCount: 0, itemsForPage: 15, totalPages: 5, ...m });
const hrefFor = (p: number) => `/admin/scan/sessions/?page=${p}`;
const render = (el: unknown, props: object) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(el as FunctionComponent<object>, props)));
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
