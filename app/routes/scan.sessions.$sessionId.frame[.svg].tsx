/** GET `/scan/sessions/{id}/frame.svg?frame=n`: one frame of the session's pose log as SVG (the no-JS replay). */
import { fileRoute } from "../media/file-route.server";
import { frameSvgResponse } from "../areas/scan/replay/replay-route.server";
import type { Route } from "./+types/scan.sessions.$sessionId.frame[.svg]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => frameSvgResponse(args));
