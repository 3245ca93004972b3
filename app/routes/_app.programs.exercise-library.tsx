/**
 * `/programs/exercise-library/`: the Motion Library (001 §2.1) for Health users. All state is in the URL
 * (app/areas/programs/rules/exercise-filters.ts; `?exercise={id}` opens the detail drawer); the loader and the
 * favorite action live in app/areas/programs/library/library-route.server.ts.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadMotionLibrary, motionLibraryAction } from "../areas/programs/library/library-route.server";
import { MotionLibraryPage } from "../areas/programs/library/library-page";
import libraryStyles from "../areas/programs/library/library.css";

export const meta: MetaFunction = () => [{ title: "Motion Library | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: libraryStyles }];

export const loader = loadMotionLibrary;
export const action = motionLibraryAction;

export default function MotionLibraryRoute() {
  return <MotionLibraryPage data={useLoaderData<typeof loader>()} />;
}
