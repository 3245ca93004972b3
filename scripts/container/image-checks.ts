/**
 * What container:verify checks in an image's files and configuration without running it (issue 33, ADR 041), read
 * from the image's root file system as podman mounts it (`podman image mount`, rootful):
 *
 * - **no certificate authority of the build host**: the host's extra CAs (NODE_EXTRA_CA_CERTS' bundle, less the
 *   roots Node ships itself: what only this host trusts — its TLS-intercepting proxy, its mirrors) are in no file of
 *   the image, and no variable of the image's environment points Node or OpenSSL at extra CAs;
 * - **security updates**: the image's apt sources name its release's `-security` and `-updates` suites;
 * - **the software bill of materials** (CycloneDX) of what the image holds: the npm packages of /app/node_modules,
 *   the Debian packages (dpkg's status file) and Node, written to test-results/sbom/.
 *
 * Each function answers the checks as `{ check, ok, detail }` lines; container:verify records them for the built
 * image and for a deliberately dirty copy of it (the checks must fail there: the negative control).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { podman } from "./podman.js";

export interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

/** The certificates of a PEM bundle (their base64 bodies, one line each). */
export function pemBodies(pem: string): string[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((m) => m[1]!.replace(/\s+/g, ""));
}

/**
 * Strings that identify the build host's own CAs in a file: a 64-character line from the middle of each PEM body
 * (PEM wraps at 64; the first lines of many certificates look alike). The host's bundle less Node's own roots; when
 * that leaves nothing (a host without interception), every certificate of the bundle (the runtime image has no CA
 * bundle at all: Node's roots are compiled in).
 */
export function hostCaNeedles(bundleFile = process.env.NODE_EXTRA_CA_CERTS ?? "/etc/ssl/certs/ca-certificates.crt"): { needles: string[]; hostOnly: number; bundle: number } {
  if (!existsSync(bundleFile)) return { needles: [], hostOnly: 0, bundle: 0 };
  const bundle = pemBodies(readFileSync(bundleFile, "utf8"));
  const nodeRoots = new Set(rootCertificates.flatMap(pemBodies));
  const hostOnly = bundle.filter((b) => !nodeRoots.has(b));
  const chosen = hostOnly.length ? hostOnly : bundle;
  const needles = chosen.map((b) => b.slice(64 * 2, 64 * 3)).filter((n) => n.length === 64);
  return { needles, hostOnly: hostOnly.length, bundle: bundle.length };
}

/** Mounts the image's root file system (read it, then `unmount`). */
export function mountImage(image: string): { root: string; unmount: () => void } {
  const root = podman(["image", "mount", image]).stdout.trim();
  return { root, unmount: () => void podman(["image", "unmount", image], { allowFail: true }) };
}

const CA_VARIABLES = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE)=|^NODE_OPTIONS=.*--use-(openssl|system)-ca/;

/** No host CA in the image's files or environment. */
export function hostCaChecks(image: string, root: string): Check[] {
  const env = JSON.parse(podman(["image", "inspect", "--format", "{{json .Config.Env}}", image]).stdout || "[]") as string[];
  const caEnv = (env ?? []).filter((e) => CA_VARIABLES.test(e));
  const { needles, hostOnly, bundle } = hostCaNeedles();
  let found: string[] = [];
  if (needles.length) {
    const patterns = join(tmpdir(), `ca-needles-${process.pid}.txt`);
    writeFileSync(patterns, `${needles.join("\n")}\n`);
    // grep -F over the whole tree (the image's ~300 MB: seconds); /proc, /sys, /dev are empty in an image.
    const r = spawnSync("grep", ["-rlF", "--binary-files=text", "-f", patterns, "."], { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    found = r.stdout.trim().split("\n").filter(Boolean).map((f) => f.replace(/^\./, ""));
    spawnSync("rm", ["-f", patterns]);
  }
  return [
    { check: "no variable of the image's environment points Node or OpenSSL at extra CAs (NODE_EXTRA_CA_CERTS, SSL_CERT_FILE, …)", ok: caEnv.length === 0, detail: caEnv.join(" ") || `${env.length} variables` },
    {
      check: "no certificate authority of the build host in the image's files",
      ok: needles.length > 0 && found.length === 0,
      detail: needles.length === 0 ? "the host has no CA bundle to compare with" : found.length ? `in ${found.slice(0, 5).join(", ")}` : `${needles.length} of the host's CAs (${hostOnly} its own of ${bundle} in its bundle) searched for in every file`,
    },
  ];
}

/** The release (os-release) and its apt sources: `<codename>-security` and `<codename>-updates` must be there. */
export function securitySourcesCheck(root: string): Check[] {
  const osRelease = readFileSync(join(root, "etc/os-release"), "utf8");
  const codename = /^VERSION_CODENAME=(\S+)/m.exec(osRelease)?.[1] ?? "";
  const pretty = /^PRETTY_NAME="?([^"\n]+)/m.exec(osRelease)?.[1] ?? "";
  const files = [join(root, "etc/apt/sources.list"), ...(existsSync(join(root, "etc/apt/sources.list.d")) ? readdirSync(join(root, "etc/apt/sources.list.d")).map((f) => join(root, "etc/apt/sources.list.d", f)) : [])];
  const suites = new Set<string>();
  for (const f of files) {
    if (!existsSync(f)) continue;
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/^\s*deb\s+(?:\[[^\]]*\]\s+)?\S+\s+(\S+)/gm)) suites.add(m[1]!);
    for (const m of text.matchAll(/^Suites:\s*(.+)$/gm)) for (const s of m[1]!.trim().split(/\s+/)) suites.add(s);
  }
  const missing = [`${codename}-security`, `${codename}-updates`].filter((s) => !suites.has(s));
  return [{ check: "the base's apt sources have its release's security and updates suites", ok: !!codename && missing.length === 0, detail: `${pretty}; suites ${[...suites].join(", ") || "(none)"}${missing.length ? `; missing ${missing.join(", ")}` : ""}` }];
}

