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
});
