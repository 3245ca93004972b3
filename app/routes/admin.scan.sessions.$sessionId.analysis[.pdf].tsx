/** GET `/admin/scan/sessions/{sessionUUID}/analysis.pdf?org=&age=&sex=`: the admin analysis dialog's PDF (the shared render-pdf code). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminAnalysisPdf } from "../areas/admin/sessions/scan-replay-route.server";

export const loader = (args: LoaderFunctionArgs) => adminAnalysisPdf(args);
