/** GET `/admin/scan/sessions/{sessionUUID}/log.json[?download=1]`: the session's pose (else hands) log, streamed from its signed URL. */
import { fileRoute } from "../media/file-route.server";
import { adminScanLog } from "../areas/admin/sessions/scan-replay-route.server";
import type { Route } from "./+types/admin.scan.sessions.$sessionId.log[.json]";

export const loader = fileRoute((args: Route.LoaderArgs) => adminScanLog(args));
