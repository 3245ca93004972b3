/**
 * `npm run container:verify` — the portal's image built from the Dockerfile and run for real (issue 24, ADR 028):
 *
 * 1. the base image made locally (base.ts; cached), the Dockerfile built with podman (image.ts; layer cache);
 * 2. the image: runs as a non-root user, has the HEALTHCHECK, its size and its node_modules' size printed;
 * 3. it refuses to start with bad secrets: each case of REFUSED_STARTS exits non-zero naming the setting
 *    (add a case when the portal learns to refuse another default);
 * 4. started with a read-only root file system (as deploy/kubernetes runs it) against the development identity
 *    service and reference API on this host (their address as containers see it; image.ts `hostAddress`),
 *    published on a free port of 127.0.0.1: the HEALTHCHECK (`podman healthcheck run`) passes, the server
 *    process is uid 1000, the application tree is owned by root and cannot be written, every package the server
 *    bundles import loads;
 * 5. a real browser (browser-flow.ts): sign in, the patient list, a patient page, sign out — JavaScript on and off;
 * 6. SIGTERM (`podman stop`): the container exits 0 within its grace period.
 *
 * Needs podman, runc and debootstrap (`apt-get install -y podman runc debootstrap`; .ci/run installs them), root
 * (debootstrap, rootful podman), the npm registry and the Debian mirror on the first run. Prints timings.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KNOWN_DEFAULT_SECRETS } from "../../app/config.server.js";
import { findFreePort, PROJECT_ROOT } from "../identity/cognito-local.js";
import { startStack, type Stack } from "../dev/stack.js";
import { portalEnv } from "../../tests/setup/portal.js";
import { copyPreparedWorld } from "../../tests/setup/world-cache.js";
import { browserFlow, launchBrowser } from "./browser-flow.js";
import { checklist } from "./checks.js";
import { buildPortalImage, hostAddress, mb, secs } from "./image.js";
import { podman, podmanAvailable } from "./podman.js";

/**
 * Start-ups the image must refuse: the environment overrides (on top of a valid configuration) and what the
 * refusal must name. app/config.server.ts decides; this list only checks that the image really refuses.
 */
export const REFUSED_STARTS: { name: string; env: Record<string, string | undefined>; expect: RegExp }[] = [
  { name: "SESSION_SECRETS missing", env: { SESSION_SECRETS: undefined }, expect: /SESSION_SECRETS: required/ },
  { name: "SESSION_SECRETS too short", env: { SESSION_SECRETS: "short-secret" }, expect: /SESSION_SECRETS: .*at least 32 characters/ },
  // Secrets that are not real (ADR 041): the example manifest's placeholder, 32 × "a", too little entropy.
  { name: "SESSION_SECRETS a placeholder", env: { SESSION_SECRETS: "CHANGE-ME-at-least-32-random-characters-each" }, expect: /SESSION_SECRETS: the secret is a placeholder/ },
  { name: "SESSION_SECRETS one repeated character", env: { SESSION_SECRETS: "a".repeat(32) }, expect: /SESSION_SECRETS: the secret repeats one character/ },
  { name: "SESSION_SECRETS with too little entropy", env: { SESSION_SECRETS: "11111111222222223333333344444444" }, expect: /SESSION_SECRETS: the secret has too little entropy/ },
  // Every secret written in the project's sources (ADR 024 §11), alone or beside an own one.
  ...KNOWN_DEFAULT_SECRETS.map((secret, i) => ({
    name: `a secret from the sources (${i + 1} of ${KNOWN_DEFAULT_SECRETS.length})`,
    env: { SESSION_SECRETS: i === 0 ? secret : `an-own-secret-of-this-clinic-0123456789abcdef,${secret}` },
    expect: /SESSION_SECRETS: a default secret from the project's sources is refused in production/,
  })),
];

const { record, timed, finish } = checklist();

const available = podmanAvailable();
if (!available.ok) {
  console.error(`container:verify: ${available.why}`);
  process.exit(1);
}
console.log(available.version);

