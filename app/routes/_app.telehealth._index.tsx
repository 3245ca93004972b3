/** `/telehealth/`: the remote assessments (app/areas/telehealth/). */
import { TelehealthIndexPage } from "../areas/telehealth/telehealth-pages";
import { loadTelehealthIndex } from "../areas/telehealth/telehealth-route.server";
import telehealthStyles from "../areas/telehealth/telehealth.css?url";
import type { Route } from "./+types/_app.telehealth._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Telehealth | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: telehealthStyles }];

export const loader = loadTelehealthIndex;

export default function TelehealthRoute({ loaderData }: Route.ComponentProps) {
  return <TelehealthIndexPage data={loaderData} />;
}
