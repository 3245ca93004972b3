/** GET `/admin/gait/sessions/{id}/frame.svg?frame=n`: one frame of a gait session's pose log as SVG (the replay without JavaScript). */
import { fileRoute } from "../media/file-route.server";
import { adminGaitFrameSvg } from "../areas/admin/sessions/gait-sessions-route.server";
import type { Route } from "./+types/admin.gait.sessions.$sessionId.frame[.svg]";

export const loader = fileRoute((args: Route.LoaderArgs) => adminGaitFrameSvg(args));
