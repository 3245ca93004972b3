/** POST: the user is still there (the inactivity warning's "Stay signed in"). A GET goes home. */
import { redirect } from "react-router";
import { sessionAuth } from "../auth/current-user.server";
import { getSession } from "../auth/session.server";
import type { Route } from "./+types/user.keep-alive";
import { requireSignedIn } from "../auth/current-user.server";

/** Signed in (any groups): the session, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export async function action({ request, context }: Route.ActionArgs) {
  const auth = sessionAuth(context);
  getSession(request, context).set("auth", { ...auth, lastActivityAt: Date.now() });
  return { ok: true };
}

export function loader() {
  throw redirect("/");
}

export default function KeepAlive() {
  return null;
}
