/**
 * `npm run compose:verify` — compose.yaml (a single-host clinic: the portal and its PostgreSQL) started with Debian's
 * podman-compose against the development identity service and reference API on the host, at the host's address:
 * the portal's HEALTHCHECK passes, a demo practitioner signs in through the published port and sees the
 * dashboard, the throttle's table is in the compose file's PostgreSQL, and `down -v` removes everything. The images
 * are deploy:verify's (the portal's, the PostgreSQL stand-in); run after it, or it builds them.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { findFreePort, PROJECT_ROOT } from "../identity/cognito-local.js";
import { startStack, type Stack } from "../dev/stack.js";
import { copyPreparedWorld } from "../../tests/setup/world-cache.js";
import { checklist, homeGreets, signInDemoPractitioner, stackPortalEnv, waitUntil } from "../container/checks.js";
import { buildPortalImage, hostAddress } from "../container/image.js";
import { podman, podmanEnv } from "../container/podman.js";
import { buildPostgresImage, POSTGRES_IMAGE } from "./postgres-image.js";

const { record, finish } = checklist();
const project = `exercompose${process.pid}`;

if (spawnSync("podman-compose", ["version"], { encoding: "utf8" }).status !== 0) {
  console.error("compose:verify: podman-compose is not installed (apt-get install -y podman-compose; .ci/run installs it)");
  process.exit(1);
}
const built = await buildPortalImage({ logName: "compose-build.log" });
await buildPostgresImage(built.base.image);

const dataDir = join(PROJECT_ROOT, "data", project);
let stack: Stack | undefined;
let env: NodeJS.ProcessEnv | undefined;
const compose = (args: string[]) =>
  spawnSync("podman-compose", ["-p", project, "-f", join(PROJECT_ROOT, "compose.yaml"), ...args], { env, encoding: "utf8", cwd: dataDir, maxBuffer: 64 * 1024 * 1024 });
try {
  const host = hostAddress();
  await copyPreparedWorld(join(dataDir, "api"), "demo").catch(() => false);
  stack = await startStack({ dataDir, world: "demo", host });
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  env = {
    ...podmanEnv(),
    ...stackPortalEnv(stack),
    PORTAL_IMAGE: built.image,
    POSTGRES_IMAGE,
    PORTAL_BIND: "127.0.0.1",
    PORTAL_PORT: String(port),
    PUBLIC_URL: url,
    SESSION_SECRETS: randomBytes(32).toString("base64url"),
    POSTGRES_PASSWORD: randomBytes(16).toString("hex"),
    WEB_CONCURRENCY: "1",
  };
  const up = compose(["up", "-d"]);
  if (!record("podman-compose up -d", up.status === 0, up.status === 0 ? "" : `${up.stdout}${up.stderr}`.slice(-2000))) throw new Error("up failed");
  const portal = `${project}_portal_1`;
  const healthy = await waitUntil(() => podman(["healthcheck", "run", portal], { allowFail: true }).status === 0, { timeoutMs: 120_000, everyMs: 1000 });
  record("the portal's HEALTHCHECK passes", healthy, healthy ? "" : podman(["logs", "--tail", "20", portal], { allowFail: true }).stderr.slice(-1500));
  const login = await signInDemoPractitioner(url);
  const home = await homeGreets(url, login.cookie);
  record("sign-in through the published port, the dashboard", login.status === 302 && home.greeted, `POST ${login.status}, /home/ ${home.status}`);
  const tables = podman(["exec", `${project}_postgres_1`, "psql", "-U", "portal", "-d", "portal", "-Atc", "SELECT count(*) FROM information_schema.tables WHERE table_name LIKE '%throttle%'"], { allowFail: true });
  record("the throttle's table in the compose file's PostgreSQL", Number(tables.stdout.trim()) > 0, tables.stdout.trim() || tables.stderr.slice(0, 200));
} catch (e) {
  record("compose:verify ran to the end", false, (e as Error).message.slice(0, 2000));
} finally {
  if (env) {
    const down = compose(["down", "-v"]);
    record("podman-compose down -v", down.status === 0, down.status === 0 ? "" : down.stderr.slice(-500));
    // podman-compose 1.0.3 leaves the project's network behind.
    podman(["network", "rm", "-f", `${project}_default`], { allowFail: true });
  }
  await stack?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
const left = [
  podman(["ps", "-a", "--format", "{{.Names}}", "--filter", `name=${project}`], { allowFail: true }).stdout.trim(),
  podman(["network", "ls", "--format", "{{.Name}}", "--filter", `name=${project}`], { allowFail: true }).stdout.trim(),
  podman(["volume", "ls", "--format", "{{.Name}}", "--filter", `name=${project}`], { allowFail: true }).stdout.trim(),
]
  .filter(Boolean)
  .join(", ");
record("nothing left", left === "", left);
finish([""]);
