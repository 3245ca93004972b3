/** `/admin/pros/responses/`: the unprocessed Typeform responses (003 §2). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProResponsesPage } from "../areas/admin/pros/pros-pages";
import { loadProResponses } from "../areas/admin/pros/pros-route.server";

export const meta: MetaFunction = () => [{ title: "PRO Responses | Exer Provider Portal" }];
export const loader = loadProResponses;

export default function AdminProResponsesRoute() {
  return <ProResponsesPage data={useLoaderData<typeof loader>()} />;
}
