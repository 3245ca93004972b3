/** GET `/admin/scan/sessions/{sessionUUID}/frame.svg?frame=n`: one replay frame as SVG (the admin replay without JavaScript). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminScanFrameSvg } from "../areas/admin/sessions/scan-replay-route.server";

export const loader = (args: LoaderFunctionArgs) => adminScanFrameSvg(args);
