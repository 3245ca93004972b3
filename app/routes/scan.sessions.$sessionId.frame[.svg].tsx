/** GET `/scan/sessions/{id}/frame.svg?frame=n`: one frame of the session's pose log as SVG (the no-JS replay). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { frameSvgResponse } from "../areas/scan/replay/replay-route.server";

export const loader = (args: LoaderFunctionArgs) => frameSvgResponse(args);
