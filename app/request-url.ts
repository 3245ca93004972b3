/**
 * The URL of the page a request is for. React Router 8 hands loaders and actions the raw request: a client-side
 * navigation or fetcher asks for `/patients/_.data?page=2&_routes=…` (and an index route's action carries `?index`),
 * where the document request asked for `/patients/?page=2`. Code that reads the path, passes the query on or builds
 * a link back must see the page's URL, so the portal never reads `request.url` directly (ESLint refuses it in app/):
 * this strips exactly what React Router adds (its own `url` argument is the same normalisation).
 */
export function requestUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  // `?index` (no value) marks a post to an index route; a form field named "index" with a value stays.
  if (url.searchParams.getAll("index").some((v) => v === "")) {
    const kept = url.searchParams.getAll("index").filter((v) => v !== "");
    url.searchParams.delete("index");
    for (const v of kept) url.searchParams.append("index", v);
  }
  return url;
}
