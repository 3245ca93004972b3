/** GET `/admin/scan/sessions/{sessionUUID}/log.json[?download=1]`: the session's pose (else hands) log, streamed from its signed URL. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminScanLog } from "../areas/admin/sessions/scan-replay-route.server";

export const loader = (args: LoaderFunctionArgs) => adminScanLog(args);
