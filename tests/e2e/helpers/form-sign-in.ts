/**
 * Signing in to a portal with plain HTTP (no browser): the login form's post — and, for an account with an
 * authenticator (the demo staff accounts, ADR 027), the code step's post with a fresh code of the secret
 * provisioning recorded (helpers/fresh-code.ts) — the session cookies kept in a jar. For tests that drive a portal as a load balancer, a monitoring
 * system or an attacker would (shutdown, metrics, the authorization matrix, odd requests), also against an extra
 * portal whose session secret is its own (helpers/session.ts's cached cookies are the run's portal's).
 */
import { CODE_ATTEMPTS, freshTotpCode } from "./fresh-code.js";
import { DEMO_PASSWORD } from "./stack.js";
import { demoTotpSecret } from "./ui.js";

/** One caller's cookies (name → value; the portal sets path=/ cookies only), as a browser would keep them. */
export class CookieJar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === "" || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Posts a form as the portal's pages do (same origin), keeping the cookies the answer sets. */
export async function postForm(baseUrl: string, jar: CookieJar, path: string, form: Record<string, string>): Promise<Response> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(baseUrl).origin, "Content-Type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams(form),
  });
  await res.body?.cancel();
  jar.take(res);
  return res;
}

/**
 * The jar of a sign-in. `strict`: the sign-in must succeed (else it throws); without it, a refused sign-in (an
 * account without a role, a disabled organization) leaves the jar as the portal left it. `totpSecret`: the
 * authenticator of an account of the test's own (a demo staff account's is known).
 */
export async function signInJar(baseUrl: string, email: string, opts: { password?: string; strict?: boolean; totpSecret?: string } = {}): Promise<CookieJar> {
  const jar = new CookieJar();
  let res = await postForm(baseUrl, jar, "/user/login/", { email, password: opts.password ?? DEMO_PASSWORD });
  const secret = opts.totpSecret ?? demoTotpSecret(email);
  if (res.status === 302 && new URL(res.headers.get("location") ?? "", baseUrl).pathname === "/user/login/mfa/" && secret) {
    // A code this run has not offered (a code is taken once; other workers sign the same account in); a refused
    // one (401) is answered again with the next fresh code.
    for (let attempt = 1; ; attempt++) {
      res = await postForm(baseUrl, jar, "/user/login/mfa/", { code: await freshTotpCode(secret) });
      if (res.status !== 401 || attempt >= CODE_ATTEMPTS) break;
    }
  }
  if (opts.strict && (res.status !== 302 || jar.header() === "" || new URL(res.headers.get("location") ?? "", baseUrl).pathname.startsWith("/user/login"))) {
    throw new Error(`sign-in of ${email} answered ${res.status} ${res.headers.get("location") ?? ""}`);
  }
  return jar;
}

/** The Cookie header of a successful sign-in. */
export async function formSignIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  return (await signInJar(baseUrl, email, { password, strict: true })).header();
}
