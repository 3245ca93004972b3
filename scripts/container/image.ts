/**
 * The portal's image built with podman from the project's Dockerfile (ADRs 028, 041): on the local base image
 * (base.ts) passed as NODE_IMAGE by its image id (the pin: the build runs on exactly the image base.ts made),
 * `--format docker` (the OCI format has no HEALTHCHECK; podman would drop it), the host's network for the stages'
 * `npm ci`, and the host's extra certificate authorities (NODE_EXTRA_CA_CERTS, when set) as the build secret
 * `build_ca` that only the install step mounts. podman's layer cache makes a rebuild without changes take seconds;
 * a change of the sources reruns the build stage only, of the lockfile the install (once: the production tree is
 * pruned from it). Shared by
 * container:verify and deploy:verify.
 */
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { ensureBaseImage } from "./base.js";
import { podman, podmanStreaming } from "./podman.js";

export const PORTAL_IMAGE = "localhost/exer-portal:verify";

export interface BuiltImage {
  image: string;
  /** The built image's id (the SBOM names it). */
  id: string;
  base: ReturnType<typeof ensureBaseImage>;
  baseMs: number;
  buildMs: number;
  /** The image's size as podman counts it (bytes, uncompressed layers). */
  size: number;
}

/** The host's extra CAs as the `build_ca` build secret (none when the host has none). */
export function buildCaSecret(): string[] {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  return ca && existsSync(ca) ? ["--secret", `id=build_ca,src=${ca}`] : [];
}

/** Builds the portal's image (output in test-results/<logName>); throws with the log's end when it fails. */
export async function buildPortalImage(opts: { log?: (m: string) => void; logName?: string } = {}): Promise<BuiltImage> {
  const log = opts.log ?? ((m: string) => console.log(m));
  let t = Date.now();
  const base = ensureBaseImage(log);
  const baseMs = Date.now() - t;
  mkdirSync(join(PROJECT_ROOT, "test-results"), { recursive: true });
  const logFile = join(PROJECT_ROOT, "test-results", opts.logName ?? "container-build.log");
  const out = createWriteStream(logFile);
  let tail: string[] = [];
  t = Date.now();
  log(`podman build (${logFile}) …`);
  const code = await podmanStreaming(
    ["build", "--format", "docker", "--network", "host", "--build-arg", `NODE_IMAGE=${base.id}`, ...buildCaSecret(), "--pull=never", "-t", PORTAL_IMAGE, "-f", join(PROJECT_ROOT, "Dockerfile"), PROJECT_ROOT],
    "",
    (line) => {
      out.write(`${line}\n`);
      tail = [...tail, line].slice(-60);
      if (/^\[\d\/\d\] STEP/.test(line)) log(`  ${line.slice(0, 160)}`);
    },
  );
  out.end();
  const buildMs = Date.now() - t;
  if (code !== 0) throw new Error(`podman build failed (exit ${code}); the end of ${logFile}:\n${tail.join("\n")}`);
  const size = Number(podman(["image", "inspect", "--format", "{{.Size}}", PORTAL_IMAGE]).stdout.trim());
  const id = podman(["image", "inspect", "--format", "{{.Id}}", PORTAL_IMAGE]).stdout.trim();
  // Build-cache layers of earlier sources: what a day-old run left behind is of no more use.
  podman(["image", "prune", "-f", "--filter", "until=24h"], { allowFail: true });
  return { image: PORTAL_IMAGE, id, base, baseMs, buildMs, size };
}

/**
 * The host's own address on its network (the first non-loopback IPv4): containers reach the services of the host
 * (the development identity service, the reference API) there, and the host names them by it too, so the token
 * issuer and URLs are the same from both sides. HOST_ADDRESS to choose.
 */
export function hostAddress(): string {
  if (process.env.HOST_ADDRESS) return process.env.HOST_ADDRESS;
  // Not a bridge of the container engines (podman0, cni-podman*, docker0, veth*): those exist only while containers run.
  for (const [name, list] of Object.entries(networkInterfaces())) {
    if (/^(podman|cni-|docker|veth|br-)/.test(name)) continue;
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  throw new Error("no non-loopback IPv4 address on this host: set HOST_ADDRESS to one containers can reach");
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
