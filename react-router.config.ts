/**
 * React Router 8, framework mode (Remix's successor; ADR 023). Server rendering on; the app's server build is
 * build/server/react-router.js, loaded by the portal's own express server (server/index.ts, bundled to
 * build/server/index.js); browser assets go to build/client/build/ and are served at /build/ (vite.config.ts).
 */
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  serverBuildFile: "react-router.js",
  serverModuleFormat: "esm",
  ssr: true,
} satisfies Config;