// 1. Build.
const built = await timed("base image + build", () => buildPortalImage({ logName: "container-build.log" }));
record(`base image ${built.base.image}`, true, `${built.base.how} in ${secs(built.baseMs)} (${built.base.key})`);
record("podman build of the Dockerfile", true, `${secs(built.buildMs)}`);

// 2. The image's configuration and content.
const config = JSON.parse(podman(["image", "inspect", "--format", "{{json .Config}}", built.image]).stdout) as { User?: string; Healthcheck?: { Test?: string[] }; Cmd?: string[] };
const healthcheck = JSON.parse(podman(["image", "inspect", "--format", "{{json .HealthCheck}}", built.image], { allowFail: true }).stdout || "null") as { Test?: string[] } | null;
record("USER is not root", !!config.User && !/^(root|0)(:|$)/.test(config.User), `USER ${config.User ?? "(none)"}`);
const hc = config.Healthcheck?.Test ?? healthcheck?.Test ?? [];
record("HEALTHCHECK kept in the image (docker format), on /healthz", hc.join(" ").includes("/healthz"), hc.slice(0, 2).join(" "));
// Content sizes are the files' bytes (--apparent-size), which do not depend on the file system's block size; the
// blocks node_modules takes on this machine's disk (many small files: ~20 % more) are printed beside them.
const sizes = podman(["run", "--rm", "--network", "none", "--entrypoint", "sh", built.image, "-c", "du -sk --apparent-size /app/node_modules /app/build /app/public && ls /app/node_modules | wc -l && du -sk /app/node_modules"]).stdout.trim().split("\n");
const kb = (line: string | undefined) => Number(line?.split(/\s+/)[0] ?? 0) * 1024;
const nodeModulesBytes = kb(sizes[0]);
record("image size", true, `${mb(built.size)} (node_modules ${mb(nodeModulesBytes)} in ${sizes[3]?.trim()} top-level entries, ${mb(kb(sizes[4]))} on disk; build ${mb(kb(sizes[1]))}, public ${mb(kb(sizes[2]))})`);

