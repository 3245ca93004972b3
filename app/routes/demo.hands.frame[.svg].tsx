/** GET `/demo/hands/frame.svg?frame=n`: a frame of the sample hands log as SVG (the demo without JavaScript). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handsDemoFrame } from "../areas/telehealth/telehealth-route.server";

export const loader = (args: LoaderFunctionArgs) => handsDemoFrame(args);
