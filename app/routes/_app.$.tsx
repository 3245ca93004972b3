/**
 * Any unknown URL (000 §2.1): the not-found page with status 404, rendered inside the shell by the layout's
 * error boundary. Like every page that is not public, it asks signed-out visitors to sign in first (and
 * comes back here afterwards).
 */
import { data } from "react-router";
import { currentUser } from "../auth/current-user.server";
import type { Route } from "./+types/_app.$";

export async function loader({ context }: Route.LoaderArgs) {
  currentUser(context);
  throw data(null, { status: 404 });
}

export async function action({ context }: Route.ActionArgs) {
  currentUser(context);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
