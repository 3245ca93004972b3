/**
 * `/user/logout/`: sign out — revoke the tokens where supported, clear the session (and the saved filter
 * with it), back to login. A POST does it; so does a GET from this site (the sidebar's link). A GET from
 * elsewhere (or from a client that does not say where it comes from) asks first, so other sites cannot log
 * users out.
 */
import { Form, redirect } from "react-router";
import { getSession } from "../auth/session.server";
import { signOut } from "../auth/user.server";
import { AuthLayout } from "../components/auth-layout";
import { SubmitButton } from "../components/submit-button";
import type { Route } from "./+types/user.logout";

export const meta = (): Route.MetaDescriptors => [{ title: "Log Out | Exer Provider Portal" }];

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!getSession(request, context).get("auth")) throw redirect("/user/login/");
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "same-origin" || site === "none") return signOut(request, context);
  return null;
}

export default function Logout() {
  return (
    <AuthLayout title="Log out">
      <Form method="post" className="stack">
        <p>Do you want to log out of the portal?</p>
        <SubmitButton pendingText="Logging out…">Log Out</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
