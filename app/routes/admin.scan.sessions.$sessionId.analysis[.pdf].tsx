/** GET `/admin/scan/sessions/{sessionUUID}/analysis.pdf?org=&age=&sex=`: the admin analysis dialog's PDF (the shared render-pdf code). */
import { fileRoute } from "../media/file-route.server";
import { PDF_FAILED } from "../api/scan.server";
import { adminAnalysisPdf } from "../areas/admin/sessions/scan-replay-route.server";
import type { Route } from "./+types/admin.scan.sessions.$sessionId.analysis[.pdf]";

export const loader = fileRoute((args: Route.LoaderArgs) => adminAnalysisPdf(args), { failed: PDF_FAILED });
