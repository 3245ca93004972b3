/**
 * The portal's build (React Router's Vite plugin): fingerprinted browser assets under build/client/build/, served
 * at /build/ with immutable caching by server/app.ts; public/ is served by the server as it is (not copied).
 *
 * The dev server (`npm run dev:portal`, server/dev-server.ts) serves files of the app only (ADR 035): `server.fs`
 * is strict, allows app/ and the optimized dependencies (Vite adds its own client), and denies whatever may hold a
 * secret even there (data/, the identity service's .cognito/, dotfiles, keys). A dependency's file outside the
 * optimized bundle is served because the app imported it (Vite's own rule for resolved modules), not from the list.
 */
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Per work tree (node_modules may be shared by worktrees).
const cacheDir = ".cache/vite";

export default defineConfig({
  plugins: [reactRouter()],
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
  // Development: find every dependency the app imports at start (from every route, not only the first page opened),
  // so the dev server does not re-bundle them and reload the page the first time another route is opened.
  optimizeDeps: { entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.tsx"] },
});
