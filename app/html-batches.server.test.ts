import { createGzip, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, GzipBatches, HtmlBatches, stylesFirst } from "./html-batches.server";

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

describe("HtmlBatches with gzip", () => {
  const collect = (stream: HtmlBatches) => {
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    return new Promise<Buffer[]>((resolve) => stream.on("end", () => resolve(out)));
  };

  it("sends each batch compressed as it comes, the whole a gzip stream of the document (styles first)", async () => {
    const s = new HtmlBatches({ gzip: true });
    const done = collect(s);
    const head = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/build/a.js"/><style data-href="/build/b.css">body{}</style></head><body>';
    const rows = `<div hidden id="S:0">${"<tr><td>Avery Tester</td><td>Active</td></tr>".repeat(200)}</div>`;
    s.write(head);
    s.flush();
    s.write(rows);
    s.flush();
    s.end("</body></html>");
    const chunks = await done;
    expect(chunks.length, "the shell, the section, the end").toBe(4);
    // Each batch can be decoded as soon as it has come (what the browser shows before the rest arrives).
    const shell = gunzipSync(chunks[0]!, { finishFlush: 2 }).toString();
    expect(shell).toBe(stylesFirst(head));
    const whole = gunzipSync(Buffer.concat(chunks)).toString();
    expect(whole).toBe(stylesFirst(head) + rows + "</body></html>");
    // As small as the compression middleware made it: a gzip stream written a batch at a time, flushed after each.
    const middleware = createGzip();
    const out: Buffer[] = [];
    middleware.on("data", (c: Buffer) => out.push(c));
    for (const batch of [stylesFirst(head), rows]) {
      middleware.write(batch);
      await new Promise<void>((resolve) => middleware.flush(() => resolve()));
    }
    await new Promise<void>((resolve) => middleware.end("</body></html>", () => resolve()));
    // A few bytes a batch more at most (each batch's blocks end on their own; on the patient list: 11,374 against 11,365).
    expect(Buffer.concat(chunks).length).toBeLessThanOrEqual(Buffer.concat(out).length + 3 * 16);
  });

  it("is a valid gzip stream when nothing was written", async () => {
    const s = new HtmlBatches({ gzip: true });
    const done = collect(s);
    s.end();
    expect(gunzipSync(Buffer.concat(await done)).toString()).toBe("");
    expect(gunzipSync(new GzipBatches().end()).toString()).toBe("");
  });

  it("counts the length and CRC-32 of every batch (a stream of many batches decodes whole)", () => {
    const g = new GzipBatches();
    const batches = Array.from({ length: 50 }, (_, i) => Buffer.from(`<p>batch ${i} ${"é".repeat(i)}</p>`));
    const stream = Buffer.concat([...batches.map((b) => g.batch(b)), g.end()]);
    expect(gunzipSync(stream).toString()).toBe(Buffer.concat(batches).toString());
  });
});

describe("acceptsGzip", () => {
  it("takes gzip named or by *, with a q-value above 0", () => {
    for (const header of ["gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8", "x-gzip", "*", "identity, *;q=0.5", "GZIP"]) expect(acceptsGzip(header), header).toBe(true);
    for (const header of [null, "", "identity", "br", "gzip;q=0", "gzip;q=0, *", "*;q=0", "deflate, gzip;q=0.000", "gzip;q=abc"]) expect(acceptsGzip(header), String(header)).toBe(false);
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
