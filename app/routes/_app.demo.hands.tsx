/** `/demo/hands/`: a sample hands log in the replay viewer; `?frame=n`, `?tab=` (app/areas/telehealth/). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HandsDemoPage } from "../areas/telehealth/telehealth-pages";
import { loadHandsDemo } from "../areas/telehealth/telehealth-route.server";
import replayStyles from "../replay/replay.css";

export const meta: MetaFunction = () => [{ title: "Hands demo | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadHandsDemo;

export default function HandsDemoRoute() {
  return <HandsDemoPage data={useLoaderData<typeof loader>()} />;
}
