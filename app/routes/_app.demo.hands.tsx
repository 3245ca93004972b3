/** `/demo/hands/`: a sample hands log in the replay viewer; `?frame=n`, `?tab=` (app/areas/telehealth/). */
import { HandsDemoPage } from "../areas/telehealth/hands-demo-page";
import { loadHandsDemo } from "../areas/telehealth/telehealth-route.server";
import replayStyles from "../replay/replay.css?url";
import type { Route } from "./+types/_app.demo.hands";

export const meta = (): Route.MetaDescriptors => [{ title: "Hands demo | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadHandsDemo;

export default function HandsDemoRoute({ loaderData }: Route.ComponentProps) {
  return <HandsDemoPage data={loaderData} />;
}
