/**
 * `/programs/templates/builder/`: the program and template builder (001 §2.2, §4), started by the URLs of
 * domain/program-builder.ts (`action`, `templateId`, `patientRecordId`, `hepId`, `from`), with the step in
 * `step` and step 0's preview in `preview`. The loader and action live in the area (builder.server.ts).
 */
import type { ShouldRevalidateFunction } from "react-router";
import { builderAction, loadBuilder } from "../areas/programs/builder/builder.server";
import { BuilderPage } from "../areas/programs/builder/builder-page";
import type { BuilderView } from "../areas/programs/builder/builder-view";
import libraryStyles from "../areas/programs/library/library.css?url";
import sortableStyles from "../islands/sortable-list.css?url";
import builderStyles from "../areas/programs/builder/builder.css?url";
import type { Route } from "./+types/_app.programs.templates.builder";

export const meta = (): Route.MetaDescriptors => [{ title: "Program Builder | Exer Provider Portal" }];
/** The library's styles: step 2 shows its filter panel, cards and grid. */
export const links = () => [
  { rel: "stylesheet", href: libraryStyles },
  { rel: "stylesheet", href: sortableStyles },
  { rel: "stylesheet", href: builderStyles },
];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = loadBuilder;
export const action = builderAction;

/** A post's answer is the whole page (the draft is in it): the loader's data is not needed again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  formMethod === "POST" && actionResult && typeof actionResult === "object" && "kind" in actionResult ? false : defaultShouldRevalidate;

export default function ProgramBuilderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const loaded = loaderData as BuilderView;
  const posted = actionData as BuilderView | undefined;
  return <BuilderPage view={posted ?? loaded} />;
}
