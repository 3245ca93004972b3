/**
 * `/programs/exercise-library/`: the Motion Library (001 §2.1) for Health users. All state is in the URL
 * (app/areas/programs/rules/exercise-filters.ts; `?exercise={id}` opens the detail drawer); the loader and the
 * favorite action live in app/areas/programs/library/library-route.server.ts.
 */
import { loadMotionLibrary, motionLibraryAction } from "../areas/programs/library/library-route.server";
import { MotionLibraryPage } from "../areas/programs/library/library-page";
import libraryStyles from "../areas/programs/library/library.css?url";
import type { Route } from "./+types/_app.programs.exercise-library";

export const meta = (): Route.MetaDescriptors => [{ title: "Motion Library | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: libraryStyles }];

export const loader = loadMotionLibrary;
export const action = motionLibraryAction;

export default function MotionLibraryRoute({ loaderData }: Route.ComponentProps) {
  return <MotionLibraryPage data={loaderData} />;
}
