/**
 * podman as these machines run it (issue 24, ADR 028): Debian's podman with runc and cgroupfs (no systemd in the
 * sandbox), this directory's containers.conf (no default ulimits: raising RLIMIT_NOFILE is refused here). Every
 * call goes through `podman()` so no script forgets a flag. Builds use the host's network (`--network host`):
 * the build stages' `npm ci` reach the registry as the host does.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { fileURLToPath } from "node:url";

export const CONTAINERS_CONF = fileURLToPath(new URL("./containers.conf", import.meta.url));
export const PODMAN_GLOBAL_ARGS = ["--runtime", "runc", "--cgroup-manager=cgroupfs"];

export const podmanEnv = (): NodeJS.ProcessEnv => ({ ...process.env, CONTAINERS_CONF });

/** Runs podman and returns its output; throws with stderr when it fails (unless `allowFail`). */
export function podman(args: string[], opts: { input?: string | Buffer; allowFail?: boolean; inherit?: boolean; timeoutMs?: number } = {}): SpawnSyncReturns<string> {
  const r = spawnSync("podman", [...PODMAN_GLOBAL_ARGS, ...args], {
    env: podmanEnv(),
    input: opts.input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: opts.timeoutMs,
    stdio: opts.inherit ? ["pipe", "inherit", "inherit"] : ["pipe", "pipe", "pipe"],
  });
  if (!opts.allowFail && r.status !== 0) {
    throw new Error(`podman ${args.join(" ")} failed (exit ${r.status ?? r.signal}):\n${(r.stderr ?? "").slice(-4000)}${r.error ? `\n${r.error.message}` : ""}`);
  }
  return r;
}

/**
 * Runs podman without blocking this process (a step that takes seconds while the script also measures requests:
 * a synchronous call would freeze the requests' timers and fail them); resolves with its exit code and output.
 */
export function podmanAsync(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("podman", [...PODMAN_GLOBAL_ARGS, ...args], { env: podmanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString("utf8")));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString("utf8")));
    child.on("close", (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

/** Runs podman asynchronously, streaming its output with a prefix (long builds); resolves with the exit code. */
export function podmanStreaming(args: string[], prefix: string, log: (line: string) => void = (l) => console.log(l)): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("podman", [...PODMAN_GLOBAL_ARGS, ...args], { env: podmanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let partial = "";
    const onData = (b: Buffer) => {
      const lines = (partial + b.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const l of lines) log(`${prefix}${l}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      if (partial) log(`${prefix}${partial}`);
      resolve(code ?? 1);
    });
  });
}

/** Whether podman is installed and can run here (the message says what is missing otherwise). */
export function podmanAvailable(): { ok: true; version: string } | { ok: false; why: string } {
  const r = spawnSync("podman", ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) return { ok: false, why: "podman is not installed (apt-get install -y podman runc debootstrap; .ci/run does it in CI)" };
  return { ok: true, version: r.stdout.trim() };
}
