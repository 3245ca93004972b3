/**
 * Signing in to a portal with plain HTTP (no browser): the login form's post, the session cookies kept as a
 * Cookie header. For tests that drive a portal as a load balancer or a monitoring system would (shutdown, metrics),
 * against an extra portal whose session secret is its own (helpers/session.ts's cached cookies are the run's portal's).
 */
import { DEMO_PASSWORD } from "./stack.js";

export async function formSignIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/user/login/`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(baseUrl).origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  await res.body?.cancel();
  const cookies = res.headers.getSetCookie().map((c) => c.split(";", 1)[0]!);
  if (res.status !== 302 || cookies.length === 0) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return cookies.join("; ");
}
