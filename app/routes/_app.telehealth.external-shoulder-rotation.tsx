/** `/telehealth/external-shoulder-rotation/`: a remote assessment over video (app/areas/telehealth/). */
import { RemoteAssessmentPage } from "../areas/telehealth/telehealth-pages";
import { loadRemoteAssessment } from "../areas/telehealth/telehealth-route.server";
import type { Route } from "./+types/_app.telehealth.external-shoulder-rotation";

export const meta = (): Route.MetaDescriptors => [{ title: "Telehealth | Exer Provider Portal" }];

export const loader = (args: Route.LoaderArgs) => loadRemoteAssessment(args, "external-shoulder-rotation");

export default function TelehealthAssessmentRoute({ loaderData }: Route.ComponentProps) {
  return <RemoteAssessmentPage data={loaderData} />;
}
