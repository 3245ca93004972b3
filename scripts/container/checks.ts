/**
 * The checklist the container, deployment and compose verifications print (container:verify, deploy:verify,
 * compose:verify): each check one line, `ok` or `FAIL` with its detail; timed steps; a summary and the exit code.
 * And what they (and bench:container) do alike: the portal's settings for the host's stack, waiting until it is
 * ready, the demo practitioner's sign-in and greeting.
 */
import { DEMO_PASSWORD } from "../../reference-api/src/seed/demo-accounts.js";
import { secs } from "./image.js";

export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
}

export function checklist() {
  const results: CheckResult[] = [];
  const timings: [string, number][] = [];
  const started = Date.now();
  /** Prints and keeps one check; answers `ok`. */
  const record = (check: string, ok: boolean, detail = "") => {
    results.push({ check, ok, detail });
    console.log(`${ok ? "ok  " : "FAIL"} ${check}${detail ? ` — ${detail}` : ""}`);
    return ok;
  };
  /** Runs a step and keeps how long it took (for the summary's timings). */
  const timed = async <T>(what: string, fn: () => Promise<T> | T): Promise<T> => {
    const t = Date.now();
    try {
      return await fn();
    } finally {
      timings.push([what, Date.now() - t]);
    }
  };
  /** The summary (timings, counts), then exit 1 if any check failed. */
  const finish = (before: string[] = []): never => {
    const failed = results.filter((r) => !r.ok);
    for (const line of before) console.log(line);
    const timed = timings.length ? `timings: ${timings.map(([w, ms]) => `${w} ${secs(ms)}`).join(", ")}; ` : "";
    console.log(`${timed}total ${secs(Date.now() - started)}`);
    console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
    process.exit(failed.length ? 1 : 0);
  };
  return { results, record, timed, finish };
}

/** What the portal's settings need of a development stack (the identity service and reference API on this host). */
export interface StackAddresses {
  apiUrl: string;
  identity: { endpoint: string; region: string; userPoolId: string; clientId: string };
}

/**
 * The portal's settings that point it at `stack` (names as the portal's env validation reads them), with a help
 * centre. No secret: the caller adds SESSION_SECRETS where its portal keeps them (an environment, a Secret).
 */
export function stackPortalEnv(stack: StackAddresses): Record<string, string> {
  return {
    PROVIDER_API_URL: stack.apiUrl,
    COGNITO_ENDPOINT: stack.identity.endpoint,
    COGNITO_REGION: stack.identity.region,
    COGNITO_USER_POOL_ID: stack.identity.userPoolId,
    COGNITO_CLIENT_ID: stack.identity.clientId,
    HELP_CENTER_URL: "https://help.example.com/",
  };
}

/** Asks `ready` every `everyMs` until it answers true (→ true) or `timeoutMs` has passed (→ false). */
export async function waitUntil(ready: () => Promise<boolean> | boolean, opts: { timeoutMs: number; everyMs: number }): Promise<boolean> {
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return true;
    await new Promise((r) => setTimeout(r, opts.everyMs));
  }
  return false;
}

/** The portal at `url` answers /readyz with 200 (within 2 s). */
export async function portalReady(url: string): Promise<boolean> {
  return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 200;
}

/** The demo practitioner (Maya, no authenticator) signs in with the login form's POST: its answer and session cookie. */
export async function signInDemoPractitioner(url: string): Promise<{ status: number; location: string | null; cookie: string }> {
  const login = await fetch(`${url}/user/login/`, {
    method: "POST",
    body: new URLSearchParams({ email: "practitioner@frontrange.example", password: DEMO_PASSWORD }),
    redirect: "manual",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { status: login.status, location: login.headers.get("location"), cookie };
}

/** The dashboard with `cookie`: its status and whether it greets the demo practitioner. */
export async function homeGreets(url: string, cookie: string): Promise<{ status: number; greeted: boolean }> {
  const r = await fetch(`${url}/home/`, { headers: { cookie }, redirect: "manual" });
  return { status: r.status, greeted: /Hi (<!-- -->)?Maya/.test(await r.text()) };
}
