import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compareLoaded, documentScripts, parseManifest, readClientBuild, routeChain, routeScripts, routeUrl, staticImports, type RouterManifest } from "./route-js.js";

const manifest: RouterManifest = {
  entry: { module: "/build/entry.client-E.js", imports: ["/build/_shared/react-R.js"] },
  routes: {
    root: { id: "root", path: "", module: "/build/root-A.js", imports: ["/build/_shared/react-R.js"] },
    "routes/_app": { id: "routes/_app", parentId: "root", module: "/build/routes/_app-B.js", imports: ["/build/_shared/shell-S.js"] },
    "routes/_app.home": { id: "routes/_app.home", parentId: "routes/_app", path: "home", module: "/build/routes/_app.home-C.js" },
    "routes/_app._index": { id: "routes/_app._index", parentId: "routes/_app", index: true, module: "/build/routes/_app._index-D.js" },
    "routes/_app.user.account.$accountPath": {
      id: "routes/_app.user.account.$accountPath",
      parentId: "routes/_app",
      path: "user/account/:accountPath",
      module: "/build/routes/_app.user.account.$accountPath-F.js",
    },
    "routes/user.login": { id: "routes/user.login", parentId: "root", path: "user/login", module: "/build/routes/user.login-G.js", imports: ["/build/_shared/forms-H.js"] },
  },
};

/** Static imports per file, as the built files would state them (the manifest leaves some out). */
const graph: Record<string, string[]> = {
  "/build/routes/_app.home-C.js": ["/build/_shared/shell-S.js", "/build/_shared/cards-K.js"],
  "/build/_shared/cards-K.js": ["/build/_shared/react-R.js", "/build/_shared/dates-T.js"],
  "/build/_shared/forms-H.js": ["/build/_shared/zod-Z.js"],
};
const importsOf = (url: string) => graph[url] ?? [];

describe("routes of the manifest", () => {
  it("chains a route from the root down", () => {
    expect(routeChain(manifest, "routes/_app.home").map((r) => r.id)).toEqual(["root", "routes/_app", "routes/_app.home"]);
    expect(() => routeChain(manifest, "routes/nope")).toThrow(/not in the manifest/);
  });

  it("builds the URL pattern from the path segments (pathless layouts and index routes add none)", () => {
    expect(routeUrl(manifest, "root")).toBe("/");
    expect(routeUrl(manifest, "routes/_app._index")).toBe("/");
    expect(routeUrl(manifest, "routes/_app.home")).toBe("/home");
    expect(routeUrl(manifest, "routes/_app.user.account.$accountPath")).toBe("/user/account/:accountPath");
  });
});

describe("routeScripts", () => {
  it("loads the entry, every route module root → route, their imports and what those import, each once", () => {
    expect(routeScripts(manifest, "routes/_app.home", importsOf)).toEqual([
      "/build/entry.client-E.js",
      "/build/_shared/react-R.js",
      "/build/root-A.js",
      "/build/routes/_app-B.js",
      "/build/_shared/shell-S.js",
      "/build/routes/_app.home-C.js",
      "/build/_shared/cards-K.js",
      "/build/_shared/dates-T.js",
    ]);
  });

  it("leaves out sibling routes", () => {
    const login = routeScripts(manifest, "routes/user.login", importsOf);
    expect(login).toContain("/build/_shared/zod-Z.js");
    expect(login).not.toContain("/build/routes/_app-B.js");
    expect(login).not.toContain("/build/_shared/cards-K.js");
  });
});

describe("compareLoaded", () => {
  it("tells the lazily loaded files from the route's, and those of the route the browser did not load", () => {
    const before = ["/build/entry.js", "/build/root.js", "/build/route.js"];
    expect(compareLoaded(["/build/entry.js", "/build/root.js", "/build/route.js", "/build/chart.js", "/build/plotly.js", "/build/chart.js"], before)).toEqual({
      lazy: ["/build/chart.js", "/build/plotly.js"],
      notLoaded: [],
    });
    expect(compareLoaded(["/build/entry.js"], before)).toEqual({ lazy: [], notLoaded: ["/build/root.js", "/build/route.js"] });
  });
});

describe("reading built files", () => {
  it("finds static imports (minified or not, relative or absolute) and skips dynamic ones", () => {
    const source = `import{a as e}from"/build/_shared/chunk-A.js";import"./chunk-B.js";import * as x from "../_shared/chunk-C.js";const p=import("/build/_shared/plotly-D.js");`;
    expect(staticImports(source, "/build/routes/home-X.js")).toEqual(["/build/_shared/chunk-A.js", "/build/routes/chunk-B.js", "/build/_shared/chunk-C.js"]);
  });

  it("takes a document's module preloads and inline imports, not the URLs of its inlined manifest", () => {
    const html = `<link rel="modulepreload" href="/build/entry.client-E.js"/><link rel="stylesheet" href="/build/_assets/app.css"/>
      <script type="module">import * as route0 from "/build/root-A.js";
      window.__reactRouterManifest = {"routes":{"routes/_app._index":{"module":"/build/routes/_app._index-D.js"}}};
      import("/build/entry.client-E.js");</script>`;
    expect(documentScripts(html)).toEqual(["/build/entry.client-E.js", "/build/root-A.js"]);
  });

  it("parses the manifest file", () => {
    expect(parseManifest(`window.__reactRouterManifest=${JSON.stringify(manifest)};`)).toEqual(manifest);
  });
});

describe("readClientBuild", () => {
  const dir = mkdtempSync(join(tmpdir(), "route-js-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sums the gzip and raw sizes of each route's files", () => {
    const files: Record<string, string> = {
      "entry.client-E.js": `import{r}from"/build/_shared/react-R.js";${"hydrate();".repeat(50)}`,
      "_shared/react-R.js": "export const r=1;".repeat(200),
      "_shared/zod-Z.js": "export const z=2;",
      "root-A.js": `import{r}from"/build/_shared/react-R.js";export default r;`,
      "routes/user.login-G.js": `import{z}from"/build/_shared/zod-Z.js";import("/build/_shared/lazy-L.js");export default z;`,
      "_shared/lazy-L.js": "x".repeat(10_000),
    };
    mkdirSync(join(dir, "_shared"));
    mkdirSync(join(dir, "routes"));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const small: RouterManifest = {
      entry: { module: "/build/entry.client-E.js", imports: ["/build/_shared/react-R.js"] },
      routes: { root: manifest.routes.root!, "routes/user.login": { id: "routes/user.login", parentId: "root", path: "user/login", module: "/build/routes/user.login-G.js" } },
    };
    writeFileSync(join(dir, "manifest-1234ABCD.js"), `window.__reactRouterManifest=${JSON.stringify(small)};`);

    const loaded = ["entry.client-E.js", "_shared/react-R.js", "root-A.js", "routes/user.login-G.js", "_shared/zod-Z.js"];
    const raw = loaded.reduce((n, f) => n + Buffer.byteLength(files[f]!), 0);
    const gzip = loaded.reduce((n, f) => n + gzipSync(files[f]!).length, 0);
    const login = readClientBuild(dir).routes().find((r) => r.routeId === "routes/user.login");
    expect(login).toEqual({ routeId: "routes/user.login", url: "/user/login", files: 5, rawBytes: raw, gzipBytes: gzip });
  });

  it("says to build when there is no manifest", () => {
    const empty = mkdtempSync(join(tmpdir(), "route-js-empty-"));
    try {
      expect(() => readClientBuild(empty)).toThrow(/npm run build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
