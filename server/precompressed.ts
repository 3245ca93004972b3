/**
 * The fingerprinted browser assets as the build compressed them (ADR 038): for `/build/x.js` the request gets
 * `x.js.br` (Brotli, quality 11) when its Accept-Encoding takes `br`, else `x.js.gz` (gzip, level 9) when it takes
 * `gzip`, else the file itself — with the original's content type, `Content-Encoding` and `Vary: Accept-Encoding`.
 * Mounted at /build before express.static, which then serves the chosen file (its length, ETag, immutable caching);
 * the compression middleware leaves an answer that already has a Content-Encoding alone. The folder's files are read
 * once: the build does not change under a running process.
 *
 * The build's scripts and stylesheets — what every page load asks for, 10-30 of them — are answered before all of
 * that by `scriptsAndStyles`: from memory (each file read on its first request), with only the headers that act on a
 * subresource (ADR 038, "Amendment: the answers' own weight").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { subresourceHeaders } from "./security";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** The codings an Accept-Encoding header accepts (q > 0), lower-cased. */
export function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

/** The copy of `name` to send for the codings a request takes: Brotli, else gzip, when the build kept one; else the file. */
function chosenCoding(name: string, files: ReadonlySet<string>, accepted: ReadonlySet<string>): "br" | "gzip" | null {
  if (accepted.has("br") && files.has(`${name}.br`)) return "br";
  if (accepted.has("gzip") && files.has(`${name}.gz`)) return "gzip";
  return null;
}

const copyName = (name: string, coding: "br" | "gzip" | null) => (coding === "br" ? `${name}.br` : coding === "gzip" ? `${name}.gz` : name);

export function precompressed(dir: string) {
  const files = new Set(readdirSync(dir));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    res.append("Vary", "Accept-Encoding");
    const accepted = acceptedCodings(req.headers["accept-encoding"]);
    const coding = chosenCoding(name, files, accepted);
    if (!coding) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", coding);
    req.url = `/${copyName(name, coding)}`;
    next();
  };
}

/** The build's subresources answered from memory: scripts and stylesheets (never a document). */
const SUBRESOURCE = /\.(js|css)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

interface Held {
  body: Buffer;
  coding: "br" | "gzip" | null;
}

/**
 * Answers `GET|HEAD /<name>.js|.css` of the build (mounted at /build before the per-request middleware: no request id,
 * nonce, security policies of a document, log line or compression) with the copy the request's Accept-Encoding takes
 * (Brotli, else gzip, else the file), its type, length, `Vary: Accept-Encoding` and the immutable caching; anything
 * else — another type, a file not in the build, another method — goes on to the usual chain (and a missing file to
 * its 404). No ETag or Last-Modified: the name changes with the content and the answer is cached for a year.
 */
export function scriptsAndStyles(dir: string, opts: { isShuttingDown: () => boolean }) {
  const files = new Set(readdirSync(dir));
  const held = new Map<string, Held>();
  const copy = (name: string, accepted: Set<string>): Held => {
    const coding = chosenCoding(name, files, accepted);
    const file = copyName(name, coding);
    let h = held.get(file);
    if (!h) held.set(file, (h = { body: readFileSync(join(dir, file)), coding }));
    return h;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!SUBRESOURCE.test(name) || name.includes("/") || !files.has(name)) return next();
    const { body, coding } = copy(name, acceptedCodings(req.headers["accept-encoding"]));
    for (const [header, value] of Object.entries(subresourceHeaders({ https: req.secure }))) res.setHeader(header, value);
    res.setHeader("Content-Type", TYPES[name.slice(name.lastIndexOf(".") + 1)]!);
    if (coding) res.setHeader("Content-Encoding", coding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("Content-Length", body.length);
    if (opts.isShuttingDown()) res.setHeader("Connection", "close");
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