// Nothing only development needs: no package the lockfile marks dev or devOptional (typescript and @types/react,
// optional peers npm installs anyway, are removed by the deps stage; the Dockerfile says why).
const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
const inImage = new Set(
  podman(["run", "--rm", "--network", "none", "--entrypoint", "sh", built.image, "-c", "cd /app && find node_modules -name package.json -not -path '*/node_modules/*/node_modules/*/node_modules/*' | sed 's#/package.json$##'"]).stdout.trim().split("\n"),
);
const devInImage = Object.entries(lock.packages).filter(([path, meta]) => path && (meta.dev || meta.devOptional) && inImage.has(path)).map(([path]) => path.replace(/^node_modules\//, ""));
record("no package the lockfile marks dev or devOptional in the image", devInImage.length === 0, devInImage.slice(0, 15).join(", ") || `${inImage.size} package directories`);

// The image's files (ADR 041): no CA of the build host, security sources, the SBOM. And the same checks on a
// deliberately dirty copy (the host's CA bundle in a file and NODE_EXTRA_CA_CERTS, apt's security and updates
// sources removed): each must fail there, or the check proves nothing.
const { hostCaChecks, mountImage, sbomChecks, securitySourcesCheck } = await import("./image-checks.js");
await timed("image content checks", async () => {
  const sbomDir = join(PROJECT_ROOT, "test-results", "sbom");
  mkdirSync(sbomDir, { recursive: true });
  const mounted = mountImage(built.image);
  try {
    for (const c of [...hostCaChecks(built.image, mounted.root), ...securitySourcesCheck(mounted.root), ...sbomChecks(mounted.root, join(sbomDir, "exer-portal.cdx.json"), "exer-portal", built.id)]) record(c.check, c.ok, c.detail);
  } finally {
    mounted.unmount();
  }
  const ca = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : "/etc/ssl/certs/ca-certificates.crt";
  const ctx = join(PROJECT_ROOT, "test-results", `dirty-image-${process.pid}`);
  mkdirSync(ctx, { recursive: true });
  copyFileSync(ca, join(ctx, "extra-ca.pem"));
  writeFileSync(
    join(ctx, "Containerfile"),
    `FROM ${built.image}\nUSER root\nCOPY extra-ca.pem /usr/local/share/exer/extra-ca.pem\nRUN rm -f /etc/apt/sources.list.d/* && echo "deb http://deb.debian.org/debian trixie main" > /etc/apt/sources.list\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/exer/extra-ca.pem\nUSER node\n`,
  );
  const dirty = "localhost/exer-portal:dirty-control";
  try {
    podman(["build", "--format", "docker", "--network", "none", "--pull=never", "-t", dirty, ctx]);
    const m = mountImage(dirty);
    try {
      const caught = [...hostCaChecks(dirty, m.root), ...securitySourcesCheck(m.root)].filter((c) => !c.ok).map((c) => c.check.split(" (")[0]!.slice(0, 60));
      record("negative control: the checks fail a copy with the host's CAs in a file and the environment and no security sources", caught.length === 3, `caught ${caught.length} of 3: ${caught.join("; ")}`);
    } finally {
      m.unmount();
    }
  } finally {
    podman(["rmi", "-f", dirty], { allowFail: true });
    rmSync(ctx, { recursive: true, force: true });
  }
});

// 3. Refusals.
const validEnv = (stack: { apiUrl: string; identity: Stack["identity"] }, port: number) => {
  const env: Record<string, string> = { ...portalEnv({ port, url: `http://localhost:${port}`, stack }), PORT: "3000", HOST: "0.0.0.0" };
  delete env.WEB_CONCURRENCY; // the image's default: one process per core
  return env;
};
const envArgs = (env: Record<string, string | undefined>) => Object.entries(env).flatMap(([k, v]) => (v === undefined ? [] : ["-e", `${k}=${v}`]));

let stack: Stack | undefined;
let container: string | undefined;
const dataDir = join(PROJECT_ROOT, "data", `container-verify-${process.pid}`);
try {
  const host = hostAddress();
  stack = await timed("identity service + reference API", async () => {
    await copyPreparedWorld(join(dataDir, "api"), "demo").catch(() => false);
    return startStack({ dataDir, world: "demo", host });
  });
  record("development identity service and reference API on the host", true, `${stack.identity.endpoint}, ${stack.apiUrl}`);
  const port = await findFreePort();
  const env = validEnv(stack, port);

  await timed("refusals", () => {
    for (const c of REFUSED_STARTS) {
      const r = podman(["run", "--rm", "--network", "none", ...envArgs({ ...env, ...c.env }), built.image], { allowFail: true, timeoutMs: 30_000 });
      const out = `${r.stdout}${r.stderr}`;
      record(`refuses to start: ${c.name}`, r.status !== 0 && c.expect.test(out), r.status === 0 ? "exit 0" : `exit ${r.status}: ${out.trim().split("\n").find((l) => c.expect.test(l)) ?? out.trim().slice(-300)}`);
    }
  });

  // 4. Run it.
  container = `exer-portal-verify-${process.pid}`;
  podman(["run", "-d", "--name", container, "--read-only", "--tmpfs", "/tmp:rw,size=64m", "--cap-drop", "ALL", "--security-opt", "no-new-privileges", "-p", `127.0.0.1:${port}:3000`, ...envArgs(env), built.image]);
  const healthy = await timed("HEALTHCHECK", async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (podman(["healthcheck", "run", container!], { allowFail: true }).status === 0) return true;
      const state = podman(["inspect", "--format", "{{.State.Status}}", container!], { allowFail: true }).stdout.trim();
      if (state !== "running") return false;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  });
  if (!record("HEALTHCHECK passes (podman healthcheck run)", healthy, healthy ? "" : podman(["logs", "--tail", "30", container], { allowFail: true }).stderr)) throw new Error("not healthy");
  const exec = (cmd: string[]) => podman(["exec", container!, ...cmd], { allowFail: true });
  const uid = exec(["sh", "-c", "grep -E '^Uid:' /proc/1/status; cat /proc/1/cmdline | tr '\\0' ' '"]).stdout;
  record("the server (PID 1) runs as uid 1000, not root", /^Uid:\s+1000\s/m.test(uid), uid.replace(/\s+/g, " ").trim());
  const owners = exec(["sh", "-c", "find /app ! -type l \\( ! -user root -o -perm -o+w \\) -print | head -5"]).stdout.trim();
  record("the application tree is root-owned, not writable by others", owners === "", owners || "every file root-owned, none world-writable");
  const write = exec(["node", "-e", "try { require('fs').writeFileSync('/app/build/server/x.js', ''); console.log('WRITTEN') } catch (e) { console.log(e.code) }"]).stdout.trim();
  record("the server's user cannot modify the application", write !== "WRITTEN", `write to /app/build/server: ${write}`);
  const rootWrite = exec(["sh", "-c", "touch /probe 2>&1 || true"]).stdout.trim();
  record("read-only root file system (only /tmp is writable)", /Read-only|Permission denied/i.test(rootWrite), rootWrite.replace(/^touch: /, ""));
  const imports = exec([
    "node",
    "--input-type=module",
    "-e",
    `import { readdirSync, readFileSync } from "node:fs"; import { isBuiltin } from "node:module";
     const specs = new Set();
     for (const f of readdirSync("build/server", { recursive: true })) { if (!String(f).endsWith(".js")) continue;
       const code = readFileSync("build/server/" + f, "utf8");
       for (const m of code.matchAll(/(?:^|[;\\n])\\s*(?:import|export)\\b[^;"'\`]*?\\bfrom\\s*["']([^"'./][^"']*)["']|\\bimport\\s*\\(\\s*["']([^"'./][^"']*)["']\\s*\\)/g)) specs.add(m[1] ?? m[2]); }
     const failed = [];
     for (const s of specs) { if (isBuiltin(s) || s === "vite") continue; try { await import(s); } catch (e) { failed.push(s + ": " + e.message.split("\\n")[0]); } }
     console.log(JSON.stringify({ count: specs.size, failed }));`,
  ]);
  const imported = JSON.parse(imports.stdout.trim() || '{"count":0,"failed":["(no output) ' + imports.stderr.replace(/"/g, "'").slice(0, 200) + '"]}') as { count: number; failed: string[] };
  record("every package the server bundles import loads in the image", imported.count > 10 && imported.failed.length === 0, imported.failed.length ? imported.failed.join("; ") : `${imported.count} specifiers (vite, dev mode only, exempt)`);
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
  record("/readyz through the published port", ready?.status === 200, `status ${ready?.status}`);

  // 5. A browser.
  const browser = await launchBrowser();
  try {
    for (const javaScript of [true, false]) {
      const steps = await timed(`browser (JS ${javaScript ? "on" : "off"})`, () => browserFlow(browser, `http://localhost:${port}`, { javaScript }));
      for (const s of steps) record(`[JS ${javaScript ? "on" : "off"}] ${s.step}`, s.ok, s.detail);
    }
  } finally {
    await browser.close();
  }

  // 6. SIGTERM.
  const t0 = Date.now();
  podman(["stop", "-t", "30", container], { allowFail: true });
  const exit = podman(["inspect", "--format", "{{.State.ExitCode}}", container], { allowFail: true }).stdout.trim();
  record("SIGTERM (podman stop) ends the server cleanly", exit === "0" && Date.now() - t0 < 30_000, `exit ${exit} in ${secs(Date.now() - t0)}`);
  const logs = podman(["logs", container], { allowFail: true });
  const logText = `${logs.stdout}${logs.stderr}`;
  record("the container's log has no error lines", !/"level":(50|60)|"level":"(error|fatal)"/.test(logText), `${logText.split("\n").length} lines`);
} catch (e) {
  record("container:verify ran to the end", false, (e as Error).message.slice(0, 2000));
} finally {
  if (container) podman(["rm", "-f", "-t", "0", container], { allowFail: true });
  await stack?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

finish([`\nimage ${built.image}: ${mb(built.size)}; node_modules ${mb(nodeModulesBytes)}`]);
