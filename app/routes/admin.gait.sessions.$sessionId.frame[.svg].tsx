/** GET `/admin/gait/sessions/{id}/frame.svg?frame=n`: one frame of a gait session's pose log as SVG (the replay without JavaScript). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminGaitFrameSvg } from "../areas/admin/sessions/gait-sessions-route.server";

export const loader = (args: LoaderFunctionArgs) => adminGaitFrameSvg(args);
