/**
 * The app's route config as React Router resolves it (`react-router routes --json`: app/routes.ts, the config the
 * build and the server use), for the tools that need the route tree: the authorization matrix (tests/authz/) and the
 * browser build's chunk groups (scripts/bundle/chunk-groups.ts). Read once per process.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A route of the config: `file` relative to app/. */
export interface ConfigRoute {
  id: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigRoute[];
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
let routes: ConfigRoute[] | undefined;

export function readRouteConfig(): ConfigRoute[] {
  if (routes) return routes;
  const cli = `${ROOT}node_modules/@react-router/dev/bin.cjs`;
  const run = spawnSync(process.execPath, [cli, "routes", "--json"], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`react-router routes --json failed: ${run.stderr}`);
  routes = JSON.parse(run.stdout) as ConfigRoute[];
  return routes;
}
