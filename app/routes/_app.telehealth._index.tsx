/** `/telehealth/`: the remote assessments (app/areas/telehealth/). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TelehealthIndexPage } from "../areas/telehealth/telehealth-pages";
import { loadTelehealthIndex } from "../areas/telehealth/telehealth-route.server";
import telehealthStyles from "../areas/telehealth/telehealth.css";

export const meta: MetaFunction = () => [{ title: "Telehealth | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: telehealthStyles }];

export const loader = loadTelehealthIndex;

export default function TelehealthRoute() {
  return <TelehealthIndexPage data={useLoaderData<typeof loader>()} />;
}
