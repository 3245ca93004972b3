/**
 * A private PostgreSQL server for the tests' PostgreSQL mode (TEST_DATABASE=postgres, ADR 016): `initdb` into a
 * temporary directory, `postgres` on a free port of 127.0.0.1 (its unix socket in the same directory), tuned
 * for throw-away data (fsync, synchronous_commit and full_page_writes off), stopped and removed at the end —
 * also when the run fails or is interrupted.
 *
 * PostgreSQL refuses to run as root (CI runs as root): then the server runs as the `postgres` system user the
 * Debian package creates (else `nobody`) through `setpriv`, which execs in place so the child's pid is the
 * server's own. As a normal user it runs as that user.
 *
 * The server's time zone is deliberately not UTC (America/Denver): the reference API must pin its own sessions
 * to UTC like the embedded PGlite, and a test that depends on the server's zone fails here.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PostgresServer {
  /** Connection URL of the maintenance database `postgres` as the superuser `postgres` (trust, 127.0.0.1 only). */
  adminUrl: string;
  /** URL of database `name` on this server. */
  urlOf(name: string): string;
  port: number;
  stop(): Promise<void>;
}

/** The directory of PostgreSQL's server binaries: PG_BIN, the newest /usr/lib/postgresql/<v>/bin, pg_config, or PATH. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, "bin", "postgres")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], "bin");
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (existsSync(join(dir, "postgres"))) return dir;
  } catch {
    /* no pg_config */
  }
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  return onPath ? join(onPath, "..") : undefined;
}

/** uid/gid to run the server as when we are root: the `postgres` system user, else `nobody`. */
function unprivilegedUser(): { uid: number; gid: number; name: string } {
  for (const name of ["postgres", "nobody"]) {
    const r = spawnSync("id", ["-u", name], { encoding: "utf8" });
    if (r.status === 0) {
      const uid = Number(r.stdout.trim());
      const gid = Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout.trim());
      return { uid, gid, name };
    }
  }
  throw new Error("running as root and neither the postgres nor the nobody user exists: PostgreSQL refuses to run as root");
}

async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      const port = typeof a === "object" && a ? a.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

export async function startPostgres(opts: { log?: (m: string) => void; timeoutMs?: number } = {}): Promise<PostgresServer> {
  const log = opts.log ?? (() => {});
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL test mode: no PostgreSQL server binaries found (apt-get install -y postgresql, or set PG_BIN)");
  const base = mkdtempSync(join(tmpdir(), "pg-test-"));
  const dataDir = join(base, "data");
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? unprivilegedUser() : undefined;
  if (user) chownSync(base, user.uid, user.gid);
  // setpriv execs the program in place (no intermediate process), so signals reach the server itself.
  const cmd = (program: string, args: string[]): [string, string[]] =>
    user ? ["setpriv", [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", join(bin, program), ...args]] : [join(bin, program), args];

  let child: ChildProcess | undefined;
  let stopped = false;
  // Retries: the server's background processes may still be writing for a moment after it is killed.
  const removeDir = () => rmSync(base, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  /** Fast shutdown (SIGINT: ends the sessions), SIGKILL after 10 s; then the directory goes. */
  const stopServer = async () => {
    if (stopped) return;
    stopped = true;
    const server = child;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGINT");
      const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    removeDir();
  };
  // Last resort when the process exits without stop() (synchronous: kill, then remove).
  const onExit = () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    try {
      removeDir();
    } catch {
      /* best effort while exiting */
    }
  };
  const detach = () => {
    process.removeListener("exit", onExit);
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  };
  // Interrupted (Ctrl-C, CI cancelling): stop the server cleanly, then let the signal take its course.
  async function onSignal(signal: NodeJS.Signals) {
    detach();
    await stopServer().catch(() => onExit());
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const [initCmd, initArgs] = cmd("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"]);
    const init = spawnSync(initCmd, initArgs, { encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" }, cwd: base });
    if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout || init.error?.message}`);
    const port = await freePort();
    const settings = {
      listen_addresses: "127.0.0.1",
      port: String(port),
      unix_socket_directories: base,
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      timezone: "America/Denver",
      log_timezone: "UTC",
      max_connections: "200",
      shared_buffers: "64MB",
      logging_collector: "off",
      log_min_messages: "warning",
    };
    const [pgCmd, pgArgs] = cmd("postgres", ["-D", dataDir, ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])]);
    let output = "";
    child = spawn(pgCmd, pgArgs, { stdio: ["ignore", "pipe", "pipe"], cwd: base });
    const keep = (b: Buffer) => (output = (output + b.toString()).slice(-10_000));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const pg = (await import("pg")).default;
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${output}`);
      const c = new pg.Client({ connectionString: adminUrl });
      try {
        await c.connect();
        await c.query("SELECT 1");
        await c.end();
        break;
      } catch {
        await c.end().catch(() => {});
      }
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    log(`PostgreSQL (${bin}) on 127.0.0.1:${port}${user ? ` as ${user.name}` : ""}, data in ${dataDir}`);
    return {
      adminUrl,
      port,
      urlOf: (name) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`,
      async stop() {
        detach();
        await stopServer();
      },
    };
  } catch (e) {
    detach();
    await stopServer().catch(() => onExit());
    throw e;
  }
}
