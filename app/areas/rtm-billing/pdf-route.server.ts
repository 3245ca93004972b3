/**
 * GET `/rtm-billing/cycles/{id}.pdf` and `/rtm-billing/monthly-summaries/{id}.pdf`: the cycle's and the
 * patient's month PDF (002 §2, §7), rendered by the API, fetched from its signed URL on the server and streamed
 * to the browser (opened in a new tab), never cached. Out of the user's reach (or unknown): 404; another failure:
 * 502 — both 'Failed to fetch PDF' (002 §8) in the portal's page in that tab (the route's fileRoute).
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { getRtmPdf } from "../../api/rtm.server";
import { requireProduct } from "../../auth/current-user.server";
import { isUuid, PDF_FAILED } from "./rules/worklist";

export async function rtmPdfResponse({ request, context }: LoaderFunctionArgs, kind: "cycle" | "month", id: string | undefined): Promise<Response> {
  requireProduct(context, "HEALTH");
  const noStore = { "Cache-Control": "no-store" };
  if (!isUuid(id)) throw data(null, { status: 404, headers: noStore });
  const pdf = await getRtmPdf(request, context, kind, id);
  if (pdf.error) {
    throw data({ message: PDF_FAILED }, { status: pdf.error.status === 404 || pdf.error.status === 400 ? 404 : 502, headers: noStore });
  }
  return new Response(pdf.data, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${kind === "cycle" ? "rtm-cycle" : "rtm-month"}.pdf"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
