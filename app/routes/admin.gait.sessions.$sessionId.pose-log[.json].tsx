/** GET `/admin/gait/sessions/{id}/pose-log.json[?download=1]`: a gait session's pose log, streamed from its signed URL. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminGaitLog } from "../areas/admin/sessions/gait-sessions-route.server";

export const loader = (args: LoaderFunctionArgs) => adminGaitLog(args);
