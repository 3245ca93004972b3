/**
 * JavaScript each route loads before interaction (gzip), for every route of the build's manifest: the entry,
 * the route modules from the root down, and their static imports, deduplicated (scripts/bench/lib/route-js.ts).
 * Checked against pages the portal serves: the scripts a document refers to, with their imports, must be
 * exactly the set computed for its route.
 */
import { demoAccount } from "../lib/accounts.js";
import { DOCUMENT_HEADERS, send } from "../lib/http.js";
import { signInToPortal } from "../lib/portal-session.js";
import { CLIENT_BUILD_DIR } from "../lib/portal-stack.js";
import { documentScripts, importClosure, readClientBuild, routeScripts } from "../lib/route-js.js";
import type { Scenario } from "../lib/scenario.js";
import { fmt, markdownTable } from "../lib/table.js";

/** Pages fetched to check the computed sets against (signed in unless `public`). */
const CHECKED_PAGES = [
  { path: "/user/login/", routeId: "routes/user.login", public: true },
  { path: "/home/", routeId: "routes/_app.home" },
  { path: "/user/account/info/", routeId: "routes/_app.user.account.$accountPath" },
];

export const routeJs: Scenario = {
  name: "js",
  title: "JavaScript loaded before interaction, per route",
  async run({ bench, agent }) {
    const build = readClientBuild(CLIENT_BUILD_DIR);
    const routes = build.routes();
    const table = markdownTable(
      ["route", "URL", "files", "gzip KB", "raw KB"],
      routes.map((r) => [r.routeId, r.url, r.files, fmt(r.gzipBytes / 1024), fmt(r.rawBytes / 1024)]),
      ["l", "l", "r", "r", "r"],
    );

    const session = await signInToPortal(bench.portal.url, demoAccount("practitioner@frontrange.example"), agent);
    const checks: string[] = [];
    const mismatches: string[] = [];
    for (const page of CHECKED_PAGES) {
      const res = await send(new URL(page.path, bench.portal.url).href, { agent, headers: page.public ? DOCUMENT_HEADERS : session.headers() });
      if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}`);
      const served = new Set(importClosure(documentScripts(res.body), build.importsOf));
      const computed = new Set(routeScripts(build.manifest, page.routeId, build.importsOf));
      const extra = [...served].filter((u) => !computed.has(u));
      const left = [...computed].filter((u) => !served.has(u));
      if (extra.length === 0 && left.length === 0) checks.push(`${page.path} (${served.size} files)`);
      else mismatches.push(`${page.path}: the page also loads [${extra.join(", ")}], not [${left.join(", ")}]`);
    }
    const note =
      mismatches.length === 0
        ? `Same sets as the pages the portal serves: ${checks.join(", ")}.`
        : `Differences from the pages the portal serves: ${mismatches.join("; ")}.`;
    return {
      report: `${table}\n\nEntry + route modules root → route + their static imports, deduplicated; gzip at zlib's default level (as served). Lazily imported chunks (after hydration) are not counted. ${note}`,
      failure: mismatches.length === 0 ? undefined : note,
    };
  },
};
