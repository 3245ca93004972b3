/** The local stand-in for `postgres:17-trixie` (postgres.Containerfile), built with podman on the local base. */
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { podmanStreaming } from "../container/podman.js";

export const POSTGRES_IMAGE = "localhost/postgres:17-trixie";

export async function buildPostgresImage(baseImage: string): Promise<void> {
  const code = await podmanStreaming(
    ["build", "--format", "docker", "--network", "host", "--pull=never", "--build-arg", `BASE_IMAGE=${baseImage}`, "-t", POSTGRES_IMAGE, "-f", join(PROJECT_ROOT, "scripts/deploy/postgres.Containerfile"), join(PROJECT_ROOT, "scripts/deploy")],
    "  [postgres] ",
    (l) => (/STEP|Error|error/.test(l) ? console.log(l) : undefined),
  );
  if (code !== 0) throw new Error(`building ${POSTGRES_IMAGE} failed`);
}

/** The local stand-in for `caddy:2` (caddy.Containerfile): Debian's Caddy on the local base. */
export const CADDY_IMAGE = "localhost/caddy:2-trixie";

export async function buildCaddyImage(baseImage: string): Promise<void> {
  const code = await podmanStreaming(
    ["build", "--format", "docker", "--network", "host", "--pull=never", "--build-arg", `BASE_IMAGE=${baseImage}`, "-t", CADDY_IMAGE, "-f", join(PROJECT_ROOT, "scripts/deploy/caddy.Containerfile"), join(PROJECT_ROOT, "scripts/deploy")],
    "  [caddy] ",
    (l) => (/STEP|Error|error/.test(l) ? console.log(l) : undefined),
  );
  if (code !== 0) throw new Error(`building ${CADDY_IMAGE} failed`);
}
