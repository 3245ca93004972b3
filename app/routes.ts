/**
 * The route config: the flat-routes file convention of Remix v2, unchanged (one module per URL in app/routes/;
 * `_app.` is the signed-in layout, `$param`, `[.ext]` escapes). The authorization matrix (tests/authz/) reads the
 * same config, so a new route file fails it until its row exists.
 */
import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

export default flatRoutes({ ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"] }) satisfies RouteConfig;