/** The image's Debian packages from dpkg's status file (installed ones). */
export function debianPackages(status: string): { name: string; version: string; arch: string }[] {
  return status
    .split(/\n\n+/)
    .map((block) => ({
      name: /^Package: (\S+)/m.exec(block)?.[1] ?? "",
      version: /^Version: (\S+)/m.exec(block)?.[1] ?? "",
      arch: /^Architecture: (\S+)/m.exec(block)?.[1] ?? "",
      installed: /^Status: .* installed$/m.test(block),
    }))
    .filter((p) => p.name && p.installed)
    .map(({ name, version, arch }) => ({ name, version, arch }));
}

/** The npm packages installed under `dir` (every node_modules level): name, version, license. */
export function npmPackages(dir: string): { name: string; version: string; license?: string; path: string }[] {
  const out: { name: string; version: string; license?: string; path: string }[] = [];
  const walk = (nm: string) => {
    if (!existsSync(nm)) return;
    for (const entry of readdirSync(nm)) {
      if (entry.startsWith(".")) continue;
      const dirs = entry.startsWith("@") ? readdirSync(join(nm, entry)).map((e) => join(entry, e)) : [entry];
      for (const d of dirs) {
        const pj = join(nm, d, "package.json");
        if (!existsSync(pj)) continue;
        const meta = JSON.parse(readFileSync(pj, "utf8")) as { name?: string; version?: string; license?: unknown };
        if (meta.name && meta.version) out.push({ name: meta.name, version: meta.version, license: typeof meta.license === "string" ? meta.license : undefined, path: join(nm, d) });
        walk(join(nm, d, "node_modules"));
      }
    }
  };
  walk(join(dir, "node_modules"));
  return out;
}

/**
 * The image's SBOM (CycloneDX 1.5 JSON) from its own files: every npm package under /app/node_modules (purl
 * pkg:npm/…), every installed Debian package (pkg:deb/debian/…), Node (pkg:generic/node@…), the OS — written to
 * `out`. What is in the image, not what a lockfile says should be.
 */
export function sbomChecks(root: string, out: string, imageName: string, imageId: string): Check[] {
  const osRelease = readFileSync(join(root, "etc/os-release"), "utf8");
  const codename = /^VERSION_CODENAME=(\S+)/m.exec(osRelease)?.[1] ?? "";
  const versionId = /^VERSION_ID="?(\d+)/m.exec(osRelease)?.[1] ?? "";
  const npm = npmPackages(join(root, "app"));
  const debs = debianPackages(readFileSync(join(root, "var/lib/dpkg/status"), "utf8"));
  const nodeVersion = spawnSync(join(root, "usr/local/bin/node"), ["--version"], { encoding: "utf8" }).stdout.trim().replace(/^v/, "");
  const npmPurl = (name: string, version: string) => `pkg:npm/${name.replace("@", "%40")}@${version}`;
  const seen = new Set<string>();
  const components = [
    ...npm
      .filter((p) => !seen.has(`${p.name}@${p.version}`) && seen.add(`${p.name}@${p.version}`))
      .map((p) => ({ type: "library", "bom-ref": npmPurl(p.name, p.version), name: p.name, version: p.version, purl: npmPurl(p.name, p.version), ...(p.license ? { licenses: [{ expression: p.license }] } : {}) })),
    ...debs.map((p) => ({ type: "library", "bom-ref": `deb:${p.name}`, name: p.name, version: p.version, purl: `pkg:deb/debian/${p.name}@${encodeURIComponent(p.version)}?arch=${p.arch}&distro=debian-${versionId}` })),
    { type: "platform", "bom-ref": "node", name: "node", version: nodeVersion, purl: `pkg:generic/node@${nodeVersion}` },
    { type: "operating-system", "bom-ref": "debian", name: "debian", version: `${versionId} (${codename})` },
  ];
  const bom = {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: { timestamp: new Date().toISOString(), tools: [{ vendor: "exer", name: "scripts/container/image-checks.ts" }], component: { type: "container", "bom-ref": "image", name: imageName, version: imageId } },
    components,
  };
  writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
  const names = new Set(npm.map((p) => p.name));
  const runtime = ["react", "react-dom", "react-router", "express", "zod", "pg"].filter((n) => !names.has(n));
  return [
    {
      check: "the image's SBOM (CycloneDX) from its files: its npm packages, Debian packages and Node",
      ok: npm.length > 100 && runtime.length === 0 && debs.length > 50 && !!nodeVersion,
      detail: `${out}: ${components.length} components (${seen.size} npm packages, ${debs.length} Debian packages, node ${nodeVersion})${runtime.length ? `; missing ${runtime.join(", ")}` : ""}`,
    },
  ];
}
