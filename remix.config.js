/**
 * Remix v2, classic compiler. Output: build/remix/index.js (the server build, loaded by server/index.ts),
 * build/client/ (browser assets, served at /build/ with immutable caching). The express server itself is
 * bundled by scripts in package.json (`build:server`).
 *
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverBuildPath: "build/remix/index.js",
  assetsBuildDirectory: "build/client",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The compiler's cache, per work tree (.cache/ is ignored by git; node_modules may be shared by worktrees).
  cacheDirectory: ".cache/remix",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
