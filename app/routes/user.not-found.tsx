/** `/user/not-found/`: signed in, but no known portal role (spec 000 §2.4, §6). */
import { Form, redirect } from "react-router";
import { getConfig } from "../config.server";
import { PROVIDER_NOT_FOUND_MESSAGE, resolveRole } from "../auth/roles";
import { sessionAuth } from "../auth/current-user.server";
import { AuthLayout } from "../components/auth-layout";
import { SubmitButton } from "../components/submit-button";
import type { Route } from "./+types/user.not-found";
import { requireSignedIn } from "../auth/current-user.server";

export const meta = (): Route.MetaDescriptors => [{ title: "Account not found | Exer Provider Portal" }];

/** Signed in (any groups): the session, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export async function loader({ context }: Route.LoaderArgs) {
  const auth = sessionAuth(context);
  // Users with a known role have nothing to do here.
  if (resolveRole(auth.groups).kind === "role") throw redirect("/");
  // Where providers ask for access: the help center.
  return { contactUrl: getConfig().helpCenterUrl };
}

export default function ProviderNotFound({ loaderData }: Route.ComponentProps) {
  const { contactUrl } = loaderData;
  return (
    <AuthLayout title="Provider account not found">
      <p>{PROVIDER_NOT_FOUND_MESSAGE}</p>
      <p>
        If you think this is a mistake, <a href={contactUrl} target="_blank" rel="noreferrer">
          contact us
        </a>
        .
      </p>
      <Form method="post" action="/user/logout/">
        <SubmitButton pendingText="Logging out…">Log Out</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
