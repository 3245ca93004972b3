/** GET `/scan/sessions/{id}/pose-log.json`: a scan session's pose log (app/areas/scan/pose-log-route.server.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { poseLogResponse } from "../areas/scan/pose-log-route.server";

export const loader = (args: LoaderFunctionArgs) => poseLogResponse(args);
