/**
 * The portal's build (React Router's Vite plugin): fingerprinted browser assets under build/client/build/, served
 * at /build/ with immutable caching by server/app.ts; public/ is served by the server as it is (not copied).
 */
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  publicDir: false,
  // Per work tree (node_modules may be shared by worktrees).
  cacheDir: ".cache/vite",
  build: { assetsDir: "build" },
  // Development: find every dependency the app imports at start (from every route, not only the first page opened),
  // so the dev server does not re-bundle them and reload the page the first time another route is opened.
  optimizeDeps: { entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.tsx"] },
});
