/** GET `/admin/scan/sessions/{sessionUUID}/frame.svg?frame=n`: one replay frame as SVG (the admin replay without JavaScript). */
import { fileRoute } from "../media/file-route.server";
import { adminScanFrameSvg } from "../areas/admin/sessions/scan-replay-route.server";
import type { Route } from "./+types/admin.scan.sessions.$sessionId.frame[.svg]";

export const loader = fileRoute((args: Route.LoaderArgs) => adminScanFrameSvg(args));
