/** `/`: the main route — on to the dashboard once the user has products (spec 000 §2.1). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (user.organization.products.length > 0) throw redirect("/home/");
  return { firstName: user.firstName };
}

export default function Main() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Hi {firstName}</h1>
      <p>Your organization has no products yet.</p>
    </section>
  );
}
