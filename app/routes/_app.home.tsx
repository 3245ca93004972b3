/** `/home/`: the dashboard (its cards come in a later step). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/user.server";

export const meta: MetaFunction = () => [{ title: "Home | Exer Provider Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { firstName: user.firstName };
}

export default function Home() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <section className="dashboard">
      <h1>Hi {firstName}</h1>
    </section>
  );
}
