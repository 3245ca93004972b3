import { describe, expect, it } from "vitest";
import { HtmlBatches, stylesFirst } from "./html-batches.server";

const chunksOf = (stream: HtmlBatches) => {
  const out: string[] = [];
  stream.on("data", (c: Buffer) => out.push(c.toString()));
  return out;
};

describe("HtmlBatches", () => {
  it("passes React's chunks on as one per flush() (a batch), in order", async () => {
    const s = new HtmlBatches();
    const out = chunksOf(s);
    s.write("<html>");
    s.write("<body>");
    s.flush();
    s.write("<template>a</template>");
    s.flush();
    s.flush(); // nothing new: nothing sent
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual(["<html><body>", "<template>a</template>"]);
  });

  it("sends what is left at the end", async () => {
    const s = new HtmlBatches();
    const out = chunksOf(s);
    const ended = new Promise((r) => s.on("end", r));
    s.write("</body>");
    s.end("</html>");
    await ended;
    expect(out.join("")).toBe("</body></html>");
  });
});

describe("stylesFirst", () => {
  // The head React 19 writes for a route: the hoisted module preloads of <Scripts> before the stylesheets of <Links>.
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Patients</title><link nonce="" rel="icon" href="/favicon.svg"/>' +
    '<link rel="modulepreload" href="/build/entry.client-a.js" nonce="n"/><link rel="modulepreload" href="/build/route-b.js" nonce="n"/>' +
    '<link nonce="" rel="stylesheet" href="/build/app-c.css"/><link nonce="" rel="stylesheet" href="/build/patients-d.css"/></head><body>';

  it("moves the module preloads after the stylesheets, to the end of the head, keeping their order, at low priority", () => {
    expect(stylesFirst(head)).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Patients</title><link nonce="" rel="icon" href="/favicon.svg"/>' +
        '<link nonce="" rel="stylesheet" href="/build/app-c.css"/><link nonce="" rel="stylesheet" href="/build/patients-d.css"/>' +
        '<link fetchpriority="low" rel="modulepreload" href="/build/entry.client-a.js" nonce="n"/><link fetchpriority="low" rel="modulepreload" href="/build/route-b.js" nonce="n"/></head><body>',
    );
  });

  it("keeps the preloads' priority when no stylesheet in the head blocks rendering (the styles are inline)", () => {
    const inline = head.replace('<link nonce="" rel="stylesheet" href="/build/app-c.css"/><link nonce="" rel="stylesheet" href="/build/patients-d.css"/>', '<style data-href="/build/app-c.css" nonce="n">a{}</style>');
    expect(stylesFirst(inline)).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Patients</title><link nonce="" rel="icon" href="/favicon.svg"/>' +
        '<style data-href="/build/app-c.css" nonce="n">a{}</style>' +
        '<link rel="modulepreload" href="/build/entry.client-a.js" nonce="n"/><link rel="modulepreload" href="/build/route-b.js" nonce="n"/></head><body>',
    );
  });

  it("leaves the body and a batch without a head alone", () => {
    const body = '<link rel="modulepreload" href="/build/x.js"/><p>a</p>';
    expect(stylesFirst(body)).toBe(body);
    expect(stylesFirst(`${head}${body}`).endsWith(`</head><body>${body}`)).toBe(true);
  });

  it("reorders the first batch that holds the head, and no other", async () => {
    const s = new HtmlBatches();
    const out = chunksOf(s);
    s.write(head.slice(0, 60));
    s.write(head.slice(60));
    s.flush();
    s.write('<template><link rel="modulepreload" href="/build/y.js"/></template></head>');
    s.flush();
    await new Promise((r) => setImmediate(r));
    expect(out[0]).toBe(stylesFirst(head));
    expect(out[0]!.indexOf("modulepreload")).toBeGreaterThan(out[0]!.lastIndexOf('rel="stylesheet"'));
    expect(out[1]).toBe('<template><link rel="modulepreload" href="/build/y.js"/></template></head>');
  });
});
