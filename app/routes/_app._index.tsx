/** `/`: the main route — on to the dashboard once the user has products (spec 000 §2.1). */
import { redirect } from "react-router";
import { currentUser } from "../auth/current-user.server";
import type { Route } from "./+types/_app._index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (user.organization.products.length > 0) throw redirect("/home/");
  return { firstName: user.firstName };
}

export default function Main({ loaderData }: Route.ComponentProps) {
  const { firstName } = loaderData;
  return (
    <section>
      <h1>Hi {firstName}</h1>
      <p>Your organization has no products yet.</p>
    </section>
  );
}
