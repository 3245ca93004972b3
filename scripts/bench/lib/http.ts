/**
 * HTTP for benchmarks, on node:http (to see each chunk as it arrives): a keep-alive agent, a cookie jar, a
 * plain request, a lean request for load loops, and a timed GET that records the time to the response's
 * first byte, to each marker's arrival in the decoded document, and to its end.
 */
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";

/**
 * A desktop Chrome — the engine the E2E tests and the browser benchmarks drive, without the "HeadlessChrome" of its
 * own user agent: isbot takes that for a bot, and bots get whole documents (no streaming), which no clinician's
 * browser gets. The E2E projects (playwright.config.ts), the browser benchmarks, the HTTP ones and container:verify's
 * browser flow send it.
 */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** What a browser sends with a document request. */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "user-agent": BROWSER_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
};

export function keepAliveAgent(maxSockets = 128): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

/** Cookies by name, as a browser keeps them for one site (paths and expiry dates are not tracked). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response; Max-Age=0 or an empty value removes the cookie. */
  store(setCookie: readonly string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** The cookies as name/value pairs (to hand them to a browser). */
  entries(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

  /** The Cookie header, with `extra` cookies added (or overriding), without mutating the jar. */
  header(extra: Record<string, string> = {}): string {
    const all = new Map([...this.cookies, ...Object.entries(extra)]);
    return [...all].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  /** Give up after this many ms (default 30 s). */
  timeoutMs?: number;
}

export interface PlainResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The decoded body. */
  body: string;
}

function open(url: string, opts: SendOptions, onResponse: (res: IncomingMessage) => void, onError: (e: Error) => void): void {
  const u = new URL(url);
  const req = request(
    { host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method: opts.method ?? "GET", agent: opts.agent, headers: opts.headers, timeout: opts.timeoutMs ?? 30_000 },
    onResponse,
  );
  req.on("timeout", () => req.destroy(new Error(`${opts.method ?? "GET"} ${url} timed out`)));
  req.on("error", onError);
  req.end(opts.body);
}

/** The body decoded according to its Content-Encoding. */
function decoded(res: IncomingMessage): Readable {
  switch (String(res.headers["content-encoding"] ?? "").toLowerCase()) {
    case "gzip":
      return res.pipe(createGunzip());
    case "br":
      return res.pipe(createBrotliDecompress());
    case "deflate":
      return res.pipe(createInflate());
    default:
      return res;
  }
}

/** A request whose decoded body is read whole. Redirects are returned, not followed. */
export function send(url: string, opts: SendOptions = {}): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    open(
      url,
      opts,
      (res) => {
        const chunks: Buffer[] = [];
        const body = decoded(res);
        body.on("data", (c: Buffer) => chunks.push(c));
        body.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        body.on("error", reject);
      },
      reject,
    );
  });
}

/** A request for load loops: the body is read and dropped (not decoded). Resolves the status. */
export function hit(url: string, opts: SendOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    open(
      url,
      opts,
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
      reject,
    );
  });
}

export interface MarkerHit {
  /** Since the request was sent. */
  ms: number;
  /** Offset of the marker in the decoded document (bytes). */
  offset: number;
}

export interface TimedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Time to the response's first byte (its status line and headers). */
  ttfbMs: number;
  /** Time to the end of the document. */
  endMs: number;
  /** Bytes on the wire (compressed) and decoded. */
  wireBytes: number;
  bytes: number;
  /** When each marker (by name) first appeared in the decoded document; null when it never did. */
  markers: Record<string, MarkerHit | null>;
  body: string;
}

/** A GET timed from the moment it is sent; `markers` are strings looked for in the decoded document. */
export function timedGet(url: string, opts: Omit<SendOptions, "method" | "body"> & { markers?: Record<string, string> } = {}): Promise<TimedResponse> {
  const wanted = Object.entries(opts.markers ?? {}).map(([name, text]) => ({ name, needle: Buffer.from(text) }));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    open(
      url,
      opts,
      (res) => {
        const ttfbMs = performance.now() - started;
        let wireBytes = 0;
        res.on("data", (c: Buffer) => (wireBytes += c.length));
        const chunks: Buffer[] = [];
        let size = 0;
        const markers: Record<string, MarkerHit | null> = Object.fromEntries(wanted.map((m) => [m.name, null]));
        const body = decoded(res);
        body.on("data", (c: Buffer) => {
          const ms = performance.now() - started;
          chunks.push(c);
          size += c.length;
          const pending = wanted.filter((m) => markers[m.name] === null);
          if (pending.length === 0) return;
          const text = Buffer.concat(chunks);
          for (const m of pending) {
            // Only the new bytes (and a marker's length before them, for a marker split across chunks).
            const offset = text.indexOf(m.needle, Math.max(0, size - c.length - m.needle.length));
            if (offset >= 0) markers[m.name] = { ms, offset };
          }
        });
        body.on("end", () => {
          const text = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, ttfbMs, endMs: performance.now() - started, wireBytes, bytes: text.length, markers, body: text.toString("utf8") });
        });
        body.on("error", reject);
      },
      reject,
    );
  });
}
