/**
 * The fingerprinted browser assets as the build compressed them (ADR 038): for `/build/x.js` the request gets
 * `x.js.br` (Brotli, quality 11) when its Accept-Encoding takes `br`, else `x.js.gz` (gzip, level 9) when it takes
 * `gzip`, else the file itself — with the original's content type, `Content-Encoding` and `Vary: Accept-Encoding`.
 * Mounted at /build before express.static, which then serves the chosen file (its length, ETag, immutable caching);
 * the compression middleware leaves an answer that already has a Content-Encoding alone. The folder's files are read
 * once: the build does not change under a running process.
 */
import { readdirSync } from "node:fs";
import type { NextFunction, Request, Response } from "express";

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

export function precompressed(dir: string) {
  const files = new Set(readdirSync(dir));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    res.append("Vary", "Accept-Encoding");
    const accepted = acceptedCodings(req.headers["accept-encoding"]);
    const coding = accepted.has("br") && files.has(`${name}.br`) ? "br" : accepted.has("gzip") && files.has(`${name}.gz`) ? "gzip" : null;
    if (!coding) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", coding);
    req.url = `/${name}.${coding === "br" ? "br" : "gz"}`;
    next();
  };
}
