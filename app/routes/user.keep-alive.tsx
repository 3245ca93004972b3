/** POST: the user is still there (the inactivity warning's "Stay signed in"). A GET goes home. */
import { redirect } from "react-router";
import { requireSession } from "../auth/user.server";
import { getSession } from "../auth/session.server";
import type { Route } from "./+types/user.keep-alive";

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireSession(request, context);
  getSession(request, context).set("auth", { ...auth, lastActivityAt: Date.now() });
  return { ok: true };
}

export function loader() {
  throw redirect("/");
}

export default function KeepAlive() {
  return null;
}
