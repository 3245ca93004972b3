/**
 * Sign-ins shared by every worker of the run, each in a file of the run's data directory (as the accessibility
 * verdicts are, a11y.ts): a demo account's session cookies or access token that one worker signed in for serve the
 * other workers too, until they age out, instead of each worker signing in again. Each sign-in of an account with
 * two-step verification takes a fresh authenticator code, and waits up to 30 s for the next one when another worker
 * has just taken the current one: a `beforeAll` that signed in ran out of its 30 s so (admin-sessions.spec), and the
 * run's sign-ins waited over a minute in all for codes.
 *
 * The files hold the demo accounts' cookies and tokens of this run's stack, readable by its user only; the directory
 * goes with the run (the global setup's teardown).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readState } from "../../setup/state.js";

/** The longest a worker waits for another's sign-in (an authenticator code can take 30 s) before signing in itself. */
const LOCK_WAIT_MS = 60_000;

/**
 * One sign-in of a kind per key and run: `oncePerRun("token", maxAgeMs)` answers `(key, make)` with what any worker
 * made for `key` within `maxAgeMs` (this worker's promise first, then another worker's file), else with `make()`.
 * Aged from the sign-in, which may be another worker's; a failed one is not kept (the next test tries again).
 */
export function oncePerRun<T>(kind: string, maxAgeMs: number): (key: string, make: () => Promise<T>, now?: number) => Promise<T> {
  const mine = new Map<string, { at: number; value: Promise<T> }>();
  return (key, make, now = Date.now()) => {
    const hit = mine.get(key);
    if (hit && now - hit.at < maxAgeMs) return hit.value;
    const shared = sharedInRun(kind, key, maxAgeMs, make, now);
    const value = shared.then((s) => s.value);
    const entry = { at: now, value };
    mine.set(key, entry);
    shared.then(
      (s) => (entry.at = s.at),
      () => mine.get(key) === entry && mine.delete(key),
    );
    return value;
  };
}

/** What `make` answered for `key` at `at` — made now, or read from another worker's file when younger than `maxAgeMs`. */
async function sharedInRun<T>(kind: string, key: string, maxAgeMs: number, make: () => Promise<T>, now = Date.now()): Promise<{ at: number; value: T }> {
  const dir = join(readState().dataDir, "signed-in", kind);
  const file = join(dir, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.json`);
  const fresh = () => {
    try {
      const kept = JSON.parse(readFileSync(file, "utf8")) as { at: number; value: T };
      return now - kept.at < maxAgeMs ? kept : undefined;
    } catch {
      return undefined; // None yet (a file is written whole, by a rename).
    }
  };
  const kept = fresh();
  if (kept) return kept;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // One worker signs in; another that needs the same account meanwhile waits for its file (the workers start together).
  const lock = `${file}.lock`;
  let mine = false;
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx", mode: 0o600 });
    mine = true;
  } catch {
    for (let waited = 0; waited < LOCK_WAIT_MS && existsSync(lock); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      const theirs = fresh();
      if (theirs) return theirs;
    }
  }
  try {
    const value = await make();
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, JSON.stringify({ at: now, value }), { mode: 0o600 });
    renameSync(part, file);
    return { at: now, value };
  } finally {
    if (mine) rmSync(lock, { force: true });
  }
}
