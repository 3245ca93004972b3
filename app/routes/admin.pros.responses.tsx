/** `/admin/pros/responses/`: the unprocessed Typeform responses (003 §2). */
import { ProResponsesPage } from "../areas/admin/pros/pros-pages";
import { loadProResponses } from "../areas/admin/pros/pros-route.server";
import type { Route } from "./+types/admin.pros.responses";

export const meta = (): Route.MetaDescriptors => [{ title: "PRO Responses | Exer Provider Portal" }];
export const loader = loadProResponses;

export default function AdminProResponsesRoute({ loaderData }: Route.ComponentProps) {
  return <ProResponsesPage data={loaderData} />;
}
