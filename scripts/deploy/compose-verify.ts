/**
 * `npm run compose:verify` — compose.yaml (a single-host clinic: the TLS proxy, the portal and its PostgreSQL) started
 * with Debian's podman-compose against the development identity service and reference API on the host, at the host's
 * address: the portal's HEALTHCHECK passes, only the proxy is published, a demo practitioner signs in over HTTPS
 * (Caddy's local certificate authority, trusted for this client only) and sees the dashboard — the session cookie is
 * Secure, so this failed over plain HTTP (issue 33) — the throttle's table is in the compose file's PostgreSQL, and
 * `down -v` removes everything. The images are deploy:verify's (the portal's, the PostgreSQL stand-in) and a Caddy
 * stand-in (caddy.Containerfile); run after it, or it builds them.
 */
import { spawnSync } from "node:child_process";
import { request as httpsRequest } from "node:https";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { findFreePort, PROJECT_ROOT } from "../identity/cognito-local.js";
import { startStack, type Stack } from "../dev/stack.js";
import { copyPreparedWorld } from "../../tests/setup/world-cache.js";
import { DEMO_PASSWORD } from "../../reference-api/src/seed/demo-accounts.js";
import { checklist, stackPortalEnv, waitUntil } from "../container/checks.js";
import { buildPortalImage, hostAddress } from "../container/image.js";
import { podman, podmanEnv } from "../container/podman.js";
import { buildCaddyImage, buildPostgresImage, CADDY_IMAGE, POSTGRES_IMAGE } from "./postgres-image.js";

const { record, finish } = checklist();
const project = `exercompose${process.pid}`;

if (spawnSync("podman-compose", ["version"], { encoding: "utf8" }).status !== 0) {
  console.error("compose:verify: podman-compose is not installed (apt-get install -y podman-compose; .ci/run installs it)");
  process.exit(1);
}
const built = await buildPortalImage({ logName: "compose-build.log" });
await buildPostgresImage(built.base.image);
await buildCaddyImage(built.base.image);

/** An HTTPS request trusting `ca` only (Node's fetch has no per-call CA): status, Set-Cookie, Location, body. */
function httpsCall(url: string, ca: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; cookies: string[]; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: opts.method ?? "GET", headers: opts.headers, ca, timeout: 30_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!), location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timeout")));
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

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
  const url = `https://localhost:${port}`;
  env = {
    ...podmanEnv(),
    ...stackPortalEnv(stack),
    PORTAL_IMAGE: built.image,
    POSTGRES_IMAGE,
    PROXY_IMAGE: CADDY_IMAGE,
    PORTAL_BIND: "127.0.0.1",
    PORTAL_PORT: String(port),
    PORTAL_HOST: "localhost",
    PUBLIC_URL: url,
    SESSION_SECRETS: randomBytes(32).toString("base64url"),
    POSTGRES_PASSWORD: randomBytes(16).toString("hex"),
    WEB_CONCURRENCY: "1",
  };
  const up = compose(["up", "-d"]);
  if (!record("podman-compose up -d", up.status === 0, up.status === 0 ? "" : `${up.stdout}${up.stderr}`.slice(-2000))) throw new Error("up failed");
  const portal = `${project}_portal_1`;
  const proxy = `${project}_proxy_1`;
  const healthy = await waitUntil(() => podman(["healthcheck", "run", portal], { allowFail: true }).status === 0, { timeoutMs: 240_000, everyMs: 1000 });
  record("the portal's HEALTHCHECK passes", healthy, healthy ? "" : podman(["logs", "--tail", "20", portal], { allowFail: true }).stderr.slice(-1500));
  const published = podman(["ps", "--filter", `name=${project}`, "--format", "{{.Names}} {{.Ports}}"], { allowFail: true }).stdout.trim().split("\n").filter((l) => /->/.test(l));
  record("only the TLS proxy is published, on 127.0.0.1", published.length === 1 && published[0]!.startsWith(proxy) && published[0]!.includes(`127.0.0.1:${port}->8443`), published.join("; "));
  // Caddy's local authority signs the site's certificate at start-up; this client trusts its root (an operator
  // installs it on the clinic's machines, or mounts the clinic's own certificate: deploy/compose/Caddyfile).
  const root = await (async () => {
    for (let i = 0; i < 60; i++) {
      const r = podman(["exec", proxy, "cat", "/data/caddy/pki/authorities/local/root.crt"], { allowFail: true });
      if (r.status === 0 && r.stdout.includes("BEGIN CERTIFICATE")) return r.stdout;
      await new Promise((res) => setTimeout(res, 1000));
    }
    return "";
  })();
  const ready = root ? await waitUntil(async () => (await httpsCall(`${url}/readyz`, root).catch(() => ({ status: 0 }))).status === 200, { timeoutMs: 60_000, everyMs: 1000 }) : false;
  record("HTTPS through the proxy with its local certificate", ready, root ? "" : podman(["logs", "--tail", "20", proxy], { allowFail: true }).stderr.slice(-1500));
  const login = await httpsCall(`${url}/user/login/`, root, {
    method: "POST",
    body: new URLSearchParams({ email: "practitioner@frontrange.example", password: DEMO_PASSWORD }).toString(),
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
  });
  const cookie = login.cookies.join("; ");
  const home = await httpsCall(`${url}/home/`, root, { headers: { cookie } });
  record("sign-in over HTTPS through the proxy, the dashboard", (login.status === 302 || login.status === 303) && /Hi (<!-- -->)?Maya/.test(home.body), `POST ${login.status} → ${login.location}, /home/ ${home.status}`);
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
