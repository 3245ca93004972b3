/** `/user/not-found/`: signed in, but no known portal role (spec 000 §2.4, §6). */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { getConfig } from "../config.server";
import { PROVIDER_NOT_FOUND_MESSAGE, resolveRole } from "../auth/roles";
import { requireSession } from "../auth/user.server";
import { AuthLayout } from "../components/auth-layout";
import { SubmitButton } from "../components/submit-button";

export const meta: MetaFunction = () => [{ title: "Account not found | Exer Provider Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = requireSession(request, context);
  // Users with a known role have nothing to do here.
  if (resolveRole(auth.groups).kind === "role") throw redirect("/");
  // Where providers ask for access: the help center.
  return { contactUrl: getConfig().helpCenterUrl };
}

export default function ProviderNotFound() {
  const { contactUrl } = useLoaderData<typeof loader>();
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
