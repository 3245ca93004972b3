/** GET `/admin/gait/sessions/{id}/pose-log.json[?download=1]`: a gait session's pose log, streamed from its signed URL. */
import { fileRoute } from "../media/file-route.server";
import { adminGaitLog } from "../areas/admin/sessions/gait-sessions-route.server";
import type { Route } from "./+types/admin.gait.sessions.$sessionId.pose-log[.json]";

export const loader = fileRoute((args: Route.LoaderArgs) => adminGaitLog(args));
