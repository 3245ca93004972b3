/** `/telehealth/hands/`: a remote assessment over video (app/areas/telehealth/). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RemoteAssessmentPage } from "../areas/telehealth/telehealth-pages";
import { loadRemoteAssessment } from "../areas/telehealth/telehealth-route.server";

export const meta: MetaFunction = () => [{ title: "Telehealth | Exer Provider Portal" }];

export const loader = (args: LoaderFunctionArgs) => loadRemoteAssessment(args, "hands");

export default function TelehealthAssessmentRoute() {
  return <RemoteAssessmentPage data={useLoaderData<typeof loader>()} />;
}
