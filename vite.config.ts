/**
 * The portal's build (React Router's Vite plugin): fingerprinted browser assets under build/client/build/, served
 * at /build/ with immutable caching by server/app.ts; public/ is served by the server as it is (not copied).
 *
 * The dev server (`npm run dev:portal`, server/dev-server.ts) serves files of the app only (ADR 035): `server.fs`
 * is strict, allows app/ and the optimized dependencies (Vite adds its own client), and denies whatever may hold a
 * secret even there (data/, the identity service's .cognito/, dotfiles, keys). A dependency's file outside the
 * optimized bundle is served because the app imported it (Vite's own rule for resolved modules), not from the list.
 *
 * The browser build is grouped into a handful of files per page (ADR 038, scripts/bundle/chunk-groups.ts):
 * `framework` (React, React DOM, React Router: every page), the entry with the document's code (every page),
 * `shell` (what the signed-in layout imports: every signed-in page), then each route's own module with what only it
 * and a few others use. Rolldown's automatic splitting alone cut the code into a chunk per set of importers: ~40
 * files before the patient list was interactive, which an HTTP/1.1 link fetches six at a time. Every text asset is
 * also written Brotli- and gzip-compressed at the highest level (scripts/bundle/precompress.ts), served as such by
 * server/precompressed.ts.
 */
import { reactRouter } from "@react-router/dev/vite";
import { execFileSync } from "node:child_process";
import { defineConfig } from "vite";
import { chunkGroups } from "./scripts/bundle/chunk-groups.js";
import { precompress } from "./scripts/bundle/precompress.js";
import { routeHandlerRejections } from "./scripts/bundle/route-handler-rejections.js";

/** The release this build is (the build label, app/build-info.ts): BUILD_RELEASE, else the commit built, else 'development'. */
function buildRelease(): string {
  if (process.env.BUILD_RELEASE?.trim()) return process.env.BUILD_RELEASE.trim();
  try {
    return `commit ${execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()}`;
  } catch {
    return "development";
  }
}

// Per work tree (node_modules may be shared by worktrees).
const cacheDir = ".cache/vite";

export default defineConfig(({ command }) => ({
  plugins: [
    reactRouter(),
    precompress(),
    // React Router's client loaders and actions leave a redirect's rejection unhandled while a stylesheet preloads
    // (the browser reports "Uncaught (in promise) Response"); the plugin's comment says where and how it is fixed.
    routeHandlerRejections(),
    {
      // React Router asks for the entries' signatures as they are ("exports-only"). Allowing them more exports lets
      // Rolldown put a module that a route shares with a few others into one of their entry files instead of a chunk
      // of its own: fewer requests before a page is interactive (the activity tab 37 scripts → 29, the patient list
      // 18 → 16; ADR 038). React Router reads only the route exports it knows.
      name: "entries-allow-extension",
      applyToEnvironment: (environment) => environment.name === "client",
      options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
    },
  ],
  define: { __BUILD_RELEASE__: JSON.stringify(buildRelease()) },
  publicDir: false,
  cacheDir,
  build: { assetsDir: "build" },
  server: {
    fs: {
      strict: true,
      allow: ["app", `${cacheDir}/deps`],
      deny: [".env", ".env.*", ".*", "*.{crt,pem,key,p12,pfx}", "**/.git/**", "**/.cognito/**", "**/data/**", "identity.json", "package.json", "package-lock.json"],
    },
  },
  // The server's build bundles ECharts (and zrender) into the chunk of app/charts/echarts.ts, tree-shaken as the
  // browser's is: its ~600 module files, loaded one by one, cost the first chart ~1.2 s CPU; the one chunk ~0.1 s.
  // The build only: the development server would transform those files one by one instead (~15 s at the first chart).
  ssr: command === "build" ? { noExternal: ["echarts", "zrender"] } : {},
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Replaces React Router's client output options: its entry file names are kept ("[name]-[hash].js").
          output: { entryFileNames: "build/[name]-[hash].js", codeSplitting: chunkGroups },
        },
      },
    },
  },
  // Development: find every dependency the app imports at start (from every route, not only the first page opened),
  // so the dev server does not re-bundle them and reload the page the first time another route is opened.
  // The development server's optimized copy of React Router gets the same fix as the build (routeHandlerRejections).
  optimizeDeps: { entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.tsx"], rolldownOptions: { plugins: [routeHandlerRejections()] } },
}));
