/** GET `/demo/hands/frame.svg?frame=n`: a frame of the sample hands log as SVG (the demo without JavaScript). */
import { fileRoute } from "../media/file-route.server";
import { handsDemoFrame } from "../areas/telehealth/telehealth-route.server";
import type { Route } from "./+types/demo.hands.frame[.svg]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => handsDemoFrame(args));
